/**
 * Report answers kept in memory (decision 040): answered again without reading while nothing changed, and
 * read again after every kind of change a report shows — rounds ingested, a rate changed, a casino, an
 * integration or a game renamed, a change committed by a transaction that was still running, a change made
 * behind the app's back by SQL — and after the notes were pruned. Per report, filter and scope.
 */
import type { CasinoPerformance, GamePerformance, GgrReport, PlatformRound } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { describeEachEngine, type TestContext } from '../../test/app';
import { round, seedPlatformFixture, setRate } from '../../test/platform';
import { createIngestService } from '../platform/ingest.service';
import { createReportCache, pruneReportDataChanges } from './report-cache';

const MARCH = { from: '2026-03-01', to: '2026-03-31' };

describeEachEngine('kept report answers', (ctx: () => TestContext) => {
  const db = () => ctx().database.db;
  const get = async <T>(
    path: string,
    query: Record<string, string> = MARCH,
    as: Pick<TestContext, 'inject'> = ctx(),
  ) => {
    const response = await as.inject({ method: 'GET', url: `/api/reports/${path}`, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const ingest = (rounds: PlatformRound[]) => createIngestService(db()).ingestRounds('int-1', rounds);
  let next = 0;
  const newRound = (overrides: Partial<PlatformRound> = {}) => round({ roundId: `r${++next}`, ...overrides });

  beforeAll(async () => {
    await seedPlatformFixture(db(), {
      casinos: ['casino-a', 'casino-b'],
      integrations: { 'int-1': ['casino-a', 'casino-b'] },
      games: { 'game-a': 96 },
    });
    await ingest([newRound(), newRound({ casinoId: 'casino-b', debit: 300 })]);
  });

  describe('the cache itself', () => {
    /** A cache of its own, and how often it had to read. */
    const counted = (limits = { entries: 10, characters: 10_000 }) => {
      const cache = createReportCache(db(), limits);
      let reads = 0;
      const answer = (key: string, value: unknown = key, days = MARCH) =>
        cache.answer(key, days, async () => {
          reads += 1;
          return value;
        });
      return { answer, reads: () => reads };
    };

    it('answers again without reading while nothing it shows changed', async () => {
      const cache = counted();
      expect(await cache.answer('a')).toBe('a');
      expect(await cache.answer('a')).toBe('a');
      expect(await cache.answer('b')).toBe('b');
      expect(cache.reads()).toBe(2);
    });

    it('reads again after a change in its days, not after one outside them or of what it does not show', async () => {
      const cache = counted();
      await cache.answer('a');
      await db().execute(sql`update jurisdictions set name = name`);
      // A round of April: its daily rows, and April's monthly row.
      await ingest([newRound({ startedAt: '2026-04-02T10:00:00Z' })]);
      await db().execute(sql`update casinos set bridge_id = bridge_id`);
      await cache.answer('a');
      expect(cache.reads()).toBe(1);
      // A late round of March.
      await ingest([newRound({ startedAt: '2026-03-30T10:00:00Z' })]);
      await cache.answer('a');
      expect(cache.reads()).toBe(2);
      // A monthly row stands for its whole month.
      await db().execute(sql`update round_stats_monthly set rounds = rounds where month = '2026-03-01'`);
      await cache.answer('a', 'a', { from: '2026-03-31', to: '2026-03-31' });
      expect(cache.reads()).toBe(3);
      // A name: every day.
      await db().execute(sql`update casinos set name = name where id = 'casino-b'`);
      await cache.answer('a');
      expect(cache.reads()).toBe(4);
    });

    it('reads again once the note of a change since was pruned', async () => {
      const cache = counted();
      await cache.answer('a');
      await db().execute(sql`update round_stats_daily set rounds = rounds where day = '2026-03-10'`);
      await pruneReportDataChanges(db());
      // The note is gone; that the answer is older than the prune still tells it is stale.
      await cache.answer('a');
      expect(cache.reads()).toBe(2);
      // Kept again, and checked against the notes since.
      await cache.answer('a');
      await pruneReportDataChanges(db());
      await cache.answer('a');
      expect(cache.reads()).toBe(2);
    });

    it('forgets the least recently used answers beyond its limits', async () => {
      const cache = counted({ entries: 2, characters: 20 });
      await cache.answer('a');
      await cache.answer('b');
      await cache.answer('a'); // a is now the most recently used
      await cache.answer('c'); // b goes
      await cache.answer('a');
      expect(cache.reads()).toBe(3);
      await cache.answer('b');
      expect(cache.reads()).toBe(4);
      // Too large to keep at all (more characters than the limit): read every time.
      await cache.answer('big', 'x'.repeat(30));
      await cache.answer('big', 'x'.repeat(30));
      expect(cache.reads()).toBe(6);
    });

    it('hands out a kept answer frozen through and through: requests share it', async () => {
      const cache = counted();
      const answer = (await cache.answer('f', { rows: [{ figures: { rounds: 1 } }] })) as {
        rows: { figures: { rounds: number } }[];
      };
      expect(Object.isFrozen(answer)).toBe(true);
      expect(Object.isFrozen(answer.rows[0]!.figures)).toBe(true);
      expect(() => {
        answer.rows[0]!.figures.rounds = 2;
      }).toThrow(TypeError);
    });

    it('keeps nothing with no entries allowed', async () => {
      const cache = counted({ entries: 0, characters: 10_000 });
      await cache.answer('a');
      await cache.answer('a');
      expect(cache.reads()).toBe(2);
    });
  });

  describe('the reports', () => {
    // March read whole: its totals come from the monthly rollup.
    const rounds = async () => (await get<GgrReport>('ggr')).totals.rounds;

    it('answers from memory: a change that no trigger notes is not seen', async () => {
      const before = await rounds();
      // Behind the note's back (no writer of the product can do this): the kept answer stays.
      await db().transaction(async (tx) => {
        await tx.execute(
          sql`alter table round_stats_monthly disable trigger round_stats_monthly_report_updates`,
        );
        await tx.execute(
          sql`update round_stats_monthly set rounds = rounds + 1000 where casino_id = 'casino-a'`,
        );
        await tx.execute(
          sql`alter table round_stats_monthly enable trigger round_stats_monthly_report_updates`,
        );
      });
      expect(await rounds()).toBe(before);
      await db().execute(
        sql`update round_stats_monthly set rounds = rounds - 1000 where casino_id = 'casino-a'`,
      );
      expect(await rounds()).toBe(before);
    });

    it('shows rounds ingested after the answer was kept', async () => {
      const before = await rounds();
      await ingest([newRound(), newRound()]);
      expect(await rounds()).toBe(before + 2);
    });

    it('shows a changed rate after the answer was kept', async () => {
      await ingest([newRound({ currency: 'SEK', debit: 1000, startedAt: '2026-03-12T10:00:00Z' })]);
      const before = await get<GgrReport>('ggr');
      expect(before.missingRates).toContainEqual({ currency: 'SEK', day: '2026-03-12' });
      await setRate(db(), '2026-03-12', 'SEK', '0.1');
      const after = await get<GgrReport>('ggr');
      expect(after.missingRates).toEqual([]);
      expect(after.totals.turnoverEur).toBe(before.totals.turnoverEur + 100);
    });

    it('shows a renamed casino, and a game with a new theoretical RTP', async () => {
      await get<CasinoPerformance>('casino-performance');
      await get<GamePerformance>('game-performance');
      await db().execute(sql`update casinos set name = 'Casino A renamed' where id = 'casino-a'`);
      await db().execute(sql`update games set theoretical_rtp = 95.5 where game_id = 'game-a'`);
      const casinosReport = await get<CasinoPerformance>('casino-performance');
      expect(casinosReport.rows.find((row) => row.casinoId === 'casino-a')?.casinoName).toBe(
        'Casino A renamed',
      );
      const gamesReport = await get<GamePerformance>('game-performance');
      expect(gamesReport.rows.find((row) => row.gameId === 'game-a')?.theoreticalRtpPercent).toBe(95.5);
    });

    it('keeps an answer per scope: a one-casino user never gets the answer kept for everyone', async () => {
      const all = await get<CasinoPerformance>('casino-performance');
      expect(all.rows.map((row) => row.casinoId).sort()).toEqual(['casino-a', 'casino-b']);
      const limited = await ctx().signIn('accountant', { casinoIds: ['casino-b'] });
      const mine = await get<CasinoPerformance>('casino-performance', MARCH, limited);
      expect(mine.rows.map((row) => row.casinoId)).toEqual(['casino-b']);
      expect(mine.totals.rounds).toBeLessThan(all.totals.rounds);
      // And the other way round, with the limited answer kept first.
      const other = await ctx().signIn('accountant', { casinoIds: ['casino-a'] });
      const theirs = await get<CasinoPerformance>('casino-performance', MARCH, other);
      expect(theirs.rows.map((row) => row.casinoId)).toEqual(['casino-a']);
    });

    it('keeps an answer per filter', async () => {
      const all = await get<GgrReport>('ggr');
      const one = await get<GgrReport>('ggr', { ...MARCH, casinoIds: 'casino-b' });
      expect(one.totals.rounds).toBeLessThan(all.totals.rounds);
    });

    it('sees a change committed by a transaction that was still running when the answer was read', async (test) => {
      // Two transactions at once need two connections: PostgreSQL only.
      if (ctx().engine !== 'postgres') test.skip();
      const before = await rounds();
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let written!: () => void;
      const writing = new Promise<void>((resolve) => {
        written = resolve;
      });
      const running = db().transaction(async (tx) => {
        await tx.execute(
          sql`update round_stats_monthly set rounds = rounds + 5 where casino_id = 'casino-b'`,
        );
        written();
        await committed;
      });
      await writing;
      // Read (and kept) while the write is not committed: without it.
      expect(await rounds()).toBe(before);
      commit();
      await running;
      expect(await rounds()).toBe(before + 5);
      await db().execute(
        sql`update round_stats_monthly set rounds = rounds - 5 where casino_id = 'casino-b'`,
      );
      expect(await rounds()).toBe(before);
    });

    it('answers every reader with at least what had committed when it asked, while others keep answers', async () => {
      const before = await rounds();
      let writing = true;
      // Readers keep answering (and keeping) the same report at whatever moment they catch.
      const readers = Array.from({ length: 4 }, async () => {
        let answered = 0;
        while (writing) {
          expect(await rounds()).toBeGreaterThanOrEqual(before);
          answered += 1;
        }
        return answered;
      });
      try {
        for (let written = 1; written <= 15; written++) {
          await ingest([newRound({ startedAt: '2026-03-20T10:00:00Z' })]);
          // Committed before this request: it must be in the answer, whatever was kept meanwhile.
          expect(await rounds()).toBe(before + written);
        }
      } finally {
        writing = false;
      }
      const answered = await Promise.all(readers);
      expect(answered.every((count) => count > 0)).toBe(true);
    });

    it('notes each writing transaction once, with the days it changed, and prunes the notes', async () => {
      await pruneReportDataChanges(db());
      const notes = async () =>
        rowsOf<{ first: string; last: string }>(
          await db().execute(sql`select first_day::text as first, last_day::text as last
            from report_data_changes order by xid`),
        );
      await db().transaction(async (tx) => {
        await tx.execute(sql`update round_stats_daily set rounds = rounds where day = '2026-03-10'`);
        await tx.execute(sql`update round_stats_daily_totals set rounds = rounds where day = '2026-04-02'`);
        await tx.execute(sql`update round_stats_monthly set rounds = rounds where false`);
      });
      await db().execute(sql`update round_stats_monthly set rounds = rounds where month = '2026-04-01'`);
      await db().transaction(async (tx) => {
        await tx.execute(sql`update casinos set name = name where id = 'casino-a'`);
        await tx.execute(sql`update integrations set name = name where id = 'int-1'`);
      });
      expect(await notes()).toEqual([
        { first: '2026-03-01', last: '2026-04-30' },
        { first: '2026-04-01', last: '2026-04-30' },
        { first: '-infinity', last: 'infinity' },
      ]);
      await pruneReportDataChanges(db());
      expect(await notes()).toEqual([]);
    });
  });
});
