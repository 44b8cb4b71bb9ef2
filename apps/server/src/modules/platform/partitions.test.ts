import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { describeEachEngine } from '../../test/app';

describeEachEngine('partitions of game rounds', (ctx) => {
  it('creates a month once when many callers ask for it at the same moment', async () => {
    const { db } = ctx().database;
    // Separate statements on separate connections (on PostgreSQL), racing for the same new month.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        db.execute(sql`select ensure_game_rounds_partition('2031-07-15'::date) as created`),
      ),
    );
    const created = answers.map((answer) => rowsOf<{ created: boolean }>(answer)[0]!.created);
    expect(created.filter(Boolean)).toHaveLength(1);
    const [partition] = rowsOf<{ name: string | null }>(
      await db.execute(sql`select to_regclass('game_rounds_2031_07')::text as name`),
    );
    expect(partition?.name).toBe('game_rounds_2031_07');
  });
});
