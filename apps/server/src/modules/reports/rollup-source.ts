/**
 * The one place the money reports read the rollups from. A date range is split into the whole calendar
 * months inside it, read from round_stats_monthly, and the days of the partial months at its edges, read
 * from round_stats_daily; a year therefore reads about 30 times fewer rows than day by day. Every report
 * builds its SQL over this source, with the same filters and the same scope rule.
 */
import type { ReportFilter } from '@backoffice/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../../lib/scope';

/** Days as yyyy-MM-dd; `to` is included. */
export interface DayRange {
  from: string;
  to: string;
}

/** How a report range is read: whole months (first days, `to` included) and the days around them. */
export interface RollupPlan {
  months: DayRange | null;
  days: DayRange[];
}

const DAY_MS = 86_400_000;

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(day) + days * DAY_MS);
}

/** The first day of the month of `day`, moved by `months` months. */
export function firstOfMonth(day: string, months = 0): string {
  const date = new Date(Date.parse(day));
  return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
}

/**
 * Splits [from, to] into the whole calendar months inside it and the remaining days at either edge.
 * `perDay` reads every day from the daily rollup (for answers that need single days).
 */
export function planRange(range: DayRange, perDay = false): RollupPlan {
  const firstWhole = range.from === firstOfMonth(range.from) ? range.from : firstOfMonth(range.from, 1);
  // The first day of the month after the last whole month: the month of the day after `to`.
  const afterWhole = firstOfMonth(addDays(range.to, 1));
  if (perDay || firstWhole >= afterWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.from < firstWhole) days.push({ from: range.from, to: addDays(firstWhole, -1) });
  if (afterWhole <= range.to) days.push({ from: afterWhole, to: range.to });
  return { months: { from: firstWhole, to: firstOfMonth(afterWhole, -1) }, days };
}

export function inList(column: SQL, ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const casinoId = sql.raw('casino_id');
const integrationId = sql.raw('integration_id');

/**
 * The scope rule of all platform data, for rows with casino_id and integration_id columns: a scoped
 * reader sees a row when its casino OR its integration is one of theirs. Undefined when unlimited.
 */
export function platformScopeCondition(scope: Scope): SQL | undefined {
  if (scope.unlimited) return undefined;
  const parts = [
    ...(scope.casinoIds.length > 0 ? [inList(casinoId, scope.casinoIds)] : []),
    ...(scope.integrationIds.length > 0 ? [inList(integrationId, scope.integrationIds)] : []),
  ];
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/** The filters of a report and the reader's scope, for rows with the rollups' column names. */
export function rollupConditions(filter: ReportFilter, scope: Scope): SQL[] {
  const conditions: SQL[] = [];
  const inScope = platformScopeCondition(scope);
  if (inScope) conditions.push(inScope);
  if (filter.casinoIds?.length) conditions.push(inList(casinoId, filter.casinoIds));
  if (filter.integrationIds?.length) conditions.push(inList(integrationId, filter.integrationIds));
  if (filter.gameIds?.length) conditions.push(inList(sql.raw('game_id'), filter.gameIds));
  if (filter.currency) conditions.push(sql`currency = ${filter.currency}`);
  return conditions;
}

const figureColumns = sql.raw(
  'integration_id, game_id, currency, rounds, bet, win, bet_eur, win_eur, bet_rounds, win_per_bet_sum, win_per_bet_squares, bet_squares_eur',
);

/**
 * The rollup rows of a report: casino_id, day (of a daily row, or the first day of a monthly row),
 * integration_id, game_id, currency and the figures. Use it as `from (${source}) as s`.
 */
export function rollupSource(filter: ReportFilter, scope: Scope, options: { perDay?: boolean } = {}): SQL {
  const plan = planRange(filter, options.perDay);
  const conditions = rollupConditions(filter, scope);
  const where = (range: SQL) => sql.join([range, ...conditions], sql` and `);
  const parts: SQL[] = plan.days.map(
    (days) => sql`select casino_id, day, ${figureColumns} from round_stats_daily
      where ${where(sql`day >= ${days.from}::date and day <= ${days.to}::date`)}`,
  );
  if (plan.months) {
    parts.push(sql`select casino_id, month as day, ${figureColumns} from round_stats_monthly
      where ${where(sql`month >= ${plan.months.from}::date and month <= ${plan.months.to}::date`)}`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * The currencies and days in the range (within the filters and scope) with rounds but no exchange rate:
 * the rounds are counted, their money is not in the EUR figures. Found through the partial index on
 * unrated daily rows.
 */
export function missingRatesSql(filter: ReportFilter, scope: Scope): SQL {
  const conditions = [
    sql`unrated_rounds > 0`,
    sql`day >= ${filter.from}::date and day <= ${filter.to}::date`,
    ...rollupConditions(filter, scope),
  ];
  return sql`select distinct currency, to_char(day, 'YYYY-MM-DD') as day from round_stats_daily
    where ${sql.join(conditions, sql` and `)}
    order by day, currency`;
}
