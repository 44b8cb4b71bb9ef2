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
import { get as httpGet } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/lib/sql';
import { createTestApp } from '../apps/server/src/test/app';
import { percentile, report, time, type Timing } from './lib/measure';
import { CASINOS, GAMES, INTEGRATIONS, seedTwelveMonths } from './lib/platform';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
export async function run(): Promise<void> {
  // The reports as read from the rollups every time: answers kept in memory (decision 040) left out.
  const context = await createTestApp('postgres', {}, { reportCache: { entries: 0, characters: 0 } });
  const { db } = context.database;
  try {
    const range = await seedTwelveMonths(db, ROUNDS);

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

    // Every other filter, alone and combined (issue 16, item 3): keyset pages newest first.
    const month = `${range.to.slice(0, 8)}01`;
    const filters: [string, Record<string, string>][] = [
      ['status completed (most rounds)', { status: 'completed' }],
      ['status completed, two casinos', { status: 'completed', casinoIds: `${CASINOS[0]},${CASINOS[1]}` }],
      ['status refunded (about 1 %)', { status: 'refunded' }],
      ['status autoCloseFailed (about 0.1 %)', { status: 'autoCloseFailed' }],
      ['status open', { status: 'open' }],
      ['one game', { gameIds: GAMES[16]! }],
      ['three games', { gameIds: [GAMES[16], GAMES[32], GAMES[58]].join(',') }],
      ['one game, status refunded', { gameIds: GAMES[16]!, status: 'refunded' }],
      ['one casino', { casinoIds: CASINOS[4]! }],
      ['one integration', { integrationIds: Object.keys(INTEGRATIONS)[2]! }],
      ['one day, last month', { from: `${month}T00:00:00Z`, to: `${month}T23:59:59.999Z` }],
      [
        'first week of the year, one game, one casino',
        {
          from: `${range.from}T00:00:00Z`,
          to: `${range.from.slice(0, 8)}07T23:59:59.999Z`,
          gameIds: GAMES[2]!,
          casinoIds: CASINOS[6]!,
        },
      ],
      [
        'integration, status open, since a month',
        {
          integrationIds: Object.keys(INTEGRATIONS)[1]!,
          status: 'open',
          from: `${month}T00:00:00Z`,
        },
      ],
    ];
    const byFilter: Timing[] = [];
    for (const [name, query] of filters) {
      byFilter.push(await time(`by ${name}`, 100, () => get('/api/game-rounds', query)));
    }
    // The second page of the broadest one: the cursor keeps paging as cheap as the first page.
    const first = (await get('/api/game-rounds', { status: 'completed' })).json<{ next: string }>();
    byFilter.push(
      await time('by status completed, second page', 100, () =>
        get('/api/game-rounds', { status: 'completed', after: first.next }),
      ),
    );
    report(
      `Game-round search by filter over ${ROUNDS.toLocaleString('en')} rounds (PostgreSQL)`,
      baseline,
      byFilter,
    );
    const slowestFilter = Math.max(...byFilter.map((timing) => percentile(timing.samples, 95)));
    console.log(
      `  target p95 < 50 ms by any filter → ${slowestFilter < 50 ? 'met' : 'NOT met'} (slowest ${slowestFilter.toFixed(1)} ms)`,
    );

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
    // As a browser asks (brotli, decompressed here in the server's own process, which costs it too),
    // and uncompressed.
    const exportOnce = async (encoding: 'br' | 'identity') => {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      let firstByte = 0;
      let lines = 0;
      // node:http and a pipeline, so that the reading holds the download back all the way: fetch's
      // decompression did not, and buffered up to 1.3 GB of a brotli download in this process (2026-11-30).
      await new Promise<void>((resolve, reject) => {
        const request = httpGet(
          `${address}/api/reports/players.csv`,
          { headers: { cookie: accountant.headers.cookie!, 'accept-encoding': encoding } },
          (response) => {
            const refused =
              response.statusCode !== 200
                ? `CSV answered ${response.statusCode}`
                : (response.headers['content-encoding'] ?? 'identity') !== encoding
                  ? `CSV not sent as ${encoding}`
                  : undefined;
            if (refused) {
              response.resume();
              reject(new Error(refused));
              return;
            }
            const arrived = new Transform({
              transform(chunk: Buffer, _encoding, done) {
                if (firstByte === 0) firstByte = performance.now() - started;
                done(null, chunk);
              },
            });
            const count = new Writable({
              write(chunk: Buffer, _encoding, done) {
                for (const byte of chunk) if (byte === 10) lines++;
                done();
              },
            });
            (encoding === 'br'
              ? pipeline(response, arrived, createBrotliDecompress(), count)
              : pipeline(response, arrived, count)
            ).then(resolve, reject);
          },
        );
        request.on('error', reject);
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      return { rows: lines - 1, seconds, firstByte, growthMb: (rssPeak - rssBefore) / 2 ** 20 };
    };
    await exportOnce('br'); // warm-up
    const exports = [];
    for (const encoding of ['br', 'identity'] as const) {
      for (let run = 0; run < 3; run++) exports.push({ encoding, ...(await exportOnce(encoding)) });
    }
    console.log(`\nPlayer CSV export of ${PLAYERS.toLocaleString('en')} players over HTTP (PostgreSQL)`);
    console.log(
      `  ${'encoding'.padEnd(9)} ${'rows/s'.padStart(10)} ${'first byte ms'.padStart(14)} ${'RSS growth MB'.padStart(14)}`,
    );
    for (const result of exports) {
      const rate = Math.round(result.rows / result.seconds).toLocaleString('en');
      console.log(
        `  ${result.encoding.padEnd(9)} ${rate.padStart(10)} ${result.firstByte.toFixed(0).padStart(14)} ${result.growthMb.toFixed(1).padStart(14)}`,
      );
    }
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
