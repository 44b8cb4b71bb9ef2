/**
 * Retention per integration (spec §3): the persistence settings honoured at ingest, and the daily job
 * removing old rounds and round details — with the GGR report of the removed rounds' month unchanged, a
 * removed round sent again not counted twice, and a rebuild of the rollups keeping the figures.
 */
import type { GgrReport, PlatformRound } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { createTestApp } from '../../test/app';
import { testEngines } from '../../test/databases';
import { KEEP_EVERYTHING, apiKeyFor, postRounds, round, seedPlatformFixture } from '../../test/platform';
import { rebuildRollups } from './rollups';
import { runRetention } from './retention';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const dayOf = (iso: string) => iso.slice(0, 10);

for (const engine of testEngines) {
  describe(`retention per integration [${engine}]`, () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    let key: string;
    const db = () => ctx.database.db;
    const setPersistence = (integrationId: string, change: Record<string, unknown>) =>
      db().execute(
        sql`update integrations set persistence = ${JSON.stringify({
          ...KEEP_EVERYTHING,
          ...change,
        })}::jsonb where id = ${integrationId}`,
      );
    const ingest = (rounds: PlatformRound[], apiKey = key) => postRounds(ctx.app, apiKey, rounds);
    const stored = async (roundId: string) => {
      const [row] = rowsOf<{
        status: string;
        displayed_outcome: unknown;
        funds_at_start: string | null;
        real_money: string | null;
      }>(
        await db().execute(sql`select status, displayed_outcome, funds_at_start::text, real_money::text
          from game_rounds where round_id = ${roundId}`),
      );
      return row;
    };
    const ggr = async (from: string, to: string) => {
      const response = await ctx.inject({
        method: 'GET',
        url: `/api/reports/ggr?from=${from}&to=${to}&casinoIds=rt-a`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json<GgrReport>();
      return { totals: report.totals, series: report.series };
    };
    const withDetails = (overrides: Partial<PlatformRound> & { roundId: string }) =>
      round({
        casinoId: 'rt-a',
        gameId: 'rt-game',
        fundsAtStart: 10_000,
        fundsAtEnd: 9_900,
        displayedOutcome: { reels: [1, 2, 3] },
        moneySplit: { real: overrides.debit ?? 100, bonus: 0, voucher: 0 },
        ...overrides,
      } as Partial<PlatformRound> & { roundId: string });

    beforeAll(async () => {
      ctx = await createTestApp(engine);
      await seedPlatformFixture(db(), {
        casinos: ['rt-a', 'rt-b', 'rt-c'],
        integrations: { 'rt-int': ['rt-a'], 'rt-other': ['rt-b'], 'rt-batch': ['rt-c'] },
        games: { 'rt-game': 96 },
      });
      key = await apiKeyFor(db(), 'rt-int');
    });
    afterAll(async () => ctx?.close());

    it('removes rounds older than the TTL; the GGR report of their month is unchanged; a resend is not counted', async () => {
      const old = daysAgo(70);
      const rounds = [
        withDetails({ roundId: 'rt-old-1', startedAt: old, debit: 500, credit: 0, totalWin: 0 }),
        withDetails({ roundId: 'rt-old-2', startedAt: old, debit: 300, credit: 900, totalWin: 900 }),
        withDetails({ roundId: 'rt-old-open', startedAt: old, status: 'open', debit: 200 }),
        withDetails({ roundId: 'rt-new-1', startedAt: daysAgo(5), debit: 100, credit: 50, totalWin: 50 }),
      ];
      await ingest(rounds);
      const from = dayOf(daysAgo(75));
      const to = dayOf(daysAgo(1));
      const before = await ggr(from, to);
      expect(before.totals.rounds).toBe(4);

      await setPersistence('rt-int', { gameRoundTtlDays: 60 });
      const summary = await runRetention(db());
      expect(summary.roundsRemoved).toBe(2);
      expect(await stored('rt-old-1')).toBeUndefined();
      expect(await stored('rt-old-2')).toBeUndefined();
      // Unsettled rounds stay until they are settled; newer ones stay.
      expect((await stored('rt-old-open'))?.status).toBe('open');
      expect((await stored('rt-new-1'))?.status).toBe('completed');
      expect(await ggr(from, to)).toEqual(before);

      // The platform sends a removed round again: left out, not counted twice.
      const resent = await ingest([rounds[0]!]);
      expect(resent).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
      expect(await stored('rt-old-1')).toBeUndefined();
      expect(await ggr(from, to)).toEqual(before);
      // The unsettled old round still takes its update.
      const settled = await ingest([
        { ...rounds[2]!, status: 'completed', updatedAt: daysAgo(69), credit: 0, totalWin: 0 },
      ]);
      expect(settled).toMatchObject({ updated: 1 });

      // A rebuild of the rollups keeps the figures of days whose rounds are gone.
      const afterSettle = await ggr(from, to);
      await rebuildRollups(db());
      expect(await ggr(from, to)).toEqual(afterSettle);
      expect(afterSettle.totals.rounds).toBe(4);

      // A second run has nothing left to do (the settled old round goes now).
      expect(await runRetention(db())).toEqual({ roundsRemoved: 1, detailsRemoved: 0 });
      expect(await ggr(from, to)).toEqual(afterSettle);
      await setPersistence('rt-int', {});
    });

    it('empties the details of lose, win and big-win rounds older than their TTLs', async () => {
      const at = daysAgo(40);
      await ingest([
        withDetails({ roundId: 'rt-lose', startedAt: at, debit: 100, totalWin: 0 }),
        withDetails({ roundId: 'rt-win', startedAt: at, debit: 100, credit: 300, totalWin: 300 }),
        withDetails({ roundId: 'rt-big', startedAt: at, debit: 100, credit: 5_000, totalWin: 5_000 }),
        withDetails({
          roundId: 'rt-big-eur',
          startedAt: at,
          debit: 10_000,
          credit: 150_000,
          totalWin: 150_000,
        }),
        withDetails({ roundId: 'rt-recent-lose', startedAt: daysAgo(2), debit: 100, totalWin: 0 }),
      ]);
      // Big win: ≥ 20 × the bet, or ≥ 1,000 EUR (150,000 cents at 15 × the bet).
      await setPersistence('rt-int', {
        loseDetailsTtlDays: 30,
        winDetailsTtlDays: 60,
        bigWinDetailsTtlDays: 35,
      });
      const summary = await runRetention(db());
      expect(summary).toEqual({ roundsRemoved: 0, detailsRemoved: 3 });
      const emptied = { displayed_outcome: null, funds_at_start: null, real_money: null };
      expect(await stored('rt-lose')).toMatchObject(emptied);
      expect(await stored('rt-big')).toMatchObject(emptied);
      expect(await stored('rt-big-eur')).toMatchObject(emptied);
      expect(await stored('rt-win')).toMatchObject({ funds_at_start: '10000', real_money: '100' });
      expect((await stored('rt-recent-lose'))?.displayed_outcome).toEqual({ reels: [1, 2, 3] });

      // Master data decides what a big win is: without the euro amount, 15 × is a plain win.
      await db().execute(sql`update global_settings set big_win_min_eur = null where id = 1`);
      await ingest([
        withDetails({ roundId: 'rt-15x', startedAt: at, debit: 10_000, credit: 150_000, totalWin: 150_000 }),
      ]);
      expect(await runRetention(db())).toEqual({ roundsRemoved: 0, detailsRemoved: 0 });
      expect((await stored('rt-15x'))?.funds_at_start).toBe('10000');
      await db().execute(sql`update global_settings set big_win_min_eur = 1000 where id = 1`);
      await setPersistence('rt-int', {});
    });

    it('honours the persistence settings at ingest: no details, no personal data', async () => {
      await setPersistence('rt-int', { saveGameRoundDetails: false, persistPlayer: false });
      await ingest([withDetails({ roundId: 'rt-nodetails', startedAt: daysAgo(1) })]);
      expect(await stored('rt-nodetails')).toMatchObject({
        status: 'completed',
        displayed_outcome: null,
        funds_at_start: null,
        real_money: null,
      });
      const players = await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/v1/players',
        headers: { authorization: `Bearer ${key}` },
        payload: {
          players: [
            {
              casinoId: 'rt-a',
              playerId: 'rt-player',
              email: 'someone@example.com',
              firstName: 'Some',
              lastName: 'One',
              nickName: 'SomeOne',
              country: 'DE',
              language: 'de',
            },
          ],
        },
      });
      expect(players.statusCode, players.body).toBe(200);
      const [player] = rowsOf<Record<string, string | null>>(
        await db().execute(sql`select email, first_name, last_name, nick_name, country, language
          from players where player_id = 'rt-player'`),
      );
      expect(player).toEqual({
        email: null,
        first_name: null,
        last_name: null,
        nick_name: null,
        country: 'DE',
        language: 'de',
      });
      await setPersistence('rt-int', {});
    });

    it('removes the final rounds of an integration without persistGameRound after a week', async () => {
      const otherKey = await apiKeyFor(db(), 'rt-other');
      await ingest(
        [
          round({ roundId: 'rt-np-old', casinoId: 'rt-b', gameId: 'rt-game', startedAt: daysAgo(9) }),
          round({ roundId: 'rt-np-new', casinoId: 'rt-b', gameId: 'rt-game', startedAt: daysAgo(3) }),
        ],
        otherKey,
      );
      await setPersistence('rt-other', { persistGameRound: false });
      expect((await runRetention(db())).roundsRemoved).toBe(1);
      expect(await stored('rt-np-old')).toBeUndefined();
      expect(await stored('rt-np-new')).toBeDefined();
    });

    it('works in small batches and stops after its share of batches (the next run goes on)', async () => {
      const at = daysAgo(100);
      await ingest(
        Array.from({ length: 7 }, (_, index) =>
          round({ roundId: `rt-batch-${index}`, casinoId: 'rt-c', gameId: 'rt-game', startedAt: at }),
        ),
        await apiKeyFor(db(), 'rt-batch'),
      );
      await setPersistence('rt-batch', { gameRoundTtlDays: 90 });
      expect(await runRetention(db(), { batchSize: 3, maxBatches: 2 })).toMatchObject({ roundsRemoved: 6 });
      expect(await runRetention(db(), { batchSize: 3, maxBatches: 2 })).toMatchObject({ roundsRemoved: 1 });
    });
  });
}
