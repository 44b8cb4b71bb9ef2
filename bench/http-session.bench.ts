/**
 * What being signed in costs per request (issue 16, items 2 and 4): the real server over HTTP on
 * PostgreSQL with a real session cookie, 8 connections, against /healthz (no session, no database) in the
 * same run — the session alone, a light route, and list pages of six rows each (the casinos list with 6
 * casinos bound to two integrations, as in the demo, next to the jurisdictions list with 6 jurisdictions).
 * The two lists are measured twice: kept in memory as the product keeps them (decision 041), and read from
 * the database by a second instance that keeps no answer (the first read after a change). The casinos list
 * is measured once more as a browser asks for it, compressed (kept, and not kept).
 * The kinds take turns over five rounds; each is reported by its median round.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { jurisdictions } from '../apps/server/src/db/schema/index';
import { signInTo } from '../apps/server/src/test/app';
import { createTestDatabase } from '../apps/server/src/test/databases';
import { seedPlatformFixture } from '../apps/server/src/test/platform';
import { load, reportLoad, type LoadResult } from './lib/load';
import { percentile } from './lib/measure';

const CONNECTIONS = 8;
const DURATION_MS = 3_000;
const WARMUP_MS = 500;
const ROUNDS = 5;
/** What Chromium accepts. */
const BROWSER = 'gzip, deflate, br, zstd';

export async function run(): Promise<void> {
  const database = await createTestDatabase('postgres');
  const instance = (keptAnswers: boolean) =>
    buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
      keptAnswers,
    });
  const app = await instance(true);
  const reading = await instance(false);
  try {
    const listen = async (server: typeof app) => {
      await server.listen({ host: '127.0.0.1', port: 0 });
      return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    };
    const base = await listen(app);
    const readBase = await listen(reading);
    await seedPlatformFixture(database.db, {
      casinos: ['casino-1', 'casino-2', 'casino-3', 'casino-4', 'casino-5', 'casino-6'],
      integrations: {
        'integration-1': ['casino-1', 'casino-2', 'casino-3'],
        'integration-2': ['casino-4', 'casino-5', 'casino-6'],
      },
      games: {},
    });
    // The casinos share one jurisdiction; five more make both lists six rows long.
    for (const n of [2, 3, 4, 5, 6]) {
      await database.db.insert(jurisdictions).values({ name: `Jurisdiction ${n}` });
    }
    const { headers } = await signInTo(database, 'admin');
    const cookie = { cookie: headers.cookie! };
    const kinds: { name: string; path: string; signedIn: boolean; base?: string; encoding?: string }[] = [
      { name: 'GET /healthz (no session)', path: '/healthz', signedIn: false },
      { name: 'GET /auth/session', path: '/auth/session', signedIn: true },
      { name: 'GET /api/account', path: '/api/account', signedIn: true },
      { name: 'GET /api/jurisdictions (6)', path: '/api/jurisdictions', signedIn: true },
      { name: 'GET /api/casinos (6)', path: '/api/casinos', signedIn: true },
      {
        name: 'GET /api/jurisdictions (6), not kept',
        path: '/api/jurisdictions',
        signedIn: true,
        base: readBase,
      },
      { name: 'GET /api/casinos (6), not kept', path: '/api/casinos', signedIn: true, base: readBase },
      // As Chromium asks (the list is above 1 KB, so it comes compressed): the kept copy, and compressed
      // while the request waits.
      { name: 'GET /api/casinos (6), brotli', path: '/api/casinos', signedIn: true, encoding: BROWSER },
      {
        name: 'GET /api/casinos (6), brotli, not kept',
        path: '/api/casinos',
        signedIn: true,
        base: readBase,
        encoding: BROWSER,
      },
    ];
    // The machine is noisy: the kinds take turns, round after round, and each kind is reported by its
    // median round; the casinos list is compared with the jurisdictions list round by round.
    const rounds: LoadResult[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results: LoadResult[] = [];
      for (const kind of kinds) {
        results.push(
          await load({
            name: kind.name,
            url: `${kind.base ?? base}${kind.path}`,
            headers: {
              ...(kind.signedIn ? cookie : {}),
              ...(kind.encoding ? { 'accept-encoding': kind.encoding } : {}),
            },
            connections: CONNECTIONS,
            durationMs: DURATION_MS,
            warmupMs: round === 0 ? WARMUP_MS : 0,
          }),
        );
      }
      rounds.push(results);
    }
    const medianOf = (index: number) =>
      rounds.map((results) => results[index]!).sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
        ROUNDS >> 1
      ]!;
    reportLoad(
      `Signed-in requests over HTTP, PostgreSQL, ${CONNECTIONS} connections (each kind's median of ${ROUNDS} rounds)`,
      kinds.map((_, index) => medianOf(index)),
    );
    // The casinos list ÷ the jurisdictions list, round by round, kept and not kept.
    const compare = (label: string, casinosName: string, jurisdictionsName: string) => {
      const casinosIndex = kinds.findIndex((kind) => kind.name === casinosName);
      const jurisdictionsIndex = kinds.findIndex((kind) => kind.name === jurisdictionsName);
      const ratios = rounds.map(
        (results) =>
          results[casinosIndex]!.requestsPerSecond / results[jurisdictionsIndex]!.requestsPerSecond,
      );
      console.log(
        `  casinos list ÷ jurisdictions list, ${label}, round by round: ${ratios.map((ratio) => `${ratio.toFixed(2)}×`).join(', ')}; median ${percentile(ratios, 50).toFixed(2)}×`,
      );
    };
    compare('kept', 'GET /api/casinos (6)', 'GET /api/jurisdictions (6)');
    compare('not kept', 'GET /api/casinos (6), not kept', 'GET /api/jurisdictions (6), not kept');
    compare('kept, brotli', 'GET /api/casinos (6), brotli', 'GET /api/jurisdictions (6)');
  } finally {
    await app.close();
    await reading.close();
    await database.destroy();
  }
}
