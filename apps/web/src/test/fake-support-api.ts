/**
 * An in-memory stand-in for player support: the look-up (/api/support/players) — a search by exact player
 * id or by part of the nickname (and of the e-mail or name for a role that sees personal data), at most
 * PLAYER_SEARCH_LIMIT players with `more`, 400 without a usable search; one player with the newest
 * PLAYER_LAST_ROUNDS rounds and their savegames (404 when absent); deleting a savegame (hard or soft,
 * behind the permission and the typed game id) —, the rounds (the game-round fake's search, details and
 * dimensions) and support's rounds with their closes (fake-round-closures). Personal fields are blanked for
 * a role that may not see them, as the server does. Other calls answer an empty page.
 */
import {
  deleteSavegameInputSchema,
  PLAYER_LAST_ROUNDS,
  PLAYER_SEARCH_LIMIT,
  playerSearchQuerySchema,
  playerAsSeen,
  seesPersonalData,
  type DeleteSavegameResult,
  type GameRoundDetail,
  type PlayerDetail,
  type PlayerSavegame,
  type PlayerSearchResult,
  type ReportDimensions,
  type Role,
  type SupportPlayer,
  hasPermission,
} from '@backoffice/contracts';
import { FakeGameRoundsApi, summaryOf } from './fake-game-rounds-api';
import { FakeRoundClosures, SUPPORT_ROUNDS } from './fake-round-closures';
import { errorResponse, jsonResponse, stubFetch, type RecordedRequest } from './fetch';

const BASE = '/api/support/players';
const GAME_ROUNDS = '/api/game-rounds';
const DIMENSIONS = ['/api/reports/dimensions', `${GAME_ROUNDS}/dimensions`];
const SAVEGAME_DELETE = /^\/savegames\/([^/]+)\/delete$/;

type StoredPlayer = Omit<SupportPlayer, 'personalData'>;
type StoredSavegame = PlayerSavegame & { casinoId: string; playerId: string };

const key = (casinoId: string, playerId: string) => `${casinoId}\u0000${playerId}`;

export class FakeSupportApi {
  readonly players: StoredPlayer[] = [];
  /** The rounds: the game-round search and the rounds' details. */
  readonly gameRounds = new FakeGameRoundsApi();
  /** Support's view of the rounds, their closes and the bridge. */
  readonly closures: FakeRoundClosures;
  readonly savegames: StoredSavegame[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Casino names (by id) the casino choice offers. */
  readonly casinoNames = this.gameRounds.names.casinos;

  /** The role whose view the answers follow. */
  constructor(private readonly role: Role = 'admin') {
    this.closures = new FakeRoundClosures(this.gameRounds, role);
  }

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

  /** A round (of player-1 unless given); `minute` orders them (a higher minute started later). */
  addRound(round: Partial<GameRoundDetail> & { roundId: string; minute?: number }): GameRoundDetail {
    return this.gameRounds.add(round);
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
      .filter((request) => request.method === 'GET' && request.url.pathname.startsWith(`${BASE}/`))
      .map((request) => decodeURIComponent(request.url.pathname.slice(BASE.length + 1)));
  }

  /** The round searches the screen sent, as their query parameters. */
  roundSearches(): Record<string, string>[] {
    return this.requests
      .filter((request) => request.method === 'GET' && request.url.pathname === GAME_ROUNDS)
      .map((request) => Object.fromEntries(request.url.searchParams));
  }

  /** The changes the screen asked for (POST), as path below /api and body. */
  posts(): { path: string; body: unknown }[] {
    return this.requests
      .filter((request) => request.method === 'POST')
      .map((request) => ({
        path: decodeURIComponent(request.url.pathname.slice('/api'.length)),
        body: request.body,
      }));
  }

  install() {
    return stubFetch((request) => {
      this.requests.push(request);
      return this.handle(request);
    });
  }

  private handle(request: RecordedRequest): Response {
    const { method, url } = request;
    if (url.pathname.startsWith(`${SUPPORT_ROUNDS}/`)) return this.closures.handle(request);
    if (DIMENSIONS.includes(url.pathname)) return jsonResponse(200, this.dimensions());
    if (url.pathname === GAME_ROUNDS || url.pathname.startsWith(`${GAME_ROUNDS}/`))
      return this.gameRounds.handle(request);
    if (url.pathname.startsWith(`${BASE}/`)) {
      const [casinoId = '', playerId = '', ...rest] = url.pathname
        .slice(BASE.length + 1)
        .split('/')
        .map((part) => decodeURIComponent(part));
      if (method === 'GET' && rest.length === 0) return this.detail(casinoId, playerId);
      const deletion = SAVEGAME_DELETE.exec(`/${rest.join('/')}`);
      if (method === 'POST' && deletion)
        return this.deleteSavegame(casinoId, playerId, deletion[1]!, request.body);
      return errorResponse('METHOD_NOT_ALLOWED');
    }
    if (method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED');
    if (url.pathname === BASE) return this.search(url.searchParams);
    return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100 });
  }

  private shown(player: StoredPlayer): SupportPlayer {
    return playerAsSeen(player, seesPersonalData(this.role));
  }

  /** The rounds' dimensions, with the casinos of players without rounds. */
  private dimensions(): ReportDimensions {
    const dimensions = this.gameRounds.dimensions();
    const known = new Set(dimensions.casinos.map((casino) => casino.id));
    for (const { casinoId } of this.players) {
      if (!known.has(casinoId)) dimensions.casinos.push({ id: casinoId, name: null });
      known.add(casinoId);
    }
    return dimensions;
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
    const rounds = this.gameRounds.rounds
      .filter((round) => round.casinoId === casinoId && round.playerId === playerId)
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
      .map(summaryOf);
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

  private deleteSavegame(casinoId: string, playerId: string, gameId: string, body: unknown): Response {
    if (!hasPermission(this.role, 'playerSupportActions')) return errorResponse('NO_PERMISSION');
    const parsed = deleteSavegameInputSchema.safeParse(body);
    if (!parsed.success) return errorResponse('VALIDATION_FAILED');
    const { mode, confirmation } = parsed.data;
    if (confirmation !== gameId) return errorResponse('CONFIRMATION_MISMATCH');
    const index = this.savegames.findIndex(
      (savegame) =>
        savegame.casinoId === casinoId && savegame.playerId === playerId && savegame.gameId === gameId,
    );
    const savegame = this.savegames[index];
    if (!savegame) return errorResponse('RECORD_NOT_FOUND');
    if (mode === 'soft' && !savegame.restorable) return errorResponse('SAVEGAME_NOT_RESTORABLE');
    let result: DeleteSavegameResult = { mode, savegame: null };
    if (mode === 'hard') {
      this.savegames.splice(index, 1);
    } else {
      savegame.restorable = false;
      savegame.updatedAt = new Date().toISOString();
      const { gameId: id, savedAt, updatedAt, restorable } = savegame;
      result = { mode, savegame: { gameId: id, savedAt, updatedAt, restorable } };
    }
    return jsonResponse(200, result);
  }
}
