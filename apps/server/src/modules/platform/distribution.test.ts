/**
 * What keeps the platform tables distributable by casino (docs/scaling.md): on Citus, a distributed
 * table's primary keys, unique keys and foreign keys must include the distribution column, and every
 * report query must be answerable per casino. Checked against the real catalogue of the migrated database.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { describeEachEngine } from '../../test/app';

const DISTRIBUTED_TABLES = [
  'players',
  'game_rounds',
  'savegames',
  'round_stats_daily',
  'round_stats_daily_totals',
  'round_stats_monthly',
] as const;

describeEachEngine('platform tables distributable by casino_id', (ctx) => {
  const db = () => ctx().database.db;

  it('leads every primary key with casino_id', async () => {
    const keys = rowsOf<{ table: string; first: string }>(
      await db().execute(sql`
        select c.conrelid::regclass::text as table, a.attname as first
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'p' and c.conrelid::regclass::text = any(${`{${DISTRIBUTED_TABLES.join(',')}}`}::text[])
        order by 1`),
    );
    expect(keys).toEqual([...DISTRIBUTED_TABLES].sort().map((table) => ({ table, first: 'casino_id' })));
  });

  it('includes casino_id in every unique index and foreign key, and references no other table', async () => {
    const uniques = rowsOf<{ index: string; columns: string[] }>(
      await db().execute(sql`
        select i.indexrelid::regclass::text as index,
          array(select a.attname::text from unnest(i.indkey) k join pg_attribute a
            on a.attrelid = i.indrelid and a.attnum = k) as columns
        from pg_index i
        where i.indisunique and i.indrelid::regclass::text = any(${`{${DISTRIBUTED_TABLES.join(',')}}`}::text[])`),
    );
    expect(uniques.length).toBeGreaterThanOrEqual(DISTRIBUTED_TABLES.length);
    for (const unique of uniques) expect(unique.columns, unique.index).toContain('casino_id');

    const foreign = rowsOf<{ name: string }>(
      await db().execute(sql`
        select conname as name from pg_constraint
        where contype = 'f' and (conrelid::regclass::text = any(${`{${DISTRIBUTED_TABLES.join(',')}}`}::text[])
          or confrelid::regclass::text = any(${`{${DISTRIBUTED_TABLES.join(',')}}`}::text[]))`),
    );
    expect(foreign).toEqual([]);
  });

  it('partitions game_rounds by month of the start, ahead of time', async () => {
    const partitions = rowsOf<{ name: string }>(
      await db().execute(sql`select inhrelid::regclass::text as name from pg_inherits
        where inhparent = 'game_rounds'::regclass order by 1`),
    );
    const now = new Date();
    const expected = [0, 1, 2].map((offset) => {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      return `game_rounds_${month.toISOString().slice(0, 7).replace('-', '_')}`;
    });
    expect(partitions.map((partition) => partition.name)).toEqual(expect.arrayContaining(expected));
    const strategy = rowsOf<{ strategy: string; key: string }>(
      await db().execute(sql`select p.partstrat as strategy, a.attname as key from pg_partitioned_table p
        join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
        where p.partrelid = 'game_rounds'::regclass`),
    );
    expect(strategy).toEqual([{ strategy: 'r', key: 'started_at' }]);
  });
});
