/**
 * Player support in Chromium against the built product and its demo platform data: the player look-up as
 * a support agent (who sees personal data) and as QA (who does not), in English and German.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReason, url, useBrowser } from './support/browser';

/** The demo's first player of the casino liberty-reels (the demo data is the same for every start). */
const CASINO = 'liberty-reels';
const PLAYER = 'player-000000';

/** The value cell of a field row of the opened player. */
const fieldValue = (page: Page, label: string) =>
  page
    .getByRole('row', { name: new RegExp(`^${label}`) })
    .getByRole('cell')
    .last();

describe.skipIf(!!skipReason)('support', () => {
  const browser = useBrowser();

  it('finds a player by nickname and opens them with personal data and their newest rounds (support, English)', async () => {
    const page = await browser.open({ role: 'support', language: 'en' });
    await page.goto(url('/support/player'));
    await page.getByRole('heading', { name: 'Player', exact: true }).waitFor();
    const nickname = page.getByLabel('Nickname, e-mail or name');
    await nickname.fill('RoyalNight0');
    await page.getByRole('button', { name: 'Search' }).click();
    const result = page.getByRole('row').filter({ hasText: PLAYER });
    await result.first().waitFor();
    // The agent sees the e-mail in the result list.
    expect(await result.first().textContent()).toMatch(/@example\.com/);
    await result.first().getByRole('button', { name: PLAYER }).click();

    await page.getByRole('heading', { name: `Player ${PLAYER} in ${CASINO}` }).waitFor();
    expect(await fieldValue(page, 'E-mail').textContent()).toMatch(/@example\.com$/);
    expect(await fieldValue(page, 'Nickname').textContent()).toBe('RoyalNight0');
    const rounds = page.getByRole('table', { name: 'Last game rounds' }).getByRole('row');
    // A header row and the player's newest rounds.
    await expect.poll(() => rounds.count()).toBeGreaterThan(1);
    expect(new URL(page.url()).searchParams.get('player')).toBe(PLAYER);
  });

  it('shows QA a player without personal data (German)', async () => {
    const page = await browser.open({ role: 'qa', language: 'de' });
    await page.goto(url(`/support/player?playerId=${PLAYER}&casino=${CASINO}&player=${PLAYER}`));
    await page.getByRole('heading', { name: `Spieler ${PLAYER} in ${CASINO}` }).waitFor();
    expect(await fieldValue(page, 'E-Mail').textContent()).toBe('Für Ihre Rolle nicht sichtbar');
    expect(await fieldValue(page, 'Nachname').textContent()).toBe('Für Ihre Rolle nicht sichtbar');
    expect(await fieldValue(page, 'Nickname').textContent()).toBe('RoyalNight0');
    expect(await page.content()).not.toMatch(/@example\.com/);
  });
});
