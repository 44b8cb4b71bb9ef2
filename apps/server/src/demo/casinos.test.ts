import { afterEach, expect, it } from 'vitest';
import { casinoGames, casinos } from '../db/schema/index';
import { resolveOperatorConfig } from '../modules/casinos/casinos.config';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { seedDemoBridge } from './bridges';
import { seedDemoCasinos } from './casinos';
import { seedDemoCatalogue } from './catalogue';
import { seedDemo } from './seed';
import { testSecretBox } from '../test/secrets';

let database: TestDatabase | undefined;
afterEach(() => database?.destroy());

it('seeds the demo casinos once, on the demo bridge, with valid operator configurations and games', async () => {
  database = await createTestDatabase('pglite');
  const { db } = database;
  await seedDemo(db);
  await seedDemoBridge(db, testSecretBox(), 'http://127.0.0.1:4610');
  await seedDemoCatalogue(db, testSecretBox());
  await seedDemoCasinos(db, testSecretBox());
  await seedDemoCasinos(db, testSecretBox());

  const stored = await db.select().from(casinos).orderBy(casinos.id);
  expect(stored.map((casino) => casino.id)).toEqual([
    'lucky-malta',
    'nordic-star',
    'rheinspiel',
    'thames-play',
  ]);
  expect(new Set(stored.map((casino) => casino.bridgeId)).size).toBe(1);
  for (const casino of stored) {
    // What the API would store for this configuration: the demo data follows the same rules.
    expect(resolveOperatorConfig(casino.api, { ...casino.config, ...casino.secrets }), casino.id).toEqual({
      config: casino.config,
      secrets: casino.secrets,
    });
  }
  const assigned = await db.select().from(casinoGames);
  expect(assigned.length).toBeGreaterThan(8);
  expect(assigned.some((game) => game.active)).toBe(true);
});

it('seeds nothing without the demo bridge', async () => {
  database = await createTestDatabase('pglite');
  await seedDemo(database.db);
  await seedDemoCatalogue(database.db, testSecretBox());
  await seedDemoCasinos(database.db, testSecretBox());
  expect(await database.db.select().from(casinos)).toEqual([]);
});
