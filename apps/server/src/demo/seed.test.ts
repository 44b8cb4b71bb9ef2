import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { seedDemo } from './seed';

describe('demo master data', () => {
  let database: TestDatabase;
  const roles = async () =>
    rowsOf<{ roles: string[] }>(
      await database.db.execute(sql`select second_factor_roles as roles from global_settings where id = 1`),
    )[0]!.roles;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => database?.destroy());

  it('needs no second factor for any role, until master data says otherwise', async () => {
    expect(await roles()).toEqual(['admin', 'developer', 'support']);
    await seedDemo(database.db);
    expect(await roles()).toEqual([]);
    // A choice made in master data (a new version of the settings) survives the next start.
    await database.db.execute(sql`update global_settings set second_factor_roles = '{admin}',
      version = version + 1 where id = 1`);
    await seedDemo(database.db);
    expect(await roles()).toEqual(['admin']);
  });
});
