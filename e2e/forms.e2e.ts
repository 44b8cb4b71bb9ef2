/**
 * Validation speaks plainly (issue 17, item 1): every form of the product, submitted empty in German and in
 * English, sends nothing and shows only sentences a colleague would write — never the validation library's
 * own wording — and the sentences name their field where they can ("Enter a name.", "The RTP is at most
 * 100 %.").
 */
import { screenPatterns } from '@backoffice/contracts/routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason, useBrowser } from './support/browser';
import { visit } from './support/screens';

/** How the validation library words its messages, in English and German. */
const LIBRARY_WORDING =
  /expected|received|Invalid|Too small|Too big|Ungültig|Zu klein|Zu groß|erwartet|[<>]=/;

/** The screens that create or add a record: each has a form whose empty submit must be refused. */
const FORMS = screenPatterns.filter((pattern) => /\/(create|add)$/.test(pattern));

/** The messages shown under the page's fields. */
async function fieldErrors(page: Page): Promise<string[]> {
  return (await page.locator('main [id$="-error"]').allInnerTexts()).map((text) => text.trim());
}

/** Counts the API writes the page sends from now on. */
function countWrites(page: Page): () => number {
  let writes = 0;
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/')) writes++;
  });
  return () => writes;
}

describe.skipIf(!!skipReason)('form validation', () => {
  const browser = useBrowser();

  it.each(['de', 'en'] as const)(
    'refuses every form submitted empty with plain sentences only (%s)',
    async (language) => {
      expect(FORMS.length).toBeGreaterThanOrEqual(10);
      const page = await browser.open({ language });
      const writes = countWrites(page);
      const found: string[] = [];
      const shown = new Set<string>();
      for (const path of FORMS) {
        await visit(page, path);
        await page.locator('main form button[type="submit"]').first().click();
        await expect.poll(() => fieldErrors(page), { message: path }).not.toEqual([]);
        for (const message of await fieldErrors(page)) {
          shown.add(message);
          if (LIBRARY_WORDING.test(message) || !/[.!]$/.test(message)) found.push(`${path}: ${message}`);
        }
      }
      console.log([...shown].join('\n'));
      expect(found).toEqual([]);
      expect(writes()).toBe(0);
    },
    300_000,
  );

  it('names the field in its sentences, in both languages', async () => {
    for (const [language, name, rtp, nameMessage, rtpMessage] of [
      ['en', 'Name', 'Theoretical RTP', 'Enter a name.', 'The RTP is at most 100 %.'],
      ['de', 'Name', 'Theoretischer RTP', 'Geben Sie einen Namen ein.', 'Der RTP beträgt höchstens 100 %.'],
    ] as const) {
      const page = await browser.open({ language });
      await visit(page, '/games/manage/create');
      await page.getByLabel(rtp).fill('101');
      await page.locator('main form button[type="submit"]').first().click();
      const errorOf = (label: string) =>
        page.getByLabel(new RegExp(`^${label}`)).evaluate((input) => {
          const id = input
            .getAttribute('aria-describedby')
            ?.split(' ')
            .find((ref) => ref.endsWith('-error'));
          return id ? (document.getElementById(id)?.textContent ?? '') : '';
        });
      await expect.poll(() => errorOf(rtp)).toBe(rtpMessage);
      expect(await errorOf(name)).toBe(nameMessage);
    }
  });
});
