/** The check that the maintained rollups equal a recomputation from the raw rounds, for tests. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { rowsOf } from '../lib/sql';
import { recomputedDailySql } from '../modules/platform/rollups';

type Row = Record<string, string>;

export async function expectRollupsExact(db: Db): Promise<void> {
  // Exact decimals compared as text without trailing zeros ("1.50" and "1.5" are the same amount).
  const exact = (value: string) => (/^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value);
  const norm = (rows: Row[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, exact(value)])));
  const maintainedDaily = rowsOf<Row>(
    await db.execute(sql`select casino_id, day::text, integration_id, game_id, currency, rounds::text,
      open_rounds::text, refunded_rounds::text, bet::text, win::text, bet_eur::text, win_eur::text,
      unrated_rounds::text, bet_rounds::text, win_per_bet_sum::text, win_per_bet_squares::text,
      bet_squares::text, bet_squares_eur::text
      from round_stats_daily order by 1, 2, 3, 4, 5`),
  );
  const recomputedDaily = rowsOf<Row>(
    await db.execute(sql`select casino_id, day::text, integration_id, game_id, currency, rounds::text,
      open_rounds::text, refunded_rounds::text, bet::text, win::text, bet_eur::text, win_eur::text,
      unrated_rounds::text, bet_rounds::text, win_per_bet_sum::text, win_per_bet_squares::text,
      bet_squares::text, bet_squares_eur::text
      from (${recomputedDailySql()}) d order by 1, 2, 3, 4, 5`),
  );
  expect(norm(maintainedDaily)).toEqual(norm(recomputedDaily));
  const maintainedMonthly = rowsOf<Row>(
    await db.execute(sql`select casino_id, month::text, integration_id, game_id, currency, rounds::text,
      open_rounds::text, refunded_rounds::text, bet::text, win::text, bet_eur::text, win_eur::text,
      unrated_rounds::text, bet_rounds::text, win_per_bet_sum::text, win_per_bet_squares::text,
      bet_squares::text, bet_squares_eur::text
      from round_stats_monthly order by 1, 2, 3, 4, 5`),
  );
  const recomputedMonthly = rowsOf<Row>(
    await db.execute(sql`select casino_id, date_trunc('month', day)::date::text as month, integration_id, game_id,
      currency, sum(rounds)::text as rounds, sum(open_rounds)::text as open_rounds,
      sum(refunded_rounds)::text as refunded_rounds, sum(bet)::text as bet, sum(win)::text as win,
      sum(bet_eur)::text as bet_eur, sum(win_eur)::text as win_eur, sum(unrated_rounds)::text as unrated_rounds,
      sum(bet_rounds)::text as bet_rounds, sum(win_per_bet_sum)::text as win_per_bet_sum,
      sum(win_per_bet_squares)::text as win_per_bet_squares, sum(bet_squares)::text as bet_squares,
      sum(bet_squares_eur)::text as bet_squares_eur
      from (${recomputedDailySql()}) d group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  );
  expect(norm(maintainedMonthly)).toEqual(norm(recomputedMonthly));
  const figures = `rounds::text, open_rounds::text, refunded_rounds::text, bet::text, win::text,
    bet_eur::text, win_eur::text, unrated_rounds::text, bet_rounds::text, win_per_bet_sum::text,
    win_per_bet_squares::text, bet_squares::text, bet_squares_eur::text`;
  const maintainedTotals = rowsOf<Row>(
    await db.execute(sql`select casino_id, day::text, integration_id, currency, ${sql.raw(figures)}
      from round_stats_daily_totals order by 1, 2, 3, 4`),
  );
  const summedDaily = rowsOf<Row>(
    await db.execute(sql`select casino_id, day::text as day, integration_id, currency,
      sum(rounds)::text as rounds, sum(open_rounds)::text as open_rounds,
      sum(refunded_rounds)::text as refunded_rounds, sum(bet)::text as bet, sum(win)::text as win,
      sum(bet_eur)::text as bet_eur, sum(win_eur)::text as win_eur, sum(unrated_rounds)::text as unrated_rounds,
      sum(bet_rounds)::text as bet_rounds, sum(win_per_bet_sum)::text as win_per_bet_sum,
      sum(win_per_bet_squares)::text as win_per_bet_squares, sum(bet_squares)::text as bet_squares,
      sum(bet_squares_eur)::text as bet_squares_eur
      from round_stats_daily group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  expect(norm(maintainedTotals)).toEqual(norm(summedDaily));
}
