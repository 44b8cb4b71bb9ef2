/**
 * A small in-memory stand-in for the money reports (/api/reports/ggr, casino-performance, game-performance,
 * integration-game-performance), the player CSV (/api/reports/players.csv) and the casinos, integrations
 * and games the report filters offer (/api/reports/dimensions: those added and those with figures, the ones
 * with figures but never added without a name; games only with figures). Reports are summed from daily figures the way the server's rollups
 * are: EUR with each day's rate (EUR is 1), a currency and day without a rate left out of the EUR sums and
 * listed as missing; filters checked with the contract's schema (400 VALIDATION_FAILED); an empty report
 * answers 404 NO_DATA.
 */
import {
  errorCatalogue,
  playerCsvColumns,
  reportFilterSchema,
  RTP_DEVIATION_MIN_ROUNDS,
  TOP_GAMES_IN_GGR_REPORT,
  type CasinoPerformance,
  type CurrencyFigures,
  type ErrorCode,
  type GamePerformance,
  type GgrReport,
  type IntegrationGamePerformance,
  type MissingRate,
  type MoneyFigures,
  type ReportDimension,
  type ReportDimensions,
  type ReportFilter,
} from '@backoffice/contracts';
import { jsonResponse, stubFetch, textResponse, type RecordedRequest } from './fetch';

function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

/** The figures of one casino, integration, game and currency on one UTC day (a rollup row). */
export interface DailyFigures {
  day: string;
  casinoId: string;
  integrationId: string;
  gameId: string;
  currency: string;
  rounds: number;
  /** Minor units of the currency. */
  bet: number;
  win: number;
}

export type FakePlayer = Partial<Record<(typeof playerCsvColumns)[number], string>> & {
  casinoId: string;
  playerId: string;
};

interface Named {
  id: string;
  name: string;
}

export class FakeMoneyReportsApi {
  readonly casinos = new Map<string, Named>();
  readonly integrations = new Map<string, Named>();
  readonly games = new Map<string, Named & { theoreticalRtp: number | null }>();
  readonly figures: DailyFigures[] = [];
  readonly players: FakePlayer[] = [];
  /** `${day}|${currency}` → EUR per unit. */
  readonly rates = new Map<string, number>();
  readonly requests: RecordedRequest[] = [];
  /** Answers every report with this error instead (e.g. to show a server fault). */
  failWith: ErrorCode | null = null;

  addCasino(id: string, name: string) {
    this.casinos.set(id, { id, name });
  }

  addIntegration(id: string, name: string) {
    this.integrations.set(id, { id, name });
  }

  addGame(id: string, name: string, theoreticalRtp: number | null = null) {
    this.games.set(id, { id, name, theoreticalRtp });
  }

  addFigures(...rows: DailyFigures[]) {
    this.figures.push(...rows);
  }

  setRate(day: string, currency: string, rateToEur: number) {
    this.rates.set(`${day}|${currency}`, rateToEur);
  }

  sent(method: string, path?: string): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.method === method && (path === undefined || request.url.pathname === path),
    );
  }

  /** The query of the last call to a report, as the server received it. */
  lastQuery(path: string): Record<string, string> {
    const request = this.sent('GET', path).at(-1);
    return request ? Object.fromEntries(request.url.searchParams) : {};
  }

  install() {
    return stubFetch((request) => {
      this.requests.push(request);
      return this.handle(request);
    });
  }

  /** The filters' choices as the server lists them for an unlimited reader. */
  private dimensions(): ReportDimensions {
    const list = (named: Map<string, Named>, withFigures: string[]): ReportDimension[] => [
      ...[...named.values()]
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      ...[...new Set(withFigures)].filter((id) => !named.has(id)).map((id) => ({ id, name: null })),
    ];
    const played = new Set(this.figures.map((row) => row.gameId));
    const games = new Map([...this.games].filter(([id]) => played.has(id)));
    return {
      casinos: list(
        this.casinos,
        this.figures.map((row) => row.casinoId),
      ),
      integrations: list(
        this.integrations,
        this.figures.map((row) => row.integrationId),
      ),
      games: list(games, [...played]),
    };
  }

  private handle({ method, url }: RecordedRequest): Response {
    if (method !== 'GET') return errorResponse('NOT_FOUND');
    switch (url.pathname) {
      case '/api/reports/dimensions':
        return jsonResponse(200, this.dimensions());
      case '/api/reports/players.csv':
        return this.playersCsv(url.searchParams);
    }
    const report = url.pathname.replace(/^\/api\/reports\//, '');
    if (!['ggr', 'casino-performance', 'game-performance', 'integration-game-performance'].includes(report)) {
      return errorResponse('NOT_FOUND');
    }
    if (this.failWith) return errorResponse(this.failWith);
    const parsed = reportFilterSchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) return errorResponse('VALIDATION_FAILED');
    const rows = this.selected(parsed.data);
    if (rows.length === 0) return errorResponse('NO_DATA');
    switch (report) {
      case 'ggr':
        return jsonResponse(200, this.ggr(parsed.data, rows));
      case 'casino-performance':
        return jsonResponse(200, this.casinoPerformance(rows));
      case 'game-performance':
        return jsonResponse(200, this.gamePerformance(rows));
      default:
        return jsonResponse(200, this.integrationGamePerformance(rows));
    }
  }

  private selected(filter: ReportFilter): DailyFigures[] {
    const within = (ids: string[] | undefined, id: string) => !ids || ids.length === 0 || ids.includes(id);
    return this.figures.filter(
      (row) =>
        row.day >= filter.from &&
        row.day <= filter.to &&
        within(filter.casinoIds, row.casinoId) &&
        within(filter.integrationIds, row.integrationId) &&
        within(filter.gameIds, row.gameId) &&
        (!filter.currency || row.currency === filter.currency),
    );
  }

  private rateOf(row: DailyFigures): number | null {
    if (row.currency === 'EUR') return 1;
    return this.rates.get(`${row.day}|${row.currency}`) ?? null;
  }

  private money(rows: DailyFigures[]): MoneyFigures {
    let turnoverEur = 0;
    let winsEur = 0;
    const currencies = new Map<string, CurrencyFigures>();
    for (const row of rows) {
      const rate = this.rateOf(row);
      if (rate !== null) {
        turnoverEur += row.bet * rate;
        winsEur += row.win * rate;
      }
      const figures = currencies.get(row.currency) ?? {
        currency: row.currency,
        rounds: 0,
        turnover: 0,
        wins: 0,
        ggr: 0,
      };
      figures.rounds += row.rounds;
      figures.turnover += row.bet;
      figures.wins += row.win;
      figures.ggr += row.bet - row.win;
      currencies.set(row.currency, figures);
    }
    const turnover = Math.round(turnoverEur);
    const wins = Math.round(winsEur);
    return {
      rounds: rows.reduce((sum, row) => sum + row.rounds, 0),
      turnoverEur: turnover,
      winsEur: wins,
      ggrEur: turnover - wins,
      holdPercent: turnover === 0 ? null : ((turnover - wins) / turnover) * 100,
      byCurrency: [...currencies.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    };
  }

  private missing(rows: DailyFigures[]): MissingRate[] {
    const keys = new Set(
      rows.filter((row) => this.rateOf(row) === null).map((r) => `${r.currency}|${r.day}`),
    );
    return [...keys].sort().map((key) => {
      const [currency, day] = key.split('|') as [string, string];
      return { currency, day };
    });
  }

  private groups(rows: DailyFigures[], keyOf: (row: DailyFigures) => string): Map<string, DailyFigures[]> {
    const groups = new Map<string, DailyFigures[]>();
    for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
    return groups;
  }

  private ggr(filter: ReportFilter, rows: DailyFigures[]): GgrReport {
    const days = (Date.parse(filter.to) - Date.parse(filter.from)) / 86_400_000 + 1;
    const granularity = days > 92 ? 'month' : 'day';
    const series = [...this.groups(rows, (row) => (granularity === 'day' ? row.day : row.day.slice(0, 7)))]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([period, group]) => {
        const { turnoverEur, winsEur, ggrEur, rounds } = this.money(group);
        return { period, turnoverEur, winsEur, ggrEur, rounds };
      });
    const topGames = [...this.groups(rows, (row) => row.gameId)]
      .map(([gameId, group]) => ({
        gameId,
        gameName: this.games.get(gameId)?.name ?? null,
        figures: this.money(group),
      }))
      .sort((a, b) => b.figures.ggrEur - a.figures.ggrEur)
      .slice(0, TOP_GAMES_IN_GGR_REPORT);
    return {
      filter: { from: filter.from, to: filter.to },
      totals: this.money(rows),
      granularity,
      series,
      topGames,
      missingRates: this.missing(rows),
    };
  }

  private casinoPerformance(rows: DailyFigures[]): CasinoPerformance {
    return {
      rows: [...this.groups(rows, (row) => row.casinoId)].map(([casinoId, group]) => ({
        casinoId,
        casinoName: this.casinos.get(casinoId)?.name ?? null,
        figures: this.money(group),
      })),
      totals: this.money(rows),
      missingRates: this.missing(rows),
    };
  }

  private gameRow(gameId: string, group: DailyFigures[]): GamePerformance['rows'][number] {
    const figures = this.money(group);
    const actual = figures.turnoverEur === 0 ? null : (figures.winsEur / figures.turnoverEur) * 100;
    const theoretical = this.games.get(gameId)?.theoreticalRtp ?? null;
    const band =
      theoretical !== null && figures.rounds >= RTP_DEVIATION_MIN_ROUNDS
        ? { lowPercent: theoretical - 2, highPercent: theoretical + 2 }
        : null;
    return {
      gameId,
      gameName: this.games.get(gameId)?.name ?? null,
      figures,
      actualRtpPercent: actual,
      theoreticalRtpPercent: theoretical,
      // The fake's days carry no spread of wins: its band is a fixed ± 2 points around the theoretical RTP.
      rtpBand: band,
      deviationFlagged:
        actual !== null && band !== null && (actual < band.lowPercent || actual > band.highPercent),
    };
  }

  private gamePerformance(rows: DailyFigures[]): GamePerformance {
    return {
      rows: [...this.groups(rows, (row) => row.gameId)].map(([gameId, group]) => this.gameRow(gameId, group)),
      totals: this.money(rows),
      missingRates: this.missing(rows),
    };
  }

  private integrationGamePerformance(rows: DailyFigures[]): IntegrationGamePerformance {
    return {
      rows: [...this.groups(rows, (row) => `${row.integrationId}|${row.gameId}`)].map(([key, group]) => {
        const [integrationId, gameId] = key.split('|') as [string, string];
        return {
          ...this.gameRow(gameId, group),
          integrationId,
          integrationName: this.integrations.get(integrationId)?.name ?? null,
        };
      }),
      totals: this.money(rows),
      missingRates: this.missing(rows),
    };
  }

  private playersCsv(params: URLSearchParams): Response {
    const casinoIds = params.get('casinoIds')?.split(',').filter(Boolean) ?? [];
    const players = this.players.filter((p) => casinoIds.length === 0 || casinoIds.includes(p.casinoId));
    const lines = [
      playerCsvColumns.join(','),
      ...players.map((player) => playerCsvColumns.map((column) => player[column] ?? '').join(',')),
    ];
    return textResponse(200, lines.map((line) => `${line}\r\n`).join(''), 'text/csv; charset=utf-8');
  }
}
