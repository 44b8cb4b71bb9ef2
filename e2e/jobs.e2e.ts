/**
 * The background jobs in Chromium as an admin sees them: every job with its schedule, "Run now" of
 * auto-close recorded with who started it, and the demo's stale bet refunded exactly once through the
 * bridge (the simulator's booking list is the proof) and shown to support as auto-closed.
 */
import { describe, expect, it } from 'vitest';
import { skipReason, url, useBrowser } from './support/browser';
import { bookingsOf } from './support/simulator';

const STALE_BET = 'support-stale-bet-liberty-reels';

describe.skipIf(skipReason)('background jobs in Chromium', () => {
  const browser = useBrowser();

  it('an admin runs auto-close now: the stale bet is refunded once and support sees it auto-closed', async () => {
    const page = await browser.open({ language: 'en', role: 'admin' });
    await page.goto(url('/masterdata/jobs'));
    const table = page.getByRole('table', { name: 'Background jobs' });
    for (const title of ['Housekeeping', 'Auto-close of stale rounds', 'Retention', 'Booking retries']) {
      await table.getByText(title, { exact: true }).waitFor();
    }
    await table.getByText('every 10 minutes').waitFor();

    await page.getByRole('button', { name: 'Run now: Auto-close of stale rounds' }).click();
    // The run shows who started it and its outcome in the job's history. (The list shows only the latest
    // run, which is the schedule's when its slot comes right after the click.)
    const runs = page.getByRole('table', { name: 'Runs of Auto-close of stale rounds' });
    await expect
      .poll(
        async () => {
          await page.goto(url('/masterdata/jobs?runs=auto-close'));
          // Its runs once they are loaded (a row below the header), or none yet.
          await runs
            .getByRole('row')
            .nth(1)
            .waitFor({ timeout: 5_000 })
            .catch(() => undefined);
          return runs.innerText();
        },
        { timeout: 30_000 },
      )
      .toMatch(/succeeded\s+[^\n]*\(manual\)/i);
    await page.goto(url('/masterdata/jobs'));

    // Refunded once (by this run or by the schedule before it), and the round ended autoClose.
    await expect.poll(async () => (await bookingsOf(STALE_BET)).length, { timeout: 15_000 }).toBe(1);
    expect((await bookingsOf(STALE_BET))[0]!.type).toBe('refund');
    const support = await browser.open({ language: 'en', role: 'support' });
    await support.goto(url(`/support/last-game-rounds/${STALE_BET}?casinoId=liberty-reels`));
    await support
      .getByRole('heading', { name: new RegExp(STALE_BET) })
      .first()
      .waitFor();
    await expect.poll(() => support.locator('main').innerText()).toMatch(/closed automatically/i);

    // Another run finds nothing more to book.
    await page.getByRole('button', { name: 'Run now: Auto-close of stale rounds' }).click();
    await page.waitForTimeout(3_000);
    expect(await bookingsOf(STALE_BET)).toHaveLength(1);
  });
});
