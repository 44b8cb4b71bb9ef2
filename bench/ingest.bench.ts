/**
 * Ingest through the real HTTP API (API key, validation, idempotency checks, rollup maintenance), in
 * batches of 1,000 rounds from several concurrent clients, against the baseline of a bare bulk insert of
 * the same rows into the same table (no HTTP, no checks, no rollups) in the same run.
 */
import { performance } from 'node:perf_hooks';
import type { PlatformRound } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../apps/server/src/test/app';
import { apiKeyFor, seedPlatformFixture } from '../apps/server/src/test/platform';

const BATCH = 1_000;
const BATCHES = Number(process.env.INGEST_BENCH_BATCHES ?? 200);
const CONCURRENCY = 4;
const CASINOS = Array.from({ length: 8 }, (_, i) => `bench-casino-${i + 1}`);
const GAMES = Array.from({ length: 40 }, (_, i) => `bench-game-${String(i + 1).padStart(2, '0')}`);
const CURRENCIES = ['EUR', 'USD', 'GBP', 'SEK'];

/** Batch `b`: one casino's 1,000 rounds over a day, as the platform sends them. */
function batchOf(b: number, status: PlatformRound['status'], minutesLater = 0): PlatformRound[] {
  const casinoId = CASINOS[b % CASINOS.length]!;
  const currency = CURRENCIES[b % CURRENCIES.length]!;
  const day = Date.UTC(2026, 9, 1 + (b % 28));
  return Array.from({ length: BATCH }, (_, i) => {
    const n = b * BATCH + i;
    const startedAt = new Date(day + (i * 86_400_000) / BATCH).toISOString();
    const debit = 10 + (n % 50) * 10;
    const credit = n % 3 === 0 ? debit * (1 + (n % 7)) : 0;
    return {
      roundId: `r-${n}`,
      providerRoundId: `p-${n}`,
      casinoId,
      playerId: `player-${n % 5_000}`,
      gameId: GAMES[n % GAMES.length]!,
      startedAt,
      updatedAt: new Date(Date.parse(startedAt) + minutesLater * 60_000).toISOString(),
      status,
      currency,
      debit,
      credit: status === 'open' ? 0 : credit,
      totalWin: status === 'open' ? 0 : credit,
      fundsAtStart: 100_000,
      fundsAtEnd: 100_000 - debit + credit,
      displayedOutcome: { reels: [n % 9, (n >> 3) % 9, (n >> 6) % 9] },
      moneySplit: { real: debit, bonus: 0, voucher: 0 },
    };
  });
}

/** Runs `tasks` with `concurrency` workers; answers rounds per second. */
async function rate(tasks: (() => Promise<void>)[], concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
  return (tasks.length * BATCH) / ((performance.now() - started) / 1000);
}

export async function run(): Promise<void> {
  const context = await createTestApp('postgres');
  const { db } = context.database;
  try {
    await seedPlatformFixture(db, {
      casinos: CASINOS,
      integrations: { 'bench-int': CASINOS },
      games: Object.fromEntries(GAMES.map((gameId) => [gameId, 96])),
    });
    for (let d = 1; d <= 28; d++) {
      for (const currency of CURRENCIES.slice(1)) {
        await db.execute(sql`insert into fx_rates (day, currency, rate_to_eur)
          values (${`2026-10-${String(d).padStart(2, '0')}`}, ${currency}, 0.9)`);
      }
    }
    const key = await apiKeyFor(db, 'bench-int');
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/platform/v1/rounds`;
    const bodies = (status: PlatformRound['status'], minutesLater = 0) =>
      Array.from({ length: BATCHES }, (_, b) => JSON.stringify({ rounds: batchOf(b, status, minutesLater) }));

    // Baseline: the same rows straight into the table, same batches and concurrency.
    let rows: string[] = Array.from({ length: BATCHES }, (_, b) =>
      JSON.stringify(
        batchOf(b, 'completed').map((round) => ({
          ...round,
          integration_id: 'bench-int',
          casino_id: round.casinoId,
          round_id: round.roundId,
          started_at: round.startedAt,
          provider_round_id: round.providerRoundId,
          player_id: round.playerId,
          game_id: round.gameId,
          updated_at: round.updatedAt,
          total_win: round.totalWin,
          funds_at_start: round.fundsAtStart,
          funds_at_end: round.fundsAtEnd,
          displayed_outcome: round.displayedOutcome,
          real_money: round.moneySplit?.real,
          bonus_money: round.moneySplit?.bonus,
          voucher_money: round.moneySplit?.voucher,
        })),
      ),
    );
    await db.execute(sql`select ensure_game_rounds_partition('2026-10-01')`);
    const bulk = await rate(
      rows.map((json) => async () => {
        await db.execute(sql`
          insert into game_rounds (casino_id, round_id, started_at, provider_round_id, integration_id,
            player_id, game_id, updated_at, status, currency, debit, credit, total_win, funds_at_start,
            funds_at_end, displayed_outcome, real_money, bonus_money, voucher_money)
          select casino_id, round_id, started_at, provider_round_id, integration_id, player_id, game_id,
            updated_at, status, currency, debit, credit, total_win, funds_at_start, funds_at_end,
            displayed_outcome, real_money, bonus_money, voucher_money
          from json_to_recordset(${json}::json) as r(casino_id text, round_id text, started_at timestamptz,
            provider_round_id text, integration_id text, player_id text, game_id text, updated_at timestamptz,
            status text, currency text, debit bigint, credit bigint, total_win bigint, funds_at_start bigint,
            funds_at_end bigint, displayed_outcome jsonb, real_money bigint, bonus_money bigint,
            voucher_money bigint)`);
      }),
      CONCURRENCY,
    );
    rows = []; // the baseline's copies of the rows are not needed any more
    await db.execute(sql`truncate game_rounds, round_stats_daily, round_stats_monthly`);

    const post = (body: string) => async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
      if (response.status !== 200)
        throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    const newRounds = await rate(bodies('open').map(post), CONCURRENCY);
    const updates = await rate(bodies('completed', 5).map(post), CONCURRENCY);
    const resent = await rate(bodies('completed', 5).map(post), CONCURRENCY);

    const check = await db.execute(sql`select (select count(*) from game_rounds)::int as rounds,
      (select sum(rounds) from round_stats_daily)::int as rolled`);
    const counts = (check as unknown as { rows: { rounds: number; rolled: number }[] }).rows[0]!;
    if (counts.rounds !== BATCHES * BATCH || counts.rolled !== BATCHES * BATCH) {
      throw new Error(
        `expected ${BATCHES * BATCH} rounds in table and rollups, found ${JSON.stringify(counts)}`,
      );
    }

    const line = (name: string, perSecond: number) =>
      console.log(
        `  ${name.padEnd(56)} ${Math.round(perSecond).toLocaleString('en').padStart(10)} ${`${(perSecond / bulk).toFixed(2)}×`.padStart(8)}`,
      );
    console.log(
      `\nIngest of ${(BATCHES * BATCH).toLocaleString('en')} rounds in batches of ${BATCH}, ${CONCURRENCY} clients (PostgreSQL)`,
    );
    console.log(`  ${'case'.padEnd(56)} ${'rounds/s'.padStart(10)} ${'/ bulk'.padStart(8)}`);
    line('baseline: bare bulk insert of the same rows', bulk);
    line('API: new rounds (validation, idempotency, rollups)', newRounds);
    line('API: the same rounds completed (forward updates)', updates);
    line('API: the completed batches re-sent (no change)', resent);
    console.log(
      `  target: ≥ 20,000 rounds/s and ≥ 0.5× bulk for new rounds → ${newRounds >= 20_000 && newRounds / bulk >= 0.5 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await context.close();
  }
}
