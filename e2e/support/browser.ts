/** Debian's Chromium through playwright-core, one browser per spec file and a fresh context per test. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const skipReason = inject('skipReason');
export const baseUrl = skipReason ? '' : inject('baseUrl');

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
    async open(options: { language?: 'de' | 'en' } = {}): Promise<Page> {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: baseUrl });
      contexts.push(context);
      if (options.language) {
        await context.addCookies([{ name: 'lang', value: options.language, url: baseUrl }]);
      }
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
  };
}
