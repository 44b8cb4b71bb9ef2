/**
 * The web app's zod (the build resolves every `import … from 'zod'` here, contracts included: see
 * vite.config.ts). It is zod itself, with its messages in the page's language — read from `<html lang>`,
 * which the app sets with the language — so that zod, the largest library the forms need, loads with the
 * first screen that validates, not with the app's start; and only the two locales the app speaks.
 */
import { config } from 'zod/v4';
import de from 'zod/v4/locales/de.js';
import en from 'zod/v4/locales/en.js';

export * from 'zod/v4';
export { default } from 'zod/v4';

function followPageLanguage(): void {
  config((document.documentElement.lang === 'de' ? de : en)());
}

followPageLanguage();
new MutationObserver(followPageLanguage).observe(document.documentElement, {
  attributes: true,
  attributeFilter: ['lang'],
});
