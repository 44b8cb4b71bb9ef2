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

/**
 * How a report range is read: months from the monthly rollup (first days, `to` included), days added from
 * the daily one, and days taken away again — a month the range covers but for a few days is read whole,
 * less those days, which reads far fewer rows than the days it does cover. Every figure is a sum, so the
 * difference is exact.
 */
export interface RollupPlan {
  months: DayRange | null;
  days: DayRange[];
  lessDays: DayRange[];
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

function daysIn(range: DayRange): number {
  return (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS + 1;
}

/** Adjacent ranges as one (one scan instead of two). */
function joined(ranges: DayRange[]): DayRange[] {
  const result: DayRange[] = [];
  for (const range of ranges) {
    const last = result.at(-1);
    if (last && addDays(last.to, 1) === range.from) last.to = range.to;
    else result.push({ ...range });
  }
  return result;
}

/**
 * Splits [from, to] into months and days (see RollupPlan): a month the range covers whole is read from the
 * monthly rollup; a partial one at an edge by its days, or whole less the days outside the range when that
 * reads fewer rows (a month's rows count about as one day's). `perDay` reads every day from the daily
 * rollup (for answers that need single days).
 */
export function planRange(range: DayRange, perDay = false): RollupPlan {
  if (perDay) return { months: null, days: [range], lessDays: [] };
  const months: string[] = [];
  const days: DayRange[] = [];
  const lessDays: DayRange[] = [];
  for (let month = firstOfMonth(range.from); month <= range.to; month = firstOfMonth(month, 1)) {
    const whole = { from: month, to: addDays(firstOfMonth(month, 1), -1) };
    const inside = {
      from: range.from > whole.from ? range.from : whole.from,
      to: range.to < whole.to ? range.to : whole.to,
    };
    const covered = daysIn(inside);
    const left = daysIn(whole) - covered;
    if (left === 0 || 1 + left < covered) {
      months.push(month);
      if (inside.from > whole.from) lessDays.push({ from: whole.from, to: addDays(inside.from, -1) });
      if (inside.to < whole.to) lessDays.push({ from: addDays(inside.to, 1), to: whole.to });
    } else days.push(inside);
  }
  return {
    months: months.length > 0 ? { from: months[0]!, to: months.at(-1)! } : null,
    days: joined(days),
    lessDays,
  };
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

/**
 * The figures of money alone: rounds, and turnover and wins per currency and in EUR. What a report without
 * the RTP band reads (the band's sums of squares are the widest numbers, and the dearest to add up).
 */
export const MONEY_FIGURES = ['rounds', 'unrated_rounds', 'bet', 'win', 'bet_eur', 'win_eur'] as const;

/**
 * The figures of a rollup row a report reads: money, and what the RTP band needs. Every one is a sum, so
 * sums of sums and differences of sums are exact.
 */
export const ROLLUP_FIGURES = [
  ...MONEY_FIGURES,
  'bet_rounds',
  'win_per_bet_sum',
  'win_per_bet_squares',
  'bet_squares_eur',
] as const;

export type RollupFigure = (typeof ROLLUP_FIGURES)[number];

/** What a report can group rollup rows by: their key columns (`day` is a month's first day for months). */
export type RollupKey = 'casino_id' | 'day' | 'integration_id' | 'game_id' | 'currency';

/** The figures summed (and named as before), or summed and negated. */
const figureSums = (figures: readonly RollupFigure[], sign: '' | '-' = '') =>
  figures.map((figure) => `${sign}sum(${figure}) as ${figure}`).join(', ');

/**
 * The rollup rows of a report, already summed by `keys` in each part read (a part's rows are summed before
 * the parts meet: days taken away are negated once per group, not once per row). Columns: the keys and
 * the `figures`. Use it as `from (${source}) as s` and sum again by the keys. A source without games
 * reads single days from the daily totals, some 60 times fewer rows than per game; a filter by game
 * always reads per game.
 */
export function rollupSource(
  filter: ReportFilter,
  scope: Scope,
  options: { perDay?: boolean; keys: readonly RollupKey[]; figures: readonly RollupFigure[] },
): SQL {
  const { figures } = options;
  const plan = planRange(filter, options.perDay);
  const conditions = rollupConditions(filter, scope);
  const games = options.keys.includes('game_id') || Boolean(filter.gameIds?.length);
  const daily = sql.raw(games ? 'round_stats_daily' : 'round_stats_daily_totals');
  const where = (range: SQL) => sql.join([range, ...conditions], sql` and `);
  const inDays = (days: DayRange) => where(sql`day >= ${days.from}::date and day <= ${days.to}::date`);
  /** The select list and grouping of one part, with its own expression for the day. */
  const summed = (day: string, sign: '' | '-' = '') => {
    const keys = options.keys.map((key) => (key === 'day' ? `${day} as day` : key));
    const group = keys.length > 0 ? ` group by ${keys.map((_, index) => index + 1).join(', ')}` : '';
    return { select: sql.raw([...keys, figureSums(figures, sign)].join(', ')), group: sql.raw(group) };
  };
  const parts: SQL[] = [];
  for (const days of plan.days) {
    const { select, group } = summed('day');
    parts.push(sql`select ${select} from ${daily} where ${inDays(days)}${group}`);
  }
  // Days taken away from a month read whole: negated, on the month's first day.
  for (const days of plan.lessDays) {
    const { select, group } = summed(`date_trunc('month', day)::date`, '-');
    parts.push(sql`select ${select} from ${daily} where ${inDays(days)}${group}`);
  }
  if (plan.months) {
    const { select, group } = summed('month');
    parts.push(sql`select ${select} from round_stats_monthly
      where ${where(sql`month >= ${plan.months.from}::date and month <= ${plan.months.to}::date`)}${group}`);
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
