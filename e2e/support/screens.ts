/** The product's screens for suites that go through all of them (accessibility, console noise, forms). */
import { screenPatterns } from '@backoffice/contracts/routes';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** One record of each kind: its list screen, the API list it comes from, and its id field. */
const RECORDS = [
  ['/masterdata/jurisdictions', '/api/jurisdictions'],
  ['/casinos/manage', '/api/casinos'],
  ['/games/manage', '/api/games', 'gameId'],
  ['/games/versions', '/api/game-versions'],
  ['/integrations/manage', '/api/integrations'],
  ['/bridges/manage', '/api/bridges'],
  ['/users/manage', '/api/users'],
] as const;

/** The first item an API list gives the signed-in user of `page` (the suite fails when it is empty). */
export async function firstOf<Item = Record<string, string>>(page: Page, list: string): Promise<Item> {
  const response = await page.request.get(`${list}?pageSize=1`);
  const [first] = ((await response.json()) as { items: Item[] }).items;
  expect(first, list).toBeTruthy();
  return first!;
}

/**
 * Every screen without a parameter, and the screen of the first record of each kind, as the signed-in
 * user of `page` may open them.
 */
export async function everyScreen(page: Page): Promise<string[]> {
  const records: string[] = [];
  for (const [screen, list, field = 'id'] of RECORDS) {
    const id = (await firstOf(page, list))[field];
    expect(id, list).toBeTruthy();
    records.push(`${screen}/${encodeURIComponent(id!)}`);
  }
  // The push screen of that integration (sync state, changes to deliver, push history).
  const integration = records.find((record) => record.startsWith('/integrations/manage/'))!;
  return [
    ...screenPatterns.filter((pattern) => !pattern.includes(':') && pattern !== '/logout'),
    ...records,
    `${integration}/push`,
  ];
}

/** Opens a screen and waits until it has settled. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('user-area').waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * What `scope` shows cut short: badges (a round's status "ABGESC…" for "Abgeschlossen") and selects whose
 * text overflows them; `found` counts the badges looked at.
 */
export async function cutShort(page: Page, scope = 'main'): Promise<{ found: number; cut: string[] }> {
  return page.evaluate((selector) => {
    const overflowing = (element: Element) => element.scrollWidth > element.clientWidth + 1;
    const within = Array.from(document.querySelectorAll(selector));
    const all = (query: string) => within.flatMap((root) => Array.from(root.querySelectorAll(query)));
    const badges = all('.mantine-Badge-root');
    const cutBadges = badges
      .flatMap((badge) => [badge, ...Array.from(badge.querySelectorAll('.mantine-Badge-label'))])
      .filter(overflowing)
      .map((badge) => `badge "${badge.textContent}"`);
    const cutSelects = all('.mantine-Select-input')
      .filter(overflowing)
      .map((input) => `select "${(input as HTMLInputElement).value}"`);
    return { found: badges.length, cut: [...new Set([...cutBadges, ...cutSelects])] };
  }, scope);
}
