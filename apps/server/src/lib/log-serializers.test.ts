import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { apiKeyFor, seedPlatformFixture } from '../test/platform';
import { serializeError } from './log-serializers';

const player = {
  casinoId: 'log-casino',
  playerId: 'player-4711',
  email: 'grace.hopper@example.test',
  firstName: 'Grace',
  lastName: 'Hopperfield',
  nickName: 'amazing-grace',
};

let database: TestDatabase;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  await seedPlatformFixture(database.db, {
    casinos: ['log-casino'],
    integrations: { 'log-int': ['log-casino'] },
    games: {},
  });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

it('logs a failed query without the values it carried', async () => {
  const failure = await database.db.execute(sql`select ${player.email}::int`).then(
    () => undefined,
    (error: unknown) => error,
  );
  const logged = JSON.stringify(serializeError(failure as Error));
  expect(logged).toContain('Failed query');
  expect(logged).toContain('22P02');
  expect(logged).not.toContain(player.email);
});

it("logs a failed ingest batch with its error and request, never the players' personal data", async () => {
  const key = await apiKeyFor(database.db, 'log-int');
  // The database refuses every player: the batch fails on our side (500) and is logged as an error.
  await database.db.execute(sql`alter table players add constraint refuse_all check (false) not valid`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/platform/v1/players',
    headers: { authorization: `Bearer ${key}` },
    payload: { players: [player] },
  });
  expect(response.statusCode).toBe(500);
  const log = lines.join('');
  expect(log).toContain('unhandled error');
  expect(log).toContain('23514');
  for (const personal of [player.email, player.firstName, player.lastName, player.nickName, key])
    expect(log).not.toContain(personal);
});
