/**
 * SQL of the money reports and the player CSV. A money report aggregates the rollup source
 * (rollup-source.ts) in one query: first by the raw columns it needs, then with grouping sets, so that the
 * figures of each group, of each group per currency, per currency and overall come out of one scan.
 */
import type { MissingRate, ReportFilter } from '@backoffice/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinos, games, integrations } from '../../db/schema/index';
import type { Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';
import { guardedPlayerColumnsSql } from './player-csv-sql';
import {
  inList,
  missingRatesSql,
  platformScopeCondition,
  ROLLUP_FIGURES,
  rollupSource,
  type RollupFigure,
  type RollupKey,
} from './rollup-source';

/** What a report groups by: a column of the rollup source, or an expression over it. */
export type Dimension = 'casino_id' | 'integration_id' | 'game_id' | 'currency' | 'period';

/** Summed figures of one grouping set; dimensions it does not group by are null. */
export interface FigureRow {
  keys: Partial<Record<Dimension, string>>;
  /** The dimensions this row is grouped by. */
  groupedBy: Dimension[];
  rounds: number;
  /** Rounds on days whose currency has no rate: in `rounds`, not in the EUR figures. */
  unratedRounds: number;
  /** Minor units of the currency (only meaningful within one currency). */
  bet: number;
  win: number;
  /** EUR cents, rounded once after summing the exact values. */
  betEur: number;
  winEur: number;
  /** Rounds in turnover with a bet, and their win per bet (a ratio): summed, and squares summed. */
  betRounds: number;
  winPerBetSum: number;
  winPerBetSquares: number;
  /** The bets squared, summed, in EUR cents squared (exact before this conversion to a number). */
  betSquaresEur: number;
  /**
   * The names of the row's casino, integration and game (and the game's theoretical RTP), read in the
   * same query; null where the row is not grouped by it or the record is gone.
   */
  casinoName: string | null;
  integrationName: string | null;
  gameName: string | null;
  theoreticalRtp: number | null;
}

export interface FigureQuery {
  filter: ReportFilter;
  scope: Scope;
  /** The grouping sets, e.g. [['game_id', 'currency'], ['game_id'], ['currency'], []]. */
  sets: Dimension[][];
  /** How `period` is derived from a source row's day (needed only when a set groups by period). */
  period?: 'day' | 'month';
  /** The figures summed (all unless given); the others answer 0. */
  figures?: readonly RollupFigure[];
}

/** A figure's final sum as text: EUR cents rounded once, after summing the exact values. */
function finalSum(figure: RollupFigure): string {
  const sum = figure === 'bet_eur' || figure === 'win_eur' ? `round(sum(${figure}))` : `sum(${figure})`;
  return `${sum}::text as ${figure}`;
}

function dimensionSql(dimension: Dimension, period: FigureQuery['period']): SQL {
  if (dimension !== 'period') return sql.raw(dimension);
  return period === 'month' ? sql`to_char(day, 'YYYY-MM')` : sql`to_char(day, 'YYYY-MM-DD')`;
}

interface RawFigureRow {
  grouping_mask: number | string;
  casino_name?: string | null;
  integration_name?: string | null;
  game_name?: string | null;
  theoretical_rtp?: string | number | null;
  [dimension: string]: unknown;
}

/** A player as the CSV shows it: every value a string (dates and instants ISO) or null. */
/** Where the previous page of players ended. */
export interface PlayerCursor {
  casinoId: string;
  playerId: string;
}

/**
 * One CSV field in SQL (its value already guarded), as `csvField` in player-csv.ts writes it: a field with
 * a quote, comma or line break is quoted with its quotes doubled; null is empty.
 */
function csvFieldSql(guarded: string): string {
  return `coalesce(case when ${guarded} ~ '[",\\r\\n]' then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end, '')`;
}

/** A player's CSV line (with its CRLF), built by the database. */
const playerCsvLineSql = sql.raw(
  `${guardedPlayerColumnsSql.map(csvFieldSql).join(` || ',' || `)} || E'\\r\\n'`,
);

/** The key range of a page of players in CSV order (casino, player): after one key, up to another. */
export interface PlayerRange {
  after: PlayerCursor | null;
  through?: PlayerCursor | null;
}

/**
 * The players of the CSV within the scope and the casinos asked for, in a key range: row comparisons the
 * primary key serves. The one rule for both ways of reading them (COPY and keyset pages).
 */
export function playerConditions(
  scope: Scope,
  casinoIds: readonly string[] | undefined,
  range: PlayerRange,
): SQL[] {
  const conditions: SQL[] = [];
  const inScope = platformScopeCondition(scope);
  if (inScope) conditions.push(inScope);
  if (casinoIds?.length) conditions.push(inList(sql.raw('casino_id'), casinoIds));
  const { after, through } = range;
  if (after) conditions.push(sql`(casino_id, player_id) > (${after.casinoId}, ${after.playerId})`);
  if (through) conditions.push(sql`(casino_id, player_id) <= (${through.casinoId}, ${through.playerId})`);
  return conditions;
}

/** The SQL of `figures`: sums of the rollup source over the grouping sets, in one query. */
export function figuresSql(query: FigureQuery): SQL {
  const dimensions = [...new Set(query.sets.flat())];
  // Only a per-day series needs single days; everything else reads whole months where it can.
  const perDay = dimensions.includes('period') && query.period === 'day';
  // The source sums its rows by the raw columns (a period by its day), cheap per row; the period's text
  // and the grouping sets then work over its far fewer rows.
  const keys = [
    ...new Set(dimensions.map((dimension) => (dimension === 'period' ? 'day' : dimension))),
  ] as RollupKey[];
  const figureNames = query.figures ?? ROLLUP_FIGURES;
  const source = rollupSource(query.filter, query.scope, { perDay, keys, figures: figureNames });
  const names = dimensions.map((dimension) => sql.raw(dimension));
  const mask = names.length === 0 ? sql`0` : sql`grouping(${sql.join(names, sql`, `)})`;
  const sets = sql.join(
    query.sets.map(
      (set) =>
        sql`(${sql.join(
          set.map((dimension) => sql.raw(dimension)),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  const derived = dimensions.map(
    (dimension) => sql`${dimensionSql(dimension, query.period)} as ${sql.raw(dimension)}`,
  );
  const selected = [...names, sql`${mask} as grouping_mask`, sql.raw(figureNames.map(finalSum).join(', '))];
  const figures = sql`
    select ${sql.join(selected, sql`, `)}
    from (
      select ${sql.join([...derived, sql.raw(figureNames.join(', '))], sql`, `)}
      from (${source}) as source
    ) as s
    group by grouping sets (${sets})`;
  // The names of what the rows are grouped by, joined to the few summed rows: no second query.
  const joins: SQL[] = [];
  const named: SQL[] = [];
  if (dimensions.includes('casino_id')) {
    named.push(sql`c.name as casino_name`);
    joins.push(sql`left join ${casinos} c on c.id = f.casino_id`);
  }
  if (dimensions.includes('integration_id')) {
    named.push(sql`i.name as integration_name`);
    joins.push(sql`left join ${integrations} i on i.id = f.integration_id`);
  }
  if (dimensions.includes('game_id')) {
    named.push(sql`g.name as game_name`, sql`g.theoretical_rtp::text as theoretical_rtp`);
    joins.push(sql`left join ${games} g on g.game_id = f.game_id`);
  }
  if (named.length === 0) return figures;
  return sql`select f.*, ${sql.join(named, sql`, `)} from (${figures}) as f ${sql.join(joins, sql` `)}`;
}

/** A figure of a row as a number, 0 when the query did not sum it. */
function figureOf(row: RawFigureRow, figure: RollupFigure): number {
  return Number(row[figure] ?? 0);
}

export function createReportsRepository() {
  return {
    /** Sums the rollup source over the grouping sets in one query. */
    async figures(db: Db, query: FigureQuery): Promise<FigureRow[]> {
      const dimensions = [...new Set(query.sets.flat())];
      const rows = rowsOf<RawFigureRow>(await db.execute(figuresSql(query)));
      return rows.map((row) => {
        const bits = Number(row.grouping_mask);
        // grouping() sets a dimension's bit (the first dimension is the highest) when the row is NOT
        // grouped by it.
        const groupedBy = dimensions.filter(
          (_, index) => (bits & (1 << (dimensions.length - 1 - index))) === 0,
        );
        const keys: FigureRow['keys'] = {};
        for (const dimension of groupedBy) keys[dimension] = String(row[dimension]);
        return {
          keys,
          groupedBy,
          rounds: figureOf(row, 'rounds'),
          unratedRounds: figureOf(row, 'unrated_rounds'),
          bet: figureOf(row, 'bet'),
          win: figureOf(row, 'win'),
          betEur: figureOf(row, 'bet_eur'),
          winEur: figureOf(row, 'win_eur'),
          // Stored in millionths (rollups.ts); here as ratios.
          betRounds: figureOf(row, 'bet_rounds'),
          winPerBetSum: figureOf(row, 'win_per_bet_sum') / 1e6,
          winPerBetSquares: figureOf(row, 'win_per_bet_squares') / 1e12,
          betSquaresEur: figureOf(row, 'bet_squares_eur'),
          casinoName: row.casino_name ?? null,
          integrationName: row.integration_name ?? null,
          gameName: row.game_name ?? null,
          theoreticalRtp:
            row.theoretical_rtp === null || row.theoretical_rtp === undefined
              ? null
              : Number(row.theoretical_rtp),
        };
      });
    },

    async missingRates(db: Db, filter: ReportFilter, scope: Scope): Promise<MissingRate[]> {
      return rowsOf<MissingRate>(await db.execute(missingRatesSql(filter, scope))).map((row) => ({
        currency: row.currency,
        day: row.day,
      }));
    },

    /**
     * The keys of the players `offsets` places after `after` in CSV order (0: the first after it), in the
     * offsets' order, null where there are not that many: where pages of the COPY end. One index-only walk
     * over the primary key, which stops at the largest offset.
     */
    async playerKeysAt(
      db: Db,
      options: {
        scope: Scope;
        casinoIds?: string[] | undefined;
        after: PlayerCursor | null;
        offsets: readonly number[];
      },
    ): Promise<(PlayerCursor | null)[]> {
      const conditions = playerConditions(options.scope, options.casinoIds, options);
      const found = rowsOf<PlayerCursor & { offset: number }>(
        await db.execute(sql`
          select "casinoId", "playerId", "offset"::int from (
            select casino_id as "casinoId", player_id as "playerId",
              row_number() over (order by casino_id, player_id) - 1 as "offset"
            from players
            ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
            order by casino_id, player_id
            limit ${Math.max(...options.offsets) + 1}
          ) walked
          where "offset" = any(${`{${options.offsets.join(',')}}`}::int[])`),
      );
      return options.offsets.map((offset) => {
        const key = found.find((row) => Number(row.offset) === offset);
        return key ? { casinoId: key.casinoId, playerId: key.playerId } : null;
      });
    },

    /**
     * One page of the player CSV, formatted by the database: the CSV lines of up to `limit` players after
     * `after`, and the key of the last one. PostgreSQL quotes and joins the fields far faster than
     * JavaScript would row by row, and the page arrives as one string.
     */
    async playersCsvPage(
      db: Db,
      options: { scope: Scope; casinoIds?: string[] | undefined; after: PlayerCursor | null; limit: number },
    ): Promise<{ lines: string; count: number; last: PlayerCursor | null }> {
      const conditions = playerConditions(options.scope, options.casinoIds, options);
      const [page] = rowsOf<{
        lines: string | null;
        count: number;
        lastCasino: string | null;
        lastPlayer: string | null;
      }>(
        await db.execute(sql`
          with page as (
            select casino_id, player_id, ${playerCsvLineSql} as line
            from players
            ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
            order by casino_id, player_id
            limit ${options.limit}
          )
          select string_agg(line, '' order by casino_id, player_id) as lines, count(*)::int as count,
            (array_agg(casino_id order by casino_id desc, player_id desc))[1] as "lastCasino",
            (array_agg(player_id order by casino_id desc, player_id desc))[1] as "lastPlayer"
          from page`),
      );
      return {
        lines: page?.lines ?? '',
        count: page?.count ?? 0,
        last:
          page?.lastCasino && page.lastPlayer
            ? { casinoId: page.lastCasino, playerId: page.lastPlayer }
            : null,
      };
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
