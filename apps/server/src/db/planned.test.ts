/**
 * The plan-caching connections (Database.plannedDb): a statement text is prepared once per connection and
 * planned generically, so a search run again is neither parsed nor planned again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql';
import { createTestDatabase, type TestDatabase } from '../test/databases';

describe.skipIf(!process.env.DATABASE_URL)('plannedDb [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps each statement prepared on its connection and runs it with a generic plan', async () => {
    const statement = (value: number) =>
      sql`select count(*)::int as n from generate_series(1, ${value}::int) as g where g > ${value / 2}::int`;
    // One after the other: the pool hands out the connection that was idle last, the same one each time.
    for (const value of [10, 20, 30]) {
      expect(rowsOf<{ n: number }>(await database.plannedDb.execute(statement(value)))).toEqual([
        { n: value / 2 },
      ]);
    }
    const prepared = rowsOf<{ statement: string; generic_plans: number; custom_plans: number }>(
      await database.plannedDb.execute(sql`select statement, generic_plans::int, custom_plans::int
        from pg_prepared_statements where statement like '%generate_series%'
          and statement not like '%pg_prepared_statements%'`),
    );
    expect(prepared).toEqual([expect.objectContaining({ generic_plans: 3, custom_plans: 0 })]);
    // The other connections plan each statement afresh, as before.
    const [mode] = rowsOf<{ plan_cache_mode: string }>(await database.db.execute(sql`show plan_cache_mode`));
    expect(mode!.plan_cache_mode).toBe('auto');
  });
});
