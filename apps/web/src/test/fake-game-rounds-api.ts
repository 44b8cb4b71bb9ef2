/**
 * An in-memory stand-in for the server's game round search (/api/game-rounds): exact filters, newest
 * first, pages of `limit` with an opaque `next` cursor (400 for one it did not make), and a round's
 * details by casino and round id (404 when absent), and the casinos, integrations and games to filter by
 * (/api/reports/dimensions and /api/game-rounds/dimensions: those named, and those of the rounds, without a
 * name where none was given). Other calls answer an empty page.
 */
import {
  GAME_ROUNDS_PAGE_SIZE,
  type ErrorCode,
  type GameRoundDetail,
  type GameRoundPage,
  type GameRoundSummary,
  type ReportDimension,
  type ReportDimensions,
} from '@backoffice/contracts';
import { errorResponse, jsonResponse, stubFetch, type RecordedRequest } from './fetch';

const BASE = '/api/game-rounds';
const DIMENSIONS = ['/api/reports/dimensions', `${BASE}/dimensions`];

export const summaryOf = (round: GameRoundDetail): GameRoundSummary => ({
  casinoId: round.casinoId,
  roundId: round.roundId,
  providerRoundId: round.providerRoundId,
  integrationId: round.integrationId,
  playerId: round.playerId,
  gameId: round.gameId,
  startedAt: round.startedAt,
  updatedAt: round.updatedAt,
  status: round.status,
  currency: round.currency,
  debit: round.debit,
  credit: round.credit,
  totalWin: round.totalWin,
});

export class FakeGameRoundsApi {
  readonly rounds: GameRoundDetail[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Answers every search with this error instead. */
  searchError: ErrorCode | null = null;
  /** Names of casinos, integrations and games (by id) the filters offer. */
  readonly names: Record<keyof ReportDimensions, Map<string, string>> = {
    casinos: new Map(),
    integrations: new Map(),
    games: new Map(),
  };
  /** Answers the filters' choices with this error instead. */
  dimensionsError: ErrorCode | null = null;

  /** A round with defaults; `minute` orders them (a higher minute started later). */
  add(round: Partial<GameRoundDetail> & { roundId: string; minute?: number }): GameRoundDetail {
    const { minute = this.rounds.length, ...rest } = round;
    const startedAt = new Date(Date.UTC(2025, 2, 1, 10, minute, 30)).toISOString();
    const stored: GameRoundDetail = {
      casinoId: 'casino-de',
      providerRoundId: null,
      integrationId: 'acme',
      playerId: 'player-1',
      gameId: 'book-of-stars',
      startedAt,
      updatedAt: startedAt,
      status: 'completed',
      currency: 'EUR',
      debit: 100,
      credit: 0,
      totalWin: 0,
      voucherCode: null,
      fundsAtStart: null,
      fundsAtEnd: null,
      displayedOutcome: null,
      moneySplit: null,
      ...rest,
    };
    this.rounds.push(stored);
    return stored;
  }

  /** The search requests the screen sent, as their query parameters. */
  searches(): Record<string, string>[] {
    return this.requests
      .filter((request) => request.method === 'GET' && request.url.pathname === BASE)
      .map((request) => Object.fromEntries(request.url.searchParams));
  }

  detailRequests(): string[] {
    return this.requests
      .filter((request) => request.url.pathname.startsWith(`${BASE}/`))
      .map((request) => decodeURIComponent(request.url.pathname.slice(BASE.length + 1)));
  }

  install() {
    return stubFetch((request) => {
      this.requests.push(request);
      return this.handle(request);
    });
  }

  /** The answer to one request (also for a fake that builds on this one). */
  handle({ method, url }: RecordedRequest): Response {
    if (method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED');
    if (DIMENSIONS.includes(url.pathname)) {
      return this.dimensionsError
        ? errorResponse(this.dimensionsError)
        : jsonResponse(200, this.dimensions());
    }
    if (url.pathname === BASE) {
      if (this.searchError) return errorResponse(this.searchError);
      return this.search(url.searchParams);
    }
    if (url.pathname.startsWith(`${BASE}/`)) {
      const [casinoId, roundId] = url.pathname
        .slice(BASE.length + 1)
        .split('/')
        .map((part) => decodeURIComponent(part));
      const found = this.rounds.find((round) => round.casinoId === casinoId && round.roundId === roundId);
      return found ? jsonResponse(200, found) : errorResponse('RECORD_NOT_FOUND');
    }
    return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
  }

  dimensions(): ReportDimensions {
    const list = (kind: keyof ReportDimensions, field: 'casinoId' | 'integrationId' | 'gameId') => {
      const named = this.names[kind];
      const ids = new Set([...named.keys(), ...this.rounds.map((round) => round[field])]);
      return [...ids].map((id): ReportDimension => ({ id, name: named.get(id) ?? null }));
    };
    return {
      casinos: list('casinos', 'casinoId'),
      integrations: list('integrations', 'integrationId'),
      games: list('games', 'gameId'),
    };
  }

  private search(params: URLSearchParams): Response {
    const exact = (key: 'roundId' | 'providerRoundId' | 'playerId' | 'status') => {
      const wanted = params.get(key);
      return (round: GameRoundDetail) => wanted === null || round[key] === wanted;
    };
    const among = (
      key: 'casinoIds' | 'integrationIds' | 'gameIds',
      field: 'casinoId' | 'integrationId' | 'gameId',
    ) => {
      const wanted = params.get(key)?.split(',');
      return (round: GameRoundDetail) => !wanted || wanted.includes(round[field]);
    };
    const from = params.get('from');
    const to = params.get('to');
    const matching = this.rounds
      .filter(exact('roundId'))
      .filter(exact('providerRoundId'))
      .filter(exact('playerId'))
      .filter(exact('status'))
      .filter(among('casinoIds', 'casinoId'))
      .filter(among('integrationIds', 'integrationId'))
      .filter(among('gameIds', 'gameId'))
      .filter((round) => !from || Date.parse(round.startedAt) >= Date.parse(from))
      .filter((round) => !to || Date.parse(round.startedAt) <= Date.parse(to))
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const after = params.get('after');
    let start = 0;
    if (after !== null) {
      const position = Number(after.replace(/^cursor-/, ''));
      if (!after.startsWith('cursor-') || !Number.isInteger(position))
        return errorResponse('VALIDATION_FAILED');
      start = position;
    }
    const limit = Number(params.get('limit') ?? GAME_ROUNDS_PAGE_SIZE);
    const items = matching.slice(start, start + limit).map(summaryOf);
    const page: GameRoundPage = {
      items,
      next: start + limit < matching.length ? `cursor-${start + limit}` : null,
    };
    return jsonResponse(200, page);
  }
}
