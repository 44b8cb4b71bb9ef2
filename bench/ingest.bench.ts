/**
 * Ingest through the real HTTP API (API key, validation, idempotency checks, rollup maintenance), in
 * batches of 1,000 rounds from several concurrent clients, against the baseline of a bare bulk insert of
 * the same rows into the same table (the request bodies as they are, straight into game_rounds: no HTTP,
 * no checks, no rollups) in the same run. The machine is noisy, so the two alternate in chunks of batches
 * (bulk then API, API then bulk, …) and drift hits both alike; the baseline's rounds have ids of their own.
 */
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { PlatformRound } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/lib/sql';
import { createTestApp } from '../apps/server/src/test/app';
import { apiKeyFor, seedPlatformFixture } from '../apps/server/src/test/platform';

const BATCH = 1_000;
const BATCHES = Number(process.env.INGEST_BENCH_BATCHES ?? 400);
const CHUNK = 10;
const CONCURRENCY = 4;
const CASINOS = Array.from({ length: 8 }, (_, i) => `bench-casino-${i + 1}`);
const GAMES = Array.from({ length: 40 }, (_, i) => `bench-game-${String(i + 1).padStart(2, '0')}`);
const CURRENCIES = ['EUR', 'USD', 'GBP', 'SEK'];

/** Batch `b`: one casino's 1,000 rounds over a day, as the platform sends them. */
function batchOf(
  b: number,
  status: PlatformRound['status'],
  minutesLater = 0,
  idPrefix = 'r',
): PlatformRound[] {
  const casinoId = CASINOS[b % CASINOS.length]!;
  const currency = CURRENCIES[b % CURRENCIES.length]!;
  const day = Date.UTC(2026, 9, 1 + (b % 28));
  return Array.from({ length: BATCH }, (_, i) => {
    const n = b * BATCH + i;
    const startedAt = new Date(day + (i * 86_400_000) / BATCH).toISOString();
    const debit = 10 + (n % 50) * 10;
    const credit = n % 3 === 0 ? debit * (1 + (n % 7)) : 0;
    return {
      roundId: `${idPrefix}-${n}`,
      providerRoundId: `p-${idPrefix}-${n}`,
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

/** Runs `tasks` with `concurrency` workers; answers the seconds it took. */
async function seconds(tasks: (() => Promise<void>)[], concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
  return (performance.now() - started) / 1000;
}

export async function run(): Promise<void> {
  const context = await createTestApp('postgres');
  const { db } = context.database;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
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
    await db.execute(sql`select ensure_game_rounds_partition('2026-10-01')`);
    const key = await apiKeyFor(db, 'bench-int');
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/platform/v1/rounds`;
    const bodies = (status: PlatformRound['status'], minutesLater = 0, idPrefix = 'r') =>
      Array.from({ length: BATCHES }, (_, b) =>
        JSON.stringify({ rounds: batchOf(b, status, minutesLater, idPrefix) }),
      );
    // node:http with kept-alive connections: the lightest real client, since it shares the cores too.
    const post = (body: string) => () =>
      new Promise<void>((resolve, reject) => {
        const request = httpRequest(
          url,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${key}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              if (response.statusCode === 200) resolve();
              else reject(new Error(`ingest answered ${response.statusCode}: ${Buffer.concat(chunks)}`));
            });
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    // The baseline: a request body's rounds straight into the table, as one statement.
    const insert = (body: string) => async () => {
      await db.execute(sql`
        insert into game_rounds (casino_id, round_id, started_at, integration_id, provider_round_id, player_id,
          game_id, updated_at, status, currency, debit, credit, total_win, voucher_code, funds_at_start,
          funds_at_end, displayed_outcome, real_money, bonus_money, voucher_money)
        select "casinoId", "roundId", "startedAt", 'bench-bulk', "providerRoundId", "playerId", "gameId",
          "updatedAt", status, currency, debit, credit, "totalWin", "voucherCode", "fundsAtStart", "fundsAtEnd",
          "displayedOutcome", ("moneySplit"->>'real')::bigint, ("moneySplit"->>'bonus')::bigint,
          ("moneySplit"->>'voucher')::bigint
        from json_to_recordset(${body}::json -> 'rounds') as r("casinoId" text, "roundId" text,
          "startedAt" timestamptz, "providerRoundId" text, "playerId" text, "gameId" text,
          "updatedAt" timestamptz, status text, currency text, debit bigint, credit bigint, "totalWin" bigint,
          "voucherCode" text, "fundsAtStart" bigint, "fundsAtEnd" bigint, "displayedOutcome" jsonb,
          "moneySplit" json)`);
    };

    // New rounds: the API and the baseline alternate chunk by chunk, each with the same batches.
    const bulkBodies = bodies('open', 0, 'b');
    const newBodies = bodies('open');
    let bulkSeconds = 0;
    let newSeconds = 0;
    for (let from = 0, chunk = 0; from < BATCHES; from += CHUNK, chunk += 1) {
      const bulkRun = () => seconds(bulkBodies.slice(from, from + CHUNK).map(insert), CONCURRENCY);
      const apiRun = () => seconds(newBodies.slice(from, from + CHUNK).map(post), CONCURRENCY);
      if (chunk % 2 === 0) {
        bulkSeconds += await bulkRun();
        newSeconds += await apiRun();
      } else {
        newSeconds += await apiRun();
        bulkSeconds += await bulkRun();
      }
    }
    const perSecond = (batches: number, took: number) => (batches * BATCH) / took;
    const bulk = perSecond(BATCHES, bulkSeconds);
    const newRounds = perSecond(BATCHES, newSeconds);
    const completed = bodies('completed', 5);
    const updates = perSecond(BATCHES, await seconds(completed.map(post), CONCURRENCY));
    const resent = perSecond(BATCHES, await seconds(completed.map(post), CONCURRENCY));

    const [counts] = rowsOf<{ api: number; bulk: number; rolled: number }>(
      await db.execute(sql`select
        (select count(*) from game_rounds where integration_id = 'bench-int')::int as api,
        (select count(*) from game_rounds where integration_id = 'bench-bulk')::int as bulk,
        (select sum(rounds) from round_stats_daily)::int as rolled`),
    );
    const expected = BATCHES * BATCH;
    if (counts?.api !== expected || counts.bulk !== expected || counts.rolled !== expected) {
      throw new Error(
        `expected ${expected} rounds of each and in the rollups, found ${JSON.stringify(counts)}`,
      );
    }

    const line = (name: string, rate: number) =>
      console.log(
        `  ${name.padEnd(56)} ${Math.round(rate).toLocaleString('en').padStart(10)} ${`${(rate / bulk).toFixed(2)}×`.padStart(8)}`,
      );
    console.log(
      `\nIngest of ${expected.toLocaleString('en')} rounds in batches of ${BATCH}, ${CONCURRENCY} clients (PostgreSQL)`,
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
    agent.destroy();
    await context.close();
  }
}
