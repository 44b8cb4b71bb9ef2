/** The check that the maintained rollups equal a recomputation from the raw rounds, for tests. */
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { rowsOf } from '../lib/sql';
import { recomputedDailySql, ROLLUP_FIGURE_COLUMNS } from '../modules/platform/rollups';

type Row = Record<string, string>;

/** The figures as text, and their sums as text under their own names. */
const figures = sql.raw(ROLLUP_FIGURE_COLUMNS.map((figure) => `${figure}::text`).join(', '));
const summed = sql.raw(ROLLUP_FIGURE_COLUMNS.map((figure) => `sum(${figure})::text as ${figure}`).join(', '));

export async function expectRollupsExact(db: Db): Promise<void> {
  // Exact decimals compared as text without trailing zeros ("1.50" and "1.5" are the same amount).
  const exact = (value: string) => (/^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value);
  const norm = (rows: Row[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, exact(value)])));
  const rows = async (query: SQL) => norm(rowsOf<Row>(await db.execute(query)));

  expect(
    await rows(sql`select casino_id, day::text, integration_id, game_id, currency, ${figures}
      from round_stats_daily order by 1, 2, 3, 4, 5`),
  ).toEqual(
    await rows(sql`select casino_id, day::text, integration_id, game_id, currency, ${figures}
      from (${recomputedDailySql()}) d order by 1, 2, 3, 4, 5`),
  );
  expect(
    await rows(sql`select casino_id, month::text, integration_id, game_id, currency, ${figures}
      from round_stats_monthly order by 1, 2, 3, 4, 5`),
  ).toEqual(
    await rows(sql`select casino_id, date_trunc('month', day)::date::text as month, integration_id, game_id,
      currency, ${summed}
      from (${recomputedDailySql()}) d group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  );
  // The daily totals are the daily rows summed over the games.
  expect(
    await rows(sql`select casino_id, day::text, integration_id, currency, ${figures}
      from round_stats_daily_totals order by 1, 2, 3, 4`),
  ).toEqual(
    await rows(sql`select casino_id, day::text as day, integration_id, currency, ${summed}
      from round_stats_daily group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
}
