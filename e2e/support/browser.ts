/** Debian's Chromium through playwright-core, one browser per spec file and a fresh context per test. */
import type { Role } from '@backoffice/contracts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export { CHROMIUM_ARGS } from './chromium';
import { CHROMIUM_ARGS } from './chromium';

export const skipReason = inject('skipReason');
export const baseUrl = skipReason ? '' : inject('baseUrl');
/** The product's own bridge simulator (on free ports the global setup chose): protocol and control URLs. */
export const simulatorUrl = skipReason ? '' : inject('simulatorUrl');
export const simulatorControlUrl = skipReason ? '' : inject('simulatorControlUrl');

/** The demo users `npm start` creates: one per role. */
export function demoUser(role: Role) {
  return { email: `${role}@backoffice.local`, password: `demo-${role}-password` };
}

/** Signs in through the real sign-in page, as a person would, and waits for the app. */
export async function signIn(page: Page, role: Role, returnTo = '/'): Promise<void> {
  const { email, password } = demoUser(role);
  // Relative to the page's context: the shared product, or one a spec started for itself.
  await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type=submit]').click();
  await page.getByTestId('user-area').waitFor();
}

export function url(path: string): string {
  return new URL(path, baseUrl).toString();
}

/** Registers the browser lifecycle of a spec file; `open()` gives a new page in a clean context. */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (skipReason) return;
    browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    /**
     * A new page in a clean context of the shared product (or of `baseUrl`); signed in as the demo user of
     * `role` unless it is null.
     */
    async open(
      options: { language?: 'de' | 'en'; role?: Role | null; baseUrl?: string } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const base = options.baseUrl ?? baseUrl;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base });
      contexts.push(context);
      if (options.language) {
        await context.addCookies([{ name: 'lang', value: options.language, url: base }]);
      }
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const role = options.role === undefined ? 'admin' : options.role;
      if (role) await signIn(page, role);
      return page;
    },
  };
}

/** Types the shown confirmation text into the open dialog (spec §5) and presses its button. */
export async function confirmWith(page: Page, text: string, button: string): Promise<void> {
  // The confirmation itself, not a popover (a calendar, say) that may be open beside it.
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-input') });
  await dialog.waitFor();
  const confirm = dialog.getByRole('button', { name: button });
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByTestId('confirm-input').fill(text);
  expect(await confirm.isDisabled()).toBe(false);
  await confirm.click();
  await dialog.waitFor({ state: 'detached' });
}
