/**
 * Player support's actions in Chromium against the built product, its demo data and its own bridge
 * simulator, as an agent would try them: in English and in German, find a stuck round, see the refund
 * refused for a round the player won, book its win and see the booking and the bridge's answer in the
 * timeline, refund another, close a third without booking, soft- then hard-delete a savegame; a close
 * while the bridge hangs stays pending and one retry books it once; 20 concurrent closes give one booking.
 * The simulator's own booking list is the proof of what was booked.
 */
import { readFileSync } from 'node:fs';
import { errorMessage, type Language } from '@backoffice/contracts';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { skipReason, url, useBrowser } from './support/browser';
import { bookingsOf, setSimulatorMode as setMode } from './support/simulator';

/** The web app's own texts of player support, so that the spec follows them in both languages. */
function texts(language: Language) {
  const all = JSON.parse(
    readFileSync(new URL(`../apps/web/src/i18n/support.${language}.json`, import.meta.url), 'utf8'),
  ) as { support: Record<string, Record<string, unknown>> };
  const text = (section: string, key: string) => String(all.support[section]![key]);
  return {
    text,
    outcome: (key: string) => String((all.support.timeline!.outcomes as Record<string, string>)[key]),
  };
}

/** Opens a round's page and waits for its close section or closure. */
async function openRound(page: Page, casinoId: string, roundId: string) {
  await page.goto(url(`/support/last-game-rounds/${roundId}?casinoId=${casinoId}`));
  await page
    .getByRole('heading', { name: new RegExp(roundId) })
    .first()
    .waitFor();
}

/** Chooses a booking type, gives the reason and types the round id; waits for the dialog to close. */
async function closeWith(page: Page, button: RegExp, roundId: string, reasonLabel: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByLabel(reasonLabel).fill('Player disconnected, confirmed by phone');
  await dialog.getByTestId('confirm-input').fill(roundId);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

describe.skipIf(!!skipReason)('support actions', () => {
  const browser = useBrowser();
  afterEach(async () => {
    if (!skipReason) await setMode('normal');
  });

  for (const { language, casino } of [
    { language: 'en', casino: 'liberty-reels' },
    { language: 'de', casino: 'nordic-star' },
  ] as const) {
    it(`closes stuck rounds three ways and deletes a savegame (${language})`, async () => {
      const { text, outcome } = texts(language);
      const page = await browser.open({ role: 'support', language });
      const won = `support-stuck-win-${casino}`;

      // The player's stuck rounds in the casino: open, older than 10 days.
      await page.goto(
        url(`/support/last-game-rounds?casinoIds=${casino}&playerId=player-000000&olderThan=10`),
      );
      const row = page.getByRole('row').filter({ hasText: won });
      await row.first().waitFor();
      await row.first().getByRole('link', { name: won }).click();
      await page
        .getByRole('heading', { name: new RegExp(won) })
        .first()
        .waitFor();

      // Refund is refused for a round the player won, with the reason; the win is booked.
      const refund = page.getByRole('button', {
        name: new RegExp(escape(text('close', 'refund').split(' (')[0]!)),
      });
      expect(await refund.first().getAttribute('aria-disabled')).toBe('true');
      await page.getByText(errorMessage('REFUND_AFTER_WIN', language)).first().waitFor();
      await closeWith(
        page,
        new RegExp(escape(text('close', 'win').split(' (')[0]!)),
        won,
        text('reason', 'label'),
      );
      await page.getByText(text('closure', 'closedTitle')).first().waitFor();
      const timeline = page.getByRole('region', { name: text('timeline', 'title') });
      await timeline.getByText(outcome('booked')).first().waitFor();
      expect(await timeline.textContent()).toContain('/bookings/win');
      expect(await bookingsOf(won)).toEqual([expect.objectContaining({ type: 'win' })]);

      // Refund the bet of another round.
      const bet = `support-stuck-bet-${casino}`;
      await openRound(page, casino, bet);
      await closeWith(
        page,
        new RegExp(escape(text('close', 'refund').split(' (')[0]!)),
        bet,
        text('reason', 'label'),
      );
      await page.getByText(text('closure', 'closedTitle')).first().waitFor();
      expect(await bookingsOf(bet)).toEqual([expect.objectContaining({ type: 'refund' })]);

      // Close a third without booking: nothing reaches the bridge.
      const recent = `support-recent-bet-${casino}`;
      await openRound(page, casino, recent);
      await closeWith(page, new RegExp(escape(text('close', 'none'))), recent, text('reason', 'label'));
      await page.getByText(text('closure', 'closedTitle')).first().waitFor();
      expect(await bookingsOf(recent)).toEqual([]);

      // The player's savegame: soft, then hard delete.
      await page.goto(url(`/support/player?playerId=player-000000&casino=${casino}&player=player-000000`));
      const savegames = page.getByRole('table', { name: String(text('savegames', 'title')) });
      await savegames.waitFor();
      // "Soft delete the savegame of {{gameId}}": the game id is what the agent types.
      const softName = new RegExp(
        `^${escape(text('savegames', 'softNamed')).replace('\\{\\{gameId\\}\\}', '([\\w.-]+)')}$`,
      );
      const soft = savegames.getByRole('button', { name: softName }).first();
      const gameId = softName.exec((await soft.getAttribute('aria-label')) ?? '')?.[1] ?? '';
      expect(gameId).not.toBe('');
      await soft.click();
      let dialog = page.getByRole('dialog');
      await dialog.getByLabel(text('reason', 'label')).fill('Player asked for a fresh start');
      await dialog.getByTestId('confirm-input').fill(gameId);
      await dialog.getByRole('button', { name: new RegExp(escape(text('savegames', 'soft'))) }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(text('savegames', 'softDone').replace('{{gameId}}', gameId)).first().waitFor();
      await savegames
        .getByRole('button', { name: text('savegames', 'hardNamed').replace('{{gameId}}', gameId) })
        .click();
      dialog = page.getByRole('dialog');
      await dialog.getByLabel(text('reason', 'label')).fill('Player asked again');
      await dialog.getByTestId('confirm-input').fill(gameId);
      await dialog.getByRole('button', { name: new RegExp(escape(text('savegames', 'hard'))) }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(text('savegames', 'hardDone').replace('{{gameId}}', gameId)).first().waitFor();
      await expect.poll(() => savegames.getByRole('row').filter({ hasText: gameId }).count()).toBe(0);
    });
  }

  it('keeps a close pending while the bridge hangs, and one retry books it once', async () => {
    const { text } = texts('en');
    const page = await browser.open({ role: 'support', language: 'en' });
    const roundId = 'support-stuck-auto-close-failed-liberty-reels';
    await openRound(page, 'liberty-reels', roundId);
    await setMode('hang');
    await closeWith(
      page,
      new RegExp(escape(text('close', 'refund').split(' (')[0]!)),
      roundId,
      text('reason', 'label'),
    );
    await page.getByText(errorMessage('BRIDGE_TIMEOUT', 'en')).first().waitFor({ timeout: 15_000 });
    await page.getByText(text('closure', 'pendingTitle')).first().waitFor();
    expect(await bookingsOf(roundId)).toEqual([]);

    await setMode('normal');
    await page.getByRole('button', { name: text('closure', 'retry') }).click();
    await page.getByText(text('closure', 'closedTitle')).first().waitFor({ timeout: 15_000 });
    expect(await bookingsOf(roundId)).toHaveLength(1);
  });

  it('20 concurrent closes of one round: one booking, one status change, 19 clear refusals', async () => {
    const page = await browser.open({ role: 'support', language: 'en' });
    const roundId = 'support-recent-win-thames-play';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        page.request.post(url(`/api/support/rounds/thames-play/${roundId}/close`), {
          headers: { 'x-requested-with': 'backoffice' },
          data: { booking: 'win', reason: 'concurrent', confirmation: roundId },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status());
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((candidate) => candidate.status() === 409)) {
      expect(['ROUND_CLOSE_IN_PROGRESS', 'ROUND_NOT_OPEN']).toContain(
        ((await answer.json()) as { code: string }).code,
      );
    }
    expect(await bookingsOf(roundId)).toHaveLength(1);
    const round = (await (
      await page.request.get(url(`/api/support/rounds/thames-play/${roundId}`))
    ).json()) as {
      timeline: { kind: string; status?: string }[];
    };
    expect(round.timeline.filter((entry) => entry.kind === 'state').map((entry) => entry.status)).toEqual([
      'open',
      'manualClose',
    ]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
