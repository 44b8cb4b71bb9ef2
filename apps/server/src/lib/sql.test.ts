import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/databases';
import { statementOnce } from './sql';

describe.each(testEngines)('statementOnce (%s)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.destroy());

  /** A statement whose text has `count` placeholders, counting how often it is built. */
  function sumOf(count: number, built: { times: number }) {
    return () => {
      built.times++;
      const terms = Array.from({ length: count }, (_, index) => sql`${sql.placeholder(`n${index}`)}::int`);
      return sql`select ${sql.join(terms, sql` + `)} as total, ${sql.placeholder('label')}::text as label`;
    };
  }

  it('builds a shape once per database handle and runs it with each call’s values', async () => {
    const built = { times: 0 };
    const run = (values: Record<string, unknown>) =>
      statementOnce<{ total: number; label: string }>(database.db, 'sum of two', sumOf(2, built)).execute(
        values,
      );
    expect(await run({ n0: 1, n1: 2, label: 'a' })).toEqual([{ total: 3, label: 'a' }]);
    expect(await run({ n0: 40, n1: 2, label: 'b' })).toEqual([{ total: 42, label: 'b' }]);
    // Values that would be SQL if written into the text stay values.
    expect(await run({ n0: 0, n1: 0, label: "x'; drop table users; --" })).toEqual([
      { total: 0, label: "x'; drop table users; --" },
    ]);
    expect(built.times).toBe(1);

    // Another shape is built on its own; another handle builds the same shape again.
    const three = { times: 0 };
    const [summed] = await statementOnce<{ total: number }>(
      database.db,
      'sum of three',
      sumOf(3, three),
    ).execute({ n0: 1, n1: 1, n2: 1, label: '' });
    expect(summed!.total).toBe(3);
    await database.db.transaction(async (tx) => {
      const [inside] = await statementOnce<{ total: number }>(tx, 'sum of two', sumOf(2, built)).execute({
        n0: 5,
        n1: 5,
        label: 'tx',
      });
      expect(inside!.total).toBe(10);
    });
    expect([built.times, three.times]).toEqual([2, 1]);
  });

  it('beyond 500 shapes of a handle, builds each further one every time it runs, still right', async () => {
    const db = database.plannedDb;
    const counts = Array.from({ length: 500 }, () => ({ times: 0 }));
    await Promise.all(
      counts.map((built, index) =>
        statementOnce(db, `filler ${index}`, () => {
          built.times++;
          return sql`select 1`;
        }).execute({}),
      ),
    );
    const late = { times: 0 };
    for (const n0 of [1, 2, 3]) {
      const [row] = await statementOnce<{ total: number }>(db, 'late shape', sumOf(1, late)).execute({
        n0,
        label: '',
      });
      expect(row!.total).toBe(n0);
    }
    expect(late.times).toBe(3);
    // A shape kept before the limit is still kept.
    await statementOnce(db, 'filler 0', () => {
      counts[0]!.times++;
      return sql`select 1`;
    }).execute({});
    expect(counts[0]!.times).toBe(1);
  });
});
