/**
 * Reports at production volume on real PostgreSQL: 10 million rounds over 12 months (the bulk generator,
 * rollups rebuilt as the ingest keeps them), read through the real routes as an admin (every casino):
 * - the GGR report over 12 months against `select 1`, and against the same figures computed from the raw
 *   rounds (what the rollups save);
 * - game-round search by player and by round id;
 * - the player CSV export of 1 million players over HTTP: rows per second, time to the first byte, and
 *   how much the server process grows meanwhile.
 * BENCH_ROUNDS / BENCH_PLAYERS make it smaller for a quick try.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { generatePlatformData } from '../apps/server/src/demo/platform-data';
import { rowsOf } from '../apps/server/src/lib/sql';
import { createTestApp } from '../apps/server/src/test/app';
import { seedPlatformFixture } from '../apps/server/src/test/platform';
import { percentile, report, time, type Timing } from './lib/measure';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const CURRENCIES = ['EUR', 'USD', 'GBP', 'SEK'];
const CASINOS = Array.from({ length: 10 }, (_, i) => `casino-${String(i + 1).padStart(2, '0')}`);
const INTEGRATIONS: Record<string, string[]> = {
  'int-north': CASINOS.slice(0, 4),
  'int-south': CASINOS.slice(4, 8),
  'int-west': CASINOS.slice(8),
};
const GAMES = Array.from({ length: 60 }, (_, i) => `game-${String(i + 1).padStart(2, '0')}`);

/** 12 whole months ending with the last complete month. */
function lastTwelveMonths(now = new Date()): { from: string; to: string; until: string } {
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const from = new Date(Date.UTC(until.getUTCFullYear() - 1, until.getUTCMonth(), 1));
  const to = new Date(until.getTime() - 86_400_000);
  return {
    from: from.toISOString().slice(0, 10),
    to: to.toISOString().slice(0, 10),
    until: until.toISOString(),
  };
}

export async function run(): Promise<void> {
  const context = await createTestApp('postgres');
  const { db } = context.database;
  try {
    const range = lastTwelveMonths();
    await seedPlatformFixture(db, {
      casinos: CASINOS,
      integrations: INTEGRATIONS,
      games: Object.fromEntries(GAMES.map((gameId, i) => [gameId, 92 + (i % 7)])),
    });
    await db.execute(sql`insert into fx_rates (day, currency, rate_to_eur)
      select d::date, c, case c when 'USD' then 0.92 when 'GBP' then 1.17 else 0.088 end
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d,
        unnest(array['USD', 'GBP', 'SEK']) c`);
    const integrationOf = (casinoId: string) =>
      Object.entries(INTEGRATIONS).find(([, casinos]) => casinos.includes(casinoId))![0];
    let started = performance.now();
    const generated = await generatePlatformData(db, {
      seed: 7,
      rounds: ROUNDS,
      from: `${range.from}T00:00:00.000Z`,
      until: range.until,
      casinos: CASINOS.map((casinoId, i) => ({
        casinoId,
        integrationId: integrationOf(casinoId),
        currencies: [CURRENCIES[i % CURRENCIES.length]!],
        weight: 1 + (i % 3),
      })),
      games: GAMES.map((gameId, i) => ({ gameId, theoreticalRtp: 92 + (i % 7) })),
      concurrency: 2,
    });
    console.log(
      `\ngenerated ${generated.rounds.toLocaleString('en')} rounds, ${generated.players.toLocaleString('en')} players in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    await db.execute(sql`analyze`);

    // An admin sees every casino: the widest (slowest) reading of each report.
    const accountant = await context.signIn('admin');
    const get = async (url: string, query: Record<string, string>) => {
      const response = await accountant.inject({ method: 'GET', url, query });
      if (response.statusCode !== 200)
        throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      return response;
    };

    // GGR over 12 months: from the rollups (the product) and from the raw rounds (what it saves).
    const baseline = await time('baseline: select 1', 300, () => db.execute(sql`select 1`));
    const ggr = await time('GGR report, 12 whole months', 100, () =>
      get('/api/reports/ggr', { from: range.from, to: range.to }),
    );
    const shifted = { from: `${range.from.slice(0, 8)}15`, to: `${range.to.slice(0, 8)}14` };
    const ggrEdges = await time('GGR report, 12 months from the 15th', 100, () =>
      get('/api/reports/ggr', shifted),
    );
    const oneCasino = await time('GGR report, 12 months, one casino', 100, () =>
      get('/api/reports/ggr', { ...range, casinoIds: CASINOS[3]! }),
    );
    const raw = await time('same figures from raw rounds (SQL only)', 3, () =>
      db.execute(sql`
        with per_day as (
          select (started_at at time zone 'UTC')::date as day, currency, game_id,
            sum(debit) filter (where status <> 'refunded') as bet,
            sum(credit) filter (where status <> 'refunded') as win, count(*) as rounds
          from game_rounds
          where started_at >= ${range.from}::date and started_at < ${range.until}::timestamptz
          group by 1, 2, 3)
        select p.day, p.game_id, sum(p.bet * coalesce(r.rate_to_eur, case when p.currency = 'EUR' then 1 end)),
          sum(p.win * coalesce(r.rate_to_eur, case when p.currency = 'EUR' then 1 end)), sum(p.rounds)
        from per_day p left join fx_rates r on r.day = p.day and r.currency = p.currency
        group by rollup (p.day, p.game_id)`),
    );
    report(`GGR report over ${ROUNDS.toLocaleString('en')} rounds, 12 months (PostgreSQL)`, baseline, [
      ggr,
      ggrEdges,
      oneCasino,
      raw,
    ]);
    const speedup = percentile(raw.samples, 50) / percentile(ggr.samples, 50);
    console.log(
      `  raw / report (p50): ${speedup.toFixed(0)}× — target p95 < 100 ms and ≥ 100× → ${percentile(ggr.samples, 95) < 100 && speedup >= 100 ? 'met' : 'NOT met'}`,
    );

    // Game-round search on the raw rounds (keyset pages, newest first).
    const samples = rowsOf<{ casino_id: string; round_id: string; player_id: string }>(
      await db.execute(
        sql`select casino_id, round_id, player_id from game_rounds tablesample system (0.1) limit 200`,
      ),
    );
    let i = 0;
    const pick = () => samples[i++ % samples.length]!;
    const byPlayer = await time('search by player id (all casinos)', 200, () =>
      get('/api/game-rounds', { playerId: pick().player_id }),
    );
    const byPlayerCasino = await time('search by player id in its casino', 200, () => {
      const sample = pick();
      return get('/api/game-rounds', { playerId: sample.player_id, casinoIds: sample.casino_id });
    });
    const byRound = await time('search by round id (all casinos)', 200, () =>
      get('/api/game-rounds', { roundId: pick().round_id }),
    );
    const newest = await time('newest rounds, first page', 200, () => get('/api/game-rounds', {}));
    report(`Game-round search over ${ROUNDS.toLocaleString('en')} rounds (PostgreSQL)`, baseline, [
      byPlayer,
      byPlayerCasino,
      byRound,
      newest,
    ]);
    const worst = Math.max(...[byPlayer, byRound].map((timing: Timing) => percentile(timing.samples, 95)));
    console.log(`  target p95 < 20 ms by player or round id → ${worst < 20 ? 'met' : 'NOT met'}`);

    // Player CSV of a million players over real HTTP.
    await db.execute(sql`truncate players`);
    await db.execute(sql`
      insert into players (casino_id, player_id, integration_id, language, country, email, jurisdiction,
        first_name, last_name, nick_name, city, date_of_birth, gender, registered_at)
      select (array[${sql.raw(CASINOS.map((c) => `'${c}'`).join(','))}])[1 + n % ${CASINOS.length}],
        'player-' || lpad(n::text, 7, '0'), 'int-north', 'de', 'DE', 'player' || n || '@example.com', 'Malta',
        'First' || n, 'Last, "quoted" ' || n, 'nick' || n, 'Berlin', date '1970-01-01' + (n % 15000),
        'female', timestamptz '2024-01-01' + make_interval(secs => n)
      from generate_series(1, ${PLAYERS}) n`);
    await db.execute(sql`analyze players`);
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const exportOnce = async () => {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 20);
      started = performance.now();
      const response = await fetch(`${address}/api/reports/players.csv`, {
        headers: { cookie: accountant.headers.cookie! },
      });
      if (response.status !== 200 || !response.body) throw new Error(`CSV answered ${response.status}`);
      let firstByte = 0;
      let lines = 0;
      for await (const chunk of response.body) {
        if (firstByte === 0) firstByte = performance.now() - started;
        for (const byte of chunk as Uint8Array) if (byte === 10) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      return { rows: lines - 1, seconds, firstByte, growthMb: (rssPeak - rssBefore) / 2 ** 20 };
    };
    await exportOnce(); // warm-up
    const exports = [await exportOnce(), await exportOnce(), await exportOnce()];
    console.log(`\nPlayer CSV export of ${PLAYERS.toLocaleString('en')} players over HTTP (PostgreSQL)`);
    console.log(
      `  ${'run'.padEnd(6)} ${'rows/s'.padStart(10)} ${'first byte ms'.padStart(14)} ${'RSS growth MB'.padStart(14)}`,
    );
    exports.forEach((result, index) =>
      console.log(
        `  ${String(index + 1).padEnd(6)} ${Math.round(result.rows / result.seconds)
          .toLocaleString('en')
          .padStart(
            10,
          )} ${result.firstByte.toFixed(0).padStart(14)} ${result.growthMb.toFixed(1).padStart(14)}`,
      ),
    );
    if (exports.some((result) => result.rows !== PLAYERS)) throw new Error('the CSV lacks players');
    const slowest = Math.min(...exports.map((result) => result.rows / result.seconds));
    const met =
      slowest >= 100_000 && exports.every((result) => result.firstByte < 500 && result.growthMb < 64);
    console.log(
      `  target ≥ 100,000 rows/s, first byte < 500 ms, growth < 64 MB → ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    await context.close();
  }
}
