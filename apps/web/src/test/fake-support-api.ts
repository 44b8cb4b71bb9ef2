/**
 * An in-memory stand-in for player support's look-up (/api/support/players): a search by exact player id
 * or by part of the nickname (and of the e-mail or name for a role that sees personal data), at most
 * PLAYER_SEARCH_LIMIT players with `more`, 400 without a usable search; one player with the newest
 * PLAYER_LAST_ROUNDS rounds and their savegames (404 when absent); the casinos to choose from
 * (/api/game-rounds/dimensions). Personal fields are blanked for a role that may not see them, as the
 * server does. Other calls answer an empty page.
 */
import {
  errorCatalogue,
  PLAYER_LAST_ROUNDS,
  PLAYER_SEARCH_LIMIT,
  playerSearchQuerySchema,
  playerAsSeen,
  seesPersonalData,
  type ErrorCode,
  type GameRoundSummary,
  type PlayerDetail,
  type PlayerSavegame,
  type PlayerSearchResult,
  type ReportDimensions,
  type Role,
  type SupportPlayer,
} from '@backoffice/contracts';
import { jsonResponse, stubFetch, type RecordedRequest } from './fetch';

const BASE = '/api/support/players';
const DIMENSIONS = ['/api/reports/dimensions', '/api/game-rounds/dimensions'];

function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

type StoredPlayer = Omit<SupportPlayer, 'personalData'>;
type StoredSavegame = PlayerSavegame & { casinoId: string; playerId: string };

const key = (casinoId: string, playerId: string) => `${casinoId}\u0000${playerId}`;

export class FakeSupportApi {
  readonly players: StoredPlayer[] = [];
  readonly rounds: GameRoundSummary[] = [];
  readonly savegames: StoredSavegame[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Casino names (by id) the casino choice offers. */
  readonly casinoNames = new Map<string, string>();

  /** The role whose view the answers follow. */
  constructor(private readonly role: Role = 'admin') {}

  addPlayer(player: Partial<StoredPlayer> & { playerId: string }): StoredPlayer {
    const stored: StoredPlayer = {
      casinoId: 'casino-de',
      integrationId: 'acme',
      nickName: null,
      language: 'de',
      country: 'DE',
      jurisdiction: 'MGA',
      registeredAt: '2025-01-10T09:00:00.000Z',
      createdAt: '2025-01-10T09:05:00.000Z',
      email: null,
      firstName: null,
      lastName: null,
      city: null,
      dateOfBirth: null,
      gender: null,
      ...player,
    };
    this.players.push(stored);
    return stored;
  }

  /** A round of a player; `minute` orders them (a higher minute started later). */
  addRound(round: Partial<GameRoundSummary> & { roundId: string; playerId: string; minute?: number }) {
    const { minute = this.rounds.length, ...rest } = round;
    const startedAt = new Date(Date.UTC(2025, 2, 1, 10, minute, 30)).toISOString();
    this.rounds.push({
      casinoId: 'casino-de',
      providerRoundId: null,
      integrationId: 'acme',
      gameId: 'book-of-stars',
      startedAt,
      updatedAt: startedAt,
      status: 'completed',
      currency: 'EUR',
      debit: 100,
      credit: 0,
      totalWin: 0,
      ...rest,
    });
  }

  addSavegame(savegame: Partial<StoredSavegame> & { playerId: string; gameId: string }) {
    this.savegames.push({
      casinoId: 'casino-de',
      savedAt: '2025-03-02T08:00:00.000Z',
      updatedAt: '2025-03-02T08:30:00.000Z',
      restorable: true,
      ...savegame,
    });
  }

  /** The searches the screen sent, as their query parameters. */
  searches(): Record<string, string>[] {
    return this.requests
      .filter((request) => request.url.pathname === BASE)
      .map((request) => Object.fromEntries(request.url.searchParams));
  }

  /** The players the screen opened, as "casino/player". */
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

  private handle({ method, url }: RecordedRequest): Response {
    if (method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED');
    if (DIMENSIONS.includes(url.pathname)) return jsonResponse(200, this.dimensions());
    if (url.pathname === BASE) return this.search(url.searchParams);
    if (url.pathname.startsWith(`${BASE}/`)) {
      const [casinoId = '', playerId = ''] = url.pathname
        .slice(BASE.length + 1)
        .split('/')
        .map((part) => decodeURIComponent(part));
      return this.detail(casinoId, playerId);
    }
    return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
  }

  private shown(player: StoredPlayer): SupportPlayer {
    return playerAsSeen(player, seesPersonalData(this.role));
  }

  private dimensions(): ReportDimensions {
    const ids = new Set([...this.casinoNames.keys(), ...this.players.map((player) => player.casinoId)]);
    return {
      casinos: [...ids].map((id) => ({ id, name: this.casinoNames.get(id) ?? null })),
      integrations: [],
      games: [],
    };
  }

  private search(params: URLSearchParams): Response {
    const parsed = playerSearchQuerySchema.safeParse(Object.fromEntries(params));
    if (!parsed.success) return errorResponse('VALIDATION_FAILED');
    const { casinoId, playerId, q } = parsed.data;
    const personal = seesPersonalData(this.role);
    const contains = (value: string | null) =>
      q !== undefined && value !== null && value.toLowerCase().includes(q.toLowerCase());
    const matching = this.players
      .filter((player) => casinoId === undefined || player.casinoId === casinoId)
      .filter((player) => playerId === undefined || player.playerId === playerId)
      .filter(
        (player) =>
          q === undefined ||
          contains(player.nickName) ||
          (personal && [player.email, player.firstName, player.lastName].some(contains)),
      );
    const result: PlayerSearchResult = {
      items: matching.slice(0, PLAYER_SEARCH_LIMIT).map((player) => this.shown(player)),
      more: matching.length > PLAYER_SEARCH_LIMIT,
    };
    return jsonResponse(200, result);
  }

  private detail(casinoId: string, playerId: string): Response {
    const player = this.players.find(
      (candidate) => key(candidate.casinoId, candidate.playerId) === key(casinoId, playerId),
    );
    if (!player) return errorResponse('RECORD_NOT_FOUND');
    const rounds = this.rounds
      .filter((round) => round.casinoId === casinoId && round.playerId === playerId)
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const detail: PlayerDetail = {
      player: this.shown(player),
      lastRounds: rounds.slice(0, PLAYER_LAST_ROUNDS),
      moreRounds: rounds.length > PLAYER_LAST_ROUNDS,
      savegames: this.savegames
        .filter((savegame) => savegame.casinoId === casinoId && savegame.playerId === playerId)
        .map(({ gameId, savedAt, updatedAt, restorable }) => ({ gameId, savedAt, updatedAt, restorable })),
    };
    return jsonResponse(200, detail);
  }
}
