/**
 * The bulk generator of platform data on real PostgreSQL: 10 million rounds over three months (5 casinos,
 * 40 games, 4 currencies) with players, savegames and the rollups rebuilt, in rounds per second, against a
 * baseline measured in the same run: a bare `insert … select` of constant rows of the same shape into a
 * table without indexes (what writing the rows costs at all). BENCH_GENERATOR_ROUNDS makes it smaller.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { generatePlatformData } from '../apps/server/src/demo/platform-data';
import { createTestDatabase } from '../apps/server/src/test/databases';

const ROUNDS = Number(process.env.BENCH_GENERATOR_ROUNDS ?? 10_000_000);
const BASELINE_ROUNDS = Math.min(ROUNDS, 2_000_000);

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en');

export async function run(): Promise<void> {
  const database = await createTestDatabase('postgres');
  const { db } = database;
  try {
    await db.execute(sql`create table bare_rounds (like game_rounds including defaults)`);
    let started = performance.now();
    await db.execute(sql`
      insert into bare_rounds (casino_id, round_id, started_at, provider_round_id, integration_id, player_id,
        game_id, updated_at, status, currency, debit, credit, total_win, funds_at_start, funds_at_end,
        displayed_outcome, real_money, bonus_money, voucher_money)
      select 'casino-01', 'r-' || i, now(), 'p-' || i, 'int-a', 'player-000001', 'game-01', now(),
        'completed', 'EUR', 100, 0, 0, 1000, 900, '{"reels":"A K Q J 10","winLines":0}'::jsonb, 100, 0, 0
      from generate_series(1, ${BASELINE_ROUNDS}) i`);
    const baselineMs = performance.now() - started;
    await db.execute(sql`drop table bare_rounds`);

    const casinos = ['EUR', 'SEK', 'GBP', 'USD', 'EUR'].map((currency, i) => ({
      casinoId: `casino-0${i + 1}`,
      integrationId: i < 3 ? 'int-a' : 'int-b',
      currencies: [currency],
      weight: 1 + (i % 3),
    }));
    const games = Array.from({ length: 40 }, (_, i) => ({
      gameId: `game-${String(i + 1).padStart(2, '0')}`,
      theoreticalRtp: 94 + (i % 4),
    }));
    started = performance.now();
    let lastPrinted = 0;
    const result = await generatePlatformData(db, {
      seed: 1,
      rounds: ROUNDS,
      from: '2026-01-01T00:00:00.000Z',
      until: '2026-04-01T00:00:00.000Z',
      casinos,
      games,
      concurrency: 2,
      onProgress: (done, total) => {
        if (done - lastPrinted < total / 10 && done < total) return;
        lastPrinted = done;
        process.stdout.write(`\r  ${done.toLocaleString('en')} of ${total.toLocaleString('en')} rounds`);
      },
    });
    const totalMs = performance.now() - started;
    const { playersMs, roundsMs, savegamesMs, rollupsMs } = result.timings;

    console.log(`\n\nPlatform data generator on PostgreSQL, ${ROUNDS.toLocaleString('en')} rounds`);
    console.log(
      `  ${'case'.padEnd(52)} ${'seconds'.padStart(9)} ${'rounds/s'.padStart(12)} ${'vs baseline'.padStart(12)}`,
    );
    const line = (name: string, count: number, ms: number) => {
      const ratio = (count / ms / (BASELINE_ROUNDS / baselineMs)).toFixed(2);
      console.log(
        `  ${name.padEnd(52)} ${(ms / 1000).toFixed(1).padStart(9)} ${perSecond(count, ms).padStart(12)} ${`${ratio}×`.padStart(12)}`,
      );
    };
    line(
      `baseline: bare insert, no indexes (${BASELINE_ROUNDS.toLocaleString('en')})`,
      BASELINE_ROUNDS,
      baselineMs,
    );
    line('generator: rounds (computed, indexed, attached)', result.rounds, roundsMs);
    line('generator: everything (players, savegames, rollups)', result.rounds, totalMs);
    console.log(
      `  players ${result.players.toLocaleString('en')} in ${(playersMs / 1000).toFixed(1)} s, savegames ` +
        `${result.savegames.toLocaleString('en')} in ${(savegamesMs / 1000).toFixed(1)} s, rollups rebuilt in ` +
        `${(rollupsMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.destroy();
  }
}
