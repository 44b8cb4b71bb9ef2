/**
 * tools/platform-traffic against the real app listening on a port: players and rounds arrive through the
 * ingest API with an API key, in volume mode and in live mode (each round sent open, then finished), and
 * the rollups stay equal to a recomputation from the raw rounds. Refusals stop the tool with the answer.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sendTraffic,
  TrafficError,
  type TrafficOptions,
} from '../../../../../tools/platform-traffic/traffic';
import { rowsOf } from '../../lib/sql';
import { createTestApp, type TestContext } from '../../test/app';
import { testEngines } from '../../test/databases';
import { apiKeyFor, seedPlatformFixture } from '../../test/platform';
import { recomputedDailySql } from './rollups';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const CASINOS = ['traffic-eu', 'traffic-se'];
const GAMES = ['traffic-game-a', 'traffic-game-b', 'traffic-game-c'];

for (const engine of testEngines) {
  describe(`platform traffic through the ingest API [${engine}]`, () => {
    let context: TestContext & { close(): Promise<void> };
    let url: string;
    let base: TrafficOptions;

    const query = async <Row>(statement: ReturnType<typeof sql>) =>
      rowsOf<Row>(await context.database.db.execute(statement));

    beforeAll(async () => {
      context = await createTestApp(engine);
      await context.app.listen({ host: '127.0.0.1', port: 0 });
      url = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
      const { db } = context.database;
      await seedPlatformFixture(db, {
        casinos: [...CASINOS, 'traffic-elsewhere'],
        integrations: { 'traffic-int': CASINOS, 'traffic-other': ['traffic-elsewhere'] },
        games: Object.fromEntries(GAMES.map((gameId) => [gameId, 96])),
      });
      await db.execute(sql`insert into fx_rates (day, currency, rate_to_eur)
        values ((now() at time zone 'UTC')::date, 'SEK', 0.087),
          ((now() at time zone 'UTC')::date - 1, 'SEK', 0.087)`);
      base = {
        url,
        key: await apiKeyFor(db, 'traffic-int'),
        casinos: CASINOS,
        currencies: ['EUR', 'SEK'],
        games: GAMES,
        playersPerCasino: 12,
        seed: 5,
      };
    });

    afterAll(async () => {
      await context?.close();
    });

    async function expectRollupsEqualRecomputation() {
      const columns = sql`casino_id, day, integration_id, game_id, currency, rounds, open_rounds,
        refunded_rounds, bet, win, bet_eur, win_eur, unrated_rounds`;
      const differences = await query(sql`
        (select ${columns} from round_stats_daily except select ${columns} from (${recomputedDailySql()}) r)
        union all
        (select ${columns} from (${recomputedDailySql()}) r except select ${columns} from round_stats_daily)`);
      expect(differences).toEqual([]);
    }

    it('sends players, then a volume of finished rounds with several requests at once', async () => {
      const lines: string[] = [];
      const result = await sendTraffic({
        ...base,
        rounds: 700,
        concurrency: 3,
        batchSize: 100,
        log: (line) => lines.push(line),
        reportEveryMs: 0,
      });
      expect(result).toMatchObject({ players: 24, rounds: 700, updates: 0 });
      expect(result.roundsPerSecond).toBeGreaterThan(0);
      // 2 player batches are one request; 7 round batches; savegames now and then.
      expect(result.requests).toBeGreaterThanOrEqual(8);
      expect(lines.at(-1)).toMatch(/^700 rounds \(.*\/s now, .*\/s overall\)/);

      const [players] = await query<{ n: number; casinos: string }>(sql`
        select count(*)::int as n, string_agg(distinct casino_id, ',' order by casino_id) as casinos
        from players where integration_id = 'traffic-int'`);
      expect(Number(players!.n)).toBe(24);
      expect(players!.casinos).toBe('traffic-eu,traffic-se');
      const byCasino = await query<{ casino_id: string; currency: string; n: number; open: number }>(sql`
        select casino_id, currency, count(*)::int as n,
          count(*) filter (where status in ('open', 'autoCloseFailed'))::int as open
        from game_rounds group by 1, 2 order by 1, 2`);
      expect(byCasino.map((row) => [row.casino_id, row.currency])).toEqual([
        ['traffic-eu', 'EUR'],
        ['traffic-se', 'SEK'],
      ]);
      expect(byCasino.reduce((sum, row) => sum + Number(row.n), 0)).toBe(700);
      expect(byCasino.every((row) => Number(row.open) === 0)).toBe(true);
      const [money] = await query<{ rtp: number }>(sql`
        select sum(credit)::float8 / sum(debit) as rtp from game_rounds where status <> 'refunded'`);
      expect(Number(money!.rtp)).toBeGreaterThan(0.5);
      expect(Number(money!.rtp)).toBeLessThan(1.6);
      const [rollups] = await query<{ rounds: number; unrated: number }>(sql`
        select sum(rounds)::int as rounds, sum(unrated_rounds)::int as unrated from round_stats_daily`);
      expect(Number(rollups!.rounds)).toBe(700);
      expect(Number(rollups!.unrated)).toBe(0);
      await expectRollupsEqualRecomputation();
    });

    it('in live mode sends each round open and finishes it later, at its rate; stopping finishes the open ones', async () => {
      const rate = 60;
      const since = new Date(Date.now() - 1);
      const fromThisRun = sql`from game_rounds where started_at >= ${since.toISOString()}`;
      const stop = new AbortController();
      let openSeen = 0;
      const watcher = setInterval(() => {
        void query<{ n: number }>(sql`select count(*)::int as n ${fromThisRun} and status = 'open'`).then(
          ([row]) => {
            openSeen = Math.max(openSeen, Number(row?.n ?? 0));
          },
        );
      }, 200);
      const running = sendTraffic({ ...base, live: { ratePerSecond: rate }, signal: stop.signal });
      // At least two seconds and more than a second's rounds arrived: a busy machine may take longer.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (let waited = 0; waited < 30_000; waited += 100) {
        const [arrived] = await query<{ n: number }>(sql`select count(*)::int as n ${fromThisRun}`);
        if (Number(arrived?.n ?? 0) > rate) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      stop.abort();
      const result = await running;
      clearInterval(watcher);

      expect(result.rounds).toBeGreaterThan(rate);
      expect(result.updates).toBe(result.rounds);
      expect(openSeen).toBeGreaterThan(0);
      const [after] = await query<{ n: number; open: number; updated: number; spanMs: number }>(sql`
        select count(*)::int as n, count(*) filter (where status = 'open')::int as open,
          count(*) filter (where updated_at > started_at)::int as updated,
          (extract(epoch from max(started_at) - min(started_at)) * 1000)::int as "spanMs"
        ${fromThisRun}`);
      expect(Number(after!.n)).toBe(result.rounds);
      expect(Number(after!.open)).toBe(0);
      expect(Number(after!.updated)).toBeGreaterThanOrEqual(result.rounds);
      // Each tick's rounds start at the tick: a first tick's worth (250 ms), then the rate over the time
      // from the first tick to the last, however late the ticks came.
      const owed = (rate * (250 + Number(after!.spanMs))) / 1000;
      expect(result.rounds).toBeGreaterThanOrEqual(Math.floor(owed) - 1);
      expect(result.rounds).toBeLessThanOrEqual(Math.ceil(owed) + 1);
      await expectRollupsEqualRecomputation();
    });

    it('stops with the answer when the key is wrong or a casino is not the integration’s', async () => {
      const badKey = sendTraffic({ ...base, key: 'bok_not-a-key', rounds: 10 });
      await expect(badKey).rejects.toBeInstanceOf(TrafficError);
      await expect(badKey).rejects.toMatchObject({ status: 401 });

      const elsewhere = sendTraffic({
        ...base,
        casinos: ['traffic-elsewhere'],
        currencies: ['EUR'],
        rounds: 10,
      });
      await expect(elsewhere).rejects.toMatchObject({ status: 400 });
      await expect(elsewhere).rejects.toThrow(/POST players answered 400: VALIDATION_FAILED .*casinoId/);
    });

    it('runs as `npm run platform-traffic` runs it, with the key from the environment', async () => {
      const run = (args: string[], env: Record<string, string> = {}) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, [tsx, 'tools/platform-traffic/main.ts', ...args], {
            cwd: root,
            env: { ...process.env, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
          child.on('exit', (code) => resolve({ code, output }));
        });
      const args = ['--url', url, '--casinos', CASINOS.join(','), '--currency', 'EUR,SEK'];
      const done = await run([...args, '--games', GAMES.join(','), '--rounds', '120', '--concurrency', '2'], {
        PLATFORM_API_KEY: base.key,
      });
      expect(done.output).toMatch(
        /done: 100 players, 120 rounds, \d+ savegames in [\d.]+ s: [\d.]+ rounds\/s/,
      );
      expect(done.code).toBe(0);

      const unknownGame = await run([...args, '--games', 'no-such-game', '--rounds', '5', '--key', base.key]);
      expect(unknownGame.code).toBe(2);
      expect(unknownGame.output).toMatch(/POST rounds answered 400: VALIDATION_FAILED .*gameId/);
      const usage = await run([...args]);
      expect(usage.code).toBe(2);
      expect(usage.output).toContain('say --rounds N or --live');
    }, 60_000);

    it('refuses options it cannot honour before sending anything', async () => {
      await expect(sendTraffic({ ...base, rounds: 10, batchSize: 1001 })).rejects.toThrow('batch size');
      await expect(sendTraffic({ ...base, currencies: ['EUR', 'SEK', 'GBP'], rounds: 10 })).rejects.toThrow(
        'one currency, or one per casino',
      );
      await expect(sendTraffic({ ...base })).rejects.toThrow('either a number of rounds or live mode');
      await expect(sendTraffic({ ...base, key: '', rounds: 1 })).rejects.toThrow('an API key is needed');
    });
  });
}
