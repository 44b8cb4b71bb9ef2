import { afterEach, expect, it } from 'vitest';
import { gameStudios, games } from '../db/schema/index';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/databases';
import { testSecretBox } from '../test/secrets';
import { seedDemoCatalogue } from './catalogue';

let database: TestDatabase | undefined;
afterEach(() => database?.destroy());

// On PostgreSQL the seeding's transaction is one connection: it must send one statement at a time (the
// suites' setup fails the run on node-postgres' warning about a query sent while another runs).
it.each(testEngines)(
  'seeds the demo catalogue once, each game with the studio it names (%s)',
  async (engine) => {
    database = await createTestDatabase(engine);
    const { db } = database;
    await seedDemoCatalogue(db, testSecretBox());
    await seedDemoCatalogue(db, testSecretBox());

    const studios = await db.select().from(gameStudios);
    const stored = await db.select().from(games);
    expect(stored.length).toBeGreaterThan(30);
    const studioOf = new Map(studios.map((studio) => [studio.id, studio.name]));
    const studioOfGame = (gameId: string) =>
      studioOf.get(stored.find((game) => game.gameId === gameId)?.studioId ?? '');
    expect(studioOfGame('viking-voyage')).toBe('Northern Lights Studio');
    expect(studioOfGame('wild-west-wagons')).toBe('Red Rock Games');
    expect(new Set(stored.map((game) => game.studioId)).size).toBe(studios.length);
  },
);
