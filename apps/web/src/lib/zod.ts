/**
 * The web app's zod (the build resolves every `import … from 'zod'` here, contracts included: see
 * vite.config.ts). It is zod itself, speaking the contracts' plain sentences (`validationMessage`, the same
 * as the server's 400 answers) in the page's language — read from `<html lang>`, which the app sets with
 * the language — so that zod, the largest library the forms need, loads with the first screen that
 * validates, not with the app's start.
 */
import { validationMessage, type ValidationIssue } from '@backoffice/contracts/validation-messages';
import { config } from 'zod/v4';

export * from 'zod/v4';
export { default } from 'zod/v4';

function followPageLanguage(): void {
  const language = document.documentElement.lang === 'de' ? 'de' : 'en';
  config({ localeError: (issue) => validationMessage(issue as ValidationIssue, language) });
}

followPageLanguage();
new MutationObserver(followPageLanguage).observe(document.documentElement, {
  attributes: true,
  attributeFilter: ['lang'],
});
