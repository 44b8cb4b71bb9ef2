/**
 * The money reports (spec §2 "Reporting"): GGR, casino, game and integration-game performance. All of
 * them read the rollups through one source (rollup-source.ts), within the reader's scope; EUR figures are
 * summed exactly and rounded to cents once, and the days whose currency has no rate are listed instead of
 * being guessed.
 */
import {
  RTP_DEVIATION_MIN_ROUNDS,
  TOP_GAMES_IN_GGR_REPORT,
  type CasinoPerformance,
  type CurrencyFigures,
  type GamePerformance,
  type GgrReport,
  type IntegrationGamePerformance,
  type MoneyFigures,
  type ReportFilter,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { integrationInScope, type Scope } from '../../lib/scope';
import { createReportsRepository, type Dimension, type FigureRow } from './reports.repository';
import { addDays, firstOfMonth, MONEY_FIGURES, type RollupFigure } from './rollup-source';

/** Ranges up to this many days get one series point per day, longer ones one per month. */
export const MAX_DAILY_SERIES_DAYS = 92;

/** Percentages are answered to two decimals; flags are decided on the exact value. */
function percent(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}

function sameSet(a: readonly Dimension[], b: readonly Dimension[]): boolean {
  return a.length === b.length && a.every((dimension) => b.includes(dimension));
}

function currencyFigures(row: FigureRow): CurrencyFigures {
  return {
    currency: row.keys.currency ?? '',
    rounds: row.rounds,
    turnover: row.bet,
    wins: row.win,
    ggr: row.bet - row.win,
  };
}

function moneyFigures(eur: FigureRow | undefined, byCurrency: FigureRow[]): MoneyFigures {
  const turnoverEur = eur?.betEur ?? 0;
  const winsEur = eur?.winEur ?? 0;
  const ggrEur = turnoverEur - winsEur;
  return {
    rounds: eur?.rounds ?? 0,
    turnoverEur,
    winsEur,
    ggrEur,
    holdPercent: turnoverEur === 0 ? null : percent((ggrEur / turnoverEur) * 100),
    byCurrency: byCurrency
      .map(currencyFigures)
      .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0)),
  };
}

interface Group {
  keys: Partial<Record<Dimension, string>>;
  figures: MoneyFigures;
  /** The group's own row: its win per bet figures (for the RTP band) and the names read with it. */
  head: FigureRow;
}

/** The money figures of each group of `by` (with its per-currency figures) among the rows of a query. */
function groupsOf(rows: FigureRow[], by: Dimension[]): Group[] {
  const keyOf = (row: FigureRow) => by.map((dimension) => row.keys[dimension]).join('\u0000');
  const heads = new Map<string, FigureRow>();
  const currencies = new Map<string, FigureRow[]>();
  const withCurrency: Dimension[] = [...by, 'currency'];
  for (const row of rows) {
    if (sameSet(row.groupedBy, by)) heads.set(keyOf(row), row);
    // A currency whose rounds net to none (a month read whole less days that held all of them) is none.
    else if (sameSet(row.groupedBy, withCurrency) && row.rounds !== 0) {
      const key = keyOf(row);
      currencies.set(key, [...(currencies.get(key) ?? []), row]);
    }
  }
  return [...heads.entries()]
    .filter(([, head]) => head.rounds > 0)
    .map(([key, head]) => ({
      keys: head.keys,
      figures: moneyFigures(head, currencies.get(key) ?? []),
      head,
    }));
}

/** Highest GGR first; ties in a stable order of the ids. */
function byGgr<Row extends { figures: MoneyFigures }>(id: (row: Row) => string) {
  return (a: Row, b: Row) =>
    b.figures.ggrEur - a.figures.ggrEur || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0);
}

function rangeDays(filter: ReportFilter): number {
  return (Date.parse(filter.to) - Date.parse(filter.from)) / 86_400_000 + 1;
}

/** Every period of the range, so that a chart shows the days or months without rounds as zero. */
function periodsOf(filter: ReportFilter, granularity: 'day' | 'month'): string[] {
  const periods: string[] = [];
  if (granularity === 'day') {
    for (let day = filter.from; day <= filter.to; day = addDays(day, 1)) periods.push(day);
  } else {
    for (let month = firstOfMonth(filter.from); month <= filter.to; month = firstOfMonth(month, 1)) {
      periods.push(month.slice(0, 7));
    }
  }
  return periods;
}

const PER_CURRENCY: Dimension[][] = [['currency'], []];

/** What a point of the GGR series shows: rounds, and turnover and wins in EUR. */
const SERIES_FIGURES = ['rounds', 'bet_eur', 'win_eur'] as const satisfies RollupFigure[];

/** The two-sided standard normal quantile of RTP_BAND_CONFIDENCE_PERCENT (99 %). */
const BAND_Z = 2.5758293035489;

/** What the RTP band needs of a game's rounds (see FigureRow). */
interface WinPerBet {
  betRounds: number;
  winPerBetSum: number;
  winPerBetSquares: number;
  betEur: number;
  betSquaresEur: number;
}

/**
 * The band (percent) that a game paying `theoretical` % leaves its actual RTP in at 99 %: the theoretical
 * RTP ± z times the standard error of the actual RTP. The actual RTP is wins ÷ turnover, a mean of the
 * rounds' win per bet weighted by their bets; with s the spread of win per bet (sample standard deviation
 * over the rounds), its standard error is s · √(Σ bet²) ÷ Σ bet — s ÷ √n when all bets are equal, wider
 * when a few large bets carry the turnover.
 */
function rtpBandOf(
  theoretical: number | null,
  { betRounds: n, winPerBetSum: sum, winPerBetSquares: squares, betEur, betSquaresEur }: WinPerBet,
): { lowPercent: number; highPercent: number } | null {
  if (theoretical === null || n < RTP_DEVIATION_MIN_ROUNDS || betEur <= 0) return null;
  const variance = Math.max(0, (squares - (sum * sum) / n) / (n - 1));
  const halfWidth = ((BAND_Z * Math.sqrt(variance) * Math.sqrt(betSquaresEur)) / betEur) * 100;
  return { lowPercent: theoretical - halfWidth, highPercent: theoretical + halfWidth };
}

export function createReportsService(db: Db) {
  const repository = createReportsRepository();

  /**
   * The days in range and scope whose currency has no rate: looked up only when the rollups counted such
   * rounds (`rows` holds the overall sums; counts are never negative, so none counted means none).
   */
  async function missingRatesOf(filter: ReportFilter, scope: Scope, rows: FigureRow[]) {
    const overall = rows.find((row) => row.groupedBy.length === 0);
    return overall && overall.unratedRounds > 0 ? repository.missingRates(db, filter, scope) : [];
  }

  /** Totals over everything in range and scope; no rounds at all answers NO_DATA. */
  function totalsOf(rows: FigureRow[]): MoneyFigures {
    const [totals] = groupsOf(rows, []);
    if (!totals) throw new AppError('NO_DATA');
    return totals.figures;
  }

  function rtpOf(gameId: string, figures: MoneyFigures, theoretical: number | null, spread: WinPerBet) {
    const actual = figures.turnoverEur === 0 ? null : (figures.winsEur / figures.turnoverEur) * 100;
    const band = rtpBandOf(theoretical, spread);
    return {
      gameId,
      figures,
      actualRtpPercent: percent(actual),
      theoreticalRtpPercent: theoretical,
      rtpBand: band && { lowPercent: percent(band.lowPercent)!, highPercent: percent(band.highPercent)! },
      // Decided on the exact values, not the rounded ones shown.
      deviationFlagged:
        actual !== null && band !== null && (actual < band.lowPercent || actual > band.highPercent),
    };
  }

  return {
    async ggr(filter: ReportFilter, scope: Scope): Promise<GgrReport> {
      const granularity = rangeDays(filter) <= MAX_DAILY_SERIES_DAYS ? 'day' : 'month';
      // Two queries: the series needs single days (a short range reads every day by day), the figures per
      // game and currency read whole months from the monthly rollup.
      const [rows, periods] = await Promise.all([
        repository.figures(db, {
          filter,
          scope,
          sets: [['game_id', 'currency'], ['game_id'], ...PER_CURRENCY],
          figures: MONEY_FIGURES,
        }),
        repository.figures(db, {
          filter,
          scope,
          sets: [['period']],
          period: granularity,
          figures: SERIES_FIGURES,
        }),
      ]);
      const missingRates = await missingRatesOf(filter, scope, rows);
      const totals = totalsOf(rows);
      const byPeriod = new Map(periods.map((row) => [row.keys.period!, row] as const));
      const top = groupsOf(rows, ['game_id'])
        .map((group) => ({
          gameId: group.keys.game_id!,
          figures: group.figures,
          gameName: group.head.gameName,
        }))
        .sort(byGgr((game) => game.gameId))
        .slice(0, TOP_GAMES_IN_GGR_REPORT);
      return {
        filter: { from: filter.from, to: filter.to },
        totals,
        granularity,
        series: periodsOf(filter, granularity).map((period) => {
          const row = byPeriod.get(period);
          const turnoverEur = row?.betEur ?? 0;
          const winsEur = row?.winEur ?? 0;
          return { period, turnoverEur, winsEur, ggrEur: turnoverEur - winsEur, rounds: row?.rounds ?? 0 };
        }),
        topGames: top.map((game) => ({
          gameId: game.gameId,
          gameName: game.gameName,
          figures: game.figures,
        })),
        missingRates,
      };
    },

    async casinoPerformance(filter: ReportFilter, scope: Scope): Promise<CasinoPerformance> {
      const rows = await repository.figures(db, {
        filter,
        scope,
        sets: [['casino_id', 'currency'], ['casino_id'], ...PER_CURRENCY],
        figures: MONEY_FIGURES,
      });
      const missingRates = await missingRatesOf(filter, scope, rows);
      const totals = totalsOf(rows);
      const groups = groupsOf(rows, ['casino_id']);
      return {
        rows: groups
          .map((group) => ({
            casinoId: group.keys.casino_id!,
            casinoName: group.head.casinoName,
            figures: group.figures,
          }))
          .sort(byGgr((row) => row.casinoId)),
        totals,
        missingRates,
      };
    },

    async gamePerformance(filter: ReportFilter, scope: Scope): Promise<GamePerformance> {
      const rows = await repository.figures(db, {
        filter,
        scope,
        sets: [['game_id', 'currency'], ['game_id'], ...PER_CURRENCY],
      });
      const missingRates = await missingRatesOf(filter, scope, rows);
      const totals = totalsOf(rows);
      const result = groupsOf(rows, ['game_id']).map((group) => ({
        ...rtpOf(group.keys.game_id!, group.figures, group.head.theoreticalRtp, group.head),
        gameName: group.head.gameName,
      }));
      return { rows: result.sort(byGgr((row) => row.gameId)), totals, missingRates };
    },

    async integrationGamePerformance(
      filter: ReportFilter,
      scope: Scope,
    ): Promise<IntegrationGamePerformance> {
      const rows = await repository.figures(db, {
        filter,
        scope,
        sets: [['integration_id', 'game_id', 'currency'], ['integration_id', 'game_id'], ...PER_CURRENCY],
      });
      const missingRates = await missingRatesOf(filter, scope, rows);
      const totals = totalsOf(rows);
      const result = groupsOf(rows, ['integration_id', 'game_id']).map((group) => {
        const integrationId = group.keys.integration_id!;
        return {
          ...rtpOf(group.keys.game_id!, group.figures, group.head.theoreticalRtp, group.head),
          gameName: group.head.gameName,
          integrationId,
          // Only the scope's integrations are named: a casino of the scope shows the traffic of every
          // integration serving it, but not the others' names (lib/scope.ts).
          integrationName: integrationInScope(scope, integrationId) ? group.head.integrationName : null,
        };
      });
      return {
        rows: result.sort(byGgr((row) => `${row.integrationId}\u0000${row.gameId}`)),
        totals,
        missingRates,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
