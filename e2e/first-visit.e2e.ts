/**
 * The first page as a signed-in browser loads it (issue 16, item 5): every script Chromium fetches from
 * the sign-in's redirect until the home page settles — dynamic imports that run at start included — is
 * counted gzipped against the build's budget (tools/check-bundle-budget.mjs), and every script and style
 * of any size comes compressed (brotli), from the build's pre-compressed files, cached for good.
 */
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain ES module of the build tools, without type declarations
import { BUDGET_BYTES } from '../tools/check-bundle-budget.mjs';
import { demoUser, skipReason, useBrowser } from './support/browser';
import { everyScreen, visit } from './support/screens';

interface Fetched {
  path: string;
  encoding: string | undefined;
  cacheControl: string | undefined;
  /** Bytes on the wire (as sent, compressed). */
  wire: number;
  /** The script gzipped, as the budget counts it. */
  gzip: number;
}

describe.skipIf(!!skipReason)('first visit', () => {
  const browser = useBrowser();

  it('fetches at most the budget of JavaScript before the signed-in home page settles, compressed', async () => {
    const page = await browser.open({ role: null, language: 'de' });
    const { email, password } = demoUser('admin');
    await page.goto('/auth/login?returnTo=%2F');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);

    const pending: Promise<Fetched | null>[] = [];
    page.on('response', (response: Response) => {
      const path = new URL(response.url()).pathname;
      if (!/\.(js|css)$/.test(path)) return;
      pending.push(
        (async () => {
          const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
          const headers = await response.allHeaders();
          return {
            path,
            encoding: headers['content-encoding'],
            cacheControl: headers['cache-control'],
            wire: sizes.responseBodySize,
            gzip: gzipSync(body).length,
          };
        })().catch(() => null),
      );
    });
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('user-area').waitFor();
    await page.waitForLoadState('networkidle');
    const fetched = (await Promise.all(pending)).filter((item): item is Fetched => item !== null);

    const scripts = fetched.filter((item) => item.path.endsWith('.js'));
    const gzipTotal = scripts.reduce((sum, item) => sum + item.gzip, 0);
    const wireTotal = scripts.reduce((sum, item) => sum + item.wire, 0);
    console.log(
      `first visit: ${scripts.length} scripts, ${(gzipTotal / 1024).toFixed(1)} KB gzipped ` +
        `(${(wireTotal / 1024).toFixed(1)} KB on the wire), budget ${BUDGET_BYTES / 1024} KB`,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipTotal).toBeLessThanOrEqual(BUDGET_BYTES);
    // No form validation library and no other screen's code before the first form is opened.
    expect(
      scripts.map((item) => item.path).filter((path) => /\/(zod|casinos|reporting)-/.test(path)),
    ).toEqual([]);
    for (const item of fetched) {
      expect(item.cacheControl, item.path).toBe('public, max-age=31536000, immutable');
      // Files below 1 KB are not worth compressing; everything larger comes as brotli.
      if (item.gzip >= 1024) expect(item.encoding, item.path).toBe('br');
    }
  });

  it.each(['de', 'en'] as const)(
    'says nothing in the console while a signed-in admin goes through every screen (%s)',
    async (language) => {
      const page = await browser.open({ language });
      const noise: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') noise.push(message.text());
      });
      page.on('pageerror', (error) => noise.push(error.message));
      page.on('response', (response) => {
        // A missing file (the favicon, an icon, a chunk) is noise too, though not every browser logs it.
        if (response.status() === 404) noise.push(`404 ${new URL(response.url()).pathname}`);
      });
      await page.goto('/');
      for (const path of await everyScreen(page)) await visit(page, path);
      expect(noise).toEqual([]);
    },
    300_000,
  );
});
