/**
 * A small in-memory stand-in for the server's game catalogue APIs — games (/api/games), their versions
 * (/api/game-versions), and the studios, providers and jurisdictions they refer to — answering the way the
 * real ones do: pages with q/sort/order/filters, the contract's validation, 409 GAME_ID_TAKEN /
 * GAME_VERSION_TAKEN / STALE_VERSION, 404 for unknown references, 204 on delete (a game with its versions),
 * and a version's activation (POST /:id/activate or /:id/deactivate; 409 when it is in that state already).
 */
import {
  errorCatalogue,
  gameCreateSchema,
  gameUpdateSchema,
  gameVersionActivationSchema,
  gameVersionCreateSchema,
  gameVersionUpdateSchema,
  type ErrorCode,
  type Game,
  type GameCreate,
  type GameProvider,
  type GameStudio,
  type GameVersion,
  type GameVersionCreate,
  type Jurisdiction,
} from '@backoffice/contracts';
import { searchedPage } from './fake-api';
import { emptyResponse, jsonResponse, stubFetch, type RecordedRequest } from './fetch';

function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

function timestamp(minute: number): string {
  return new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString();
}

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

type Stored = { version: number; createdAt: string; updatedAt: string };

/** Games as stored: names of studio and provider, and the version count, are joined when answering. */
type StoredGame = Omit<Game, 'studioName' | 'providerName' | 'versionCount'>;
/** Versions as stored: jurisdictions by id, the game's name and the missing keys are joined when answering. */
type StoredVersion = Omit<GameVersion, 'gameName' | 'jurisdictions' | 'missingProperties'> & {
  jurisdictionIds: string[];
};

export type GameSeed = Partial<Omit<GameCreate, 'studioId' | 'providerId'>> & {
  gameId: string;
  /** A studio name (added when new). */
  studio?: string;
  /** A provider id (added when new). */
  provider?: string;
};

export type VersionSeed = Partial<Omit<GameVersionCreate, 'jurisdictionIds'>> & {
  gameId: string;
  versionNumber: string;
  /** False: deactivated earlier (by a user or a CPV check). */
  active?: boolean;
  /** Jurisdiction names (added when new). */
  jurisdictions?: string[];
};

export class FakeCatalogueApi {
  readonly studios = new Map<string, GameStudio>();
  readonly providers = new Map<string, GameProvider>();
  readonly jurisdictions = new Map<string, Jurisdiction>();
  readonly games = new Map<string, StoredGame>();
  readonly versions = new Map<string, StoredVersion>();
  readonly requests: RecordedRequest[] = [];
  private clock = 0;
  private nextId = 1;

  private meta(): Stored {
    const at = timestamp(this.clock++);
    return { version: 1, createdAt: at, updatedAt: at };
  }

  private touched<T extends Stored>(record: T): T {
    return { ...record, version: record.version + 1, updatedAt: timestamp(this.clock++) };
  }

  addStudio(name: string): GameStudio {
    const found = [...this.studios.values()].find((studio) => studio.name === name);
    if (found) return found;
    const studio: GameStudio = { id: uuid(this.nextId++), name, relaxId: '', gameCount: 0, ...this.meta() };
    this.studios.set(studio.id, studio);
    return studio;
  }

  addProvider(id: string, name = id.toUpperCase()): GameProvider {
    const found = this.providers.get(id);
    if (found) return found;
    const provider: GameProvider = {
      id,
      name,
      api: 'internal',
      config: {},
      secretsSet: [],
      gameCount: 0,
      ...this.meta(),
    };
    this.providers.set(id, provider);
    return provider;
  }

  addJurisdiction(name: string): Jurisdiction {
    const found = [...this.jurisdictions.values()].find((jurisdiction) => jurisdiction.name === name);
    if (found) return found;
    const jurisdiction: Jurisdiction = { id: uuid(this.nextId++), name, ...this.meta() };
    this.jurisdictions.set(jurisdiction.id, jurisdiction);
    return jurisdiction;
  }

  /** Stores a game directly, as if created earlier. */
  addGame({ studio = 'Nordlicht Studio', provider = 'internal', ...seed }: GameSeed): Game {
    const game: StoredGame = {
      name: seed.gameId,
      gameProviderGameId: '',
      theoreticalRtp: 96,
      maxExposureFactor: 5000,
      minBetCents: 10,
      requiredPropertyKeys: [],
      ...seed,
      studioId: this.addStudio(studio).id,
      providerId: this.addProvider(provider).id,
      ...this.meta(),
    };
    this.games.set(game.gameId, game);
    return this.game(game.gameId)!;
  }

  /** Stores a version directly, as if created earlier. */
  addVersion({ jurisdictions = [], ...seed }: VersionSeed): GameVersion {
    const version: StoredVersion = {
      id: uuid(this.nextId++),
      betSizes: [],
      supportsVouchers: false,
      supportsFeatureTriggerVouchers: false,
      properties: {},
      frontendUrl: '',
      backendUrl: '',
      active: true,
      ...seed,
      jurisdictionIds: jurisdictions.map((name) => this.addJurisdiction(name).id),
      ...this.meta(),
    };
    this.versions.set(version.id, version);
    return this.version(version.id)!;
  }

  /** Someone else changes the game meanwhile: next revision. */
  changeGameBehindTheScenes(gameId: string, patch: Partial<GameCreate>) {
    this.games.set(gameId, this.touched({ ...this.games.get(gameId)!, ...patch }));
  }

  /** Someone else (or a CPV check) switches the version meanwhile: next revision. */
  changeVersionBehindTheScenes(id: string, patch: Partial<StoredVersion>) {
    this.versions.set(id, this.touched({ ...this.versions.get(id)!, ...patch }));
  }

  /** A game as the API answers it. */
  game(gameId: string): Game | undefined {
    const game = this.games.get(gameId);
    if (!game) return undefined;
    return {
      ...game,
      studioName: this.studios.get(game.studioId)?.name ?? '',
      providerName: this.providers.get(game.providerId)?.name ?? '',
      versionCount: [...this.versions.values()].filter((version) => version.gameId === gameId).length,
    };
  }

  /** A version as the API answers it. */
  version(id: string): GameVersion | undefined {
    const stored = this.versions.get(id);
    if (!stored) return undefined;
    const { jurisdictionIds, ...version } = stored;
    const game = this.games.get(version.gameId);
    const required = game?.requiredPropertyKeys ?? [];
    return {
      ...version,
      gameName: game?.name ?? '',
      jurisdictions: jurisdictionIds
        .map((jurisdictionId) => this.jurisdictions.get(jurisdictionId)!)
        .map(({ id: jurisdictionId, name }) => ({ id: jurisdictionId, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      missingProperties: required.filter((key) => !version.properties[key]?.trim()),
    };
  }

  versionByNumber(gameId: string, versionNumber: string): GameVersion | undefined {
    const found = [...this.versions.values()].find(
      (version) => version.gameId === gameId && version.versionNumber === versionNumber,
    );
    return found && this.version(found.id);
  }

  /** The recorded requests of one method, optionally of one resource (e.g. every POST to /api/games). */
  sent(method: string, resource?: string): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (resource === undefined ||
          request.url.pathname === resource ||
          request.url.pathname.startsWith(`${resource}/`)),
    );
  }

  install() {
    return stubFetch((request) => {
      this.requests.push(request);
      return this.handle(request);
    });
  }

  private handle(request: RecordedRequest): Response {
    const [, api, resource, rawId, ...rest] = request.url.pathname.split('/');
    const id = rawId ? decodeURIComponent(rawId) : '';
    if (api === 'api' && resource === 'game-versions' && rest.length === 1) {
      return this.switchVersion(request, id, rest[0]!);
    }
    if (api !== 'api' || rest.length > 0) return errorResponse('NOT_FOUND');
    switch (resource) {
      case 'game-studios':
        return this.readOnly(request, id, this.studios, 'GAME_STUDIO_NOT_FOUND', (studio) => [
          studio.name,
          studio.relaxId,
        ]);
      case 'game-providers':
        return this.readOnly(request, id, this.providers, 'GAME_PROVIDER_NOT_FOUND', (provider) => [
          provider.id,
          provider.name,
        ]);
      case 'jurisdictions':
        return this.readOnly(request, id, this.jurisdictions, 'RECORD_NOT_FOUND', (jurisdiction) => [
          jurisdiction.name,
        ]);
      case 'games':
        return this.handleGames(request, id);
      case 'game-versions':
        return this.handleVersions(request, id);
      default:
        return errorResponse('NOT_FOUND');
    }
  }

  private readOnly<T extends { name: string }>(
    { method, url }: RecordedRequest,
    id: string,
    records: Map<string, T>,
    notFound: ErrorCode,
    searched: (record: T) => string[],
  ): Response {
    if (method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED');
    if (!id) {
      return jsonResponse(
        200,
        searchedPage(url.searchParams, [...records.values()], searched, (record) => record.name),
      );
    }
    const record = records.get(id);
    return record ? jsonResponse(200, record) : errorResponse(notFound);
  }

  private handleGames({ method, url, body }: RecordedRequest, gameId: string): Response {
    if (!gameId && method === 'GET') {
      const params = url.searchParams;
      const games = [...this.games.keys()]
        .map((key) => this.game(key)!)
        .filter((game) => !params.get('studioId') || game.studioId === params.get('studioId'))
        .filter((game) => !params.get('providerId') || game.providerId === params.get('providerId'));
      return jsonResponse(
        200,
        searchedPage(
          params,
          games,
          (game) => [game.gameId, game.name],
          (game) => game.gameId,
        ),
      );
    }
    if (!gameId && method === 'POST') {
      const parsed = gameCreateSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const input = parsed.data;
      if (this.games.has(input.gameId)) return errorResponse('GAME_ID_TAKEN');
      if (!this.studios.has(input.studioId)) return errorResponse('GAME_STUDIO_NOT_FOUND');
      if (!this.providers.has(input.providerId)) return errorResponse('GAME_PROVIDER_BOUND_NOT_FOUND');
      this.games.set(input.gameId, { ...input, ...this.meta() });
      return jsonResponse(201, this.game(input.gameId));
    }

    const current = this.games.get(gameId);
    if (!current) return errorResponse('GAME_NOT_FOUND');
    if (method === 'GET') return jsonResponse(200, this.game(gameId));
    if (method === 'PUT') {
      const parsed = gameUpdateSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const { version, ...input } = parsed.data;
      if (version !== current.version) return errorResponse('STALE_VERSION');
      if (!this.studios.has(input.studioId)) return errorResponse('GAME_STUDIO_NOT_FOUND');
      if (!this.providers.has(input.providerId)) return errorResponse('GAME_PROVIDER_BOUND_NOT_FOUND');
      this.games.set(gameId, this.touched({ ...current, ...input }));
      return jsonResponse(200, this.game(gameId));
    }
    if (method === 'DELETE') {
      if (Number(url.searchParams.get('version')) !== current.version) return errorResponse('STALE_VERSION');
      for (const version of [...this.versions.values()]) {
        if (version.gameId === gameId) this.versions.delete(version.id);
      }
      this.games.delete(gameId);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private numberTaken(gameId: string, versionNumber: string, exceptId?: string): boolean {
    return [...this.versions.values()].some(
      (version) =>
        version.id !== exceptId && version.gameId === gameId && version.versionNumber === versionNumber,
    );
  }

  private handleVersions({ method, url, body }: RecordedRequest, id: string): Response {
    if (!id && method === 'GET') {
      const params = url.searchParams;
      const versions = [...this.versions.keys()]
        .map((key) => this.version(key)!)
        .filter((version) => !params.get('gameId') || version.gameId === params.get('gameId'))
        .filter((version) => !params.get('active') || String(version.active) === params.get('active'))
        .filter(
          (version) =>
            !params.get('jurisdictionId') ||
            version.jurisdictions.some((jurisdiction) => jurisdiction.id === params.get('jurisdictionId')),
        );
      return jsonResponse(
        200,
        searchedPage(
          params,
          versions,
          (version) => [version.versionNumber, version.gameId],
          (version) => `${version.gameId} ${version.versionNumber}`,
          {
            gameId: (version) => `${version.gameId} ${version.versionNumber}`,
            versionNumber: (version) => `${version.versionNumber} ${version.gameId}`,
          },
        ),
      );
    }
    if (!id && method === 'POST') {
      const parsed = gameVersionCreateSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const input = parsed.data;
      if (!this.games.has(input.gameId)) return errorResponse('GAME_NOT_FOUND');
      if (input.jurisdictionIds.some((jurisdictionId) => !this.jurisdictions.has(jurisdictionId)))
        return errorResponse('JURISDICTION_NOT_FOUND');
      if (this.numberTaken(input.gameId, input.versionNumber)) return errorResponse('GAME_VERSION_TAKEN');
      const created: StoredVersion = {
        ...input,
        active: true,
        betSizes: [...input.betSizes].sort((a, b) => a - b),
        id: uuid(this.nextId++),
        ...this.meta(),
      };
      this.versions.set(created.id, created);
      return jsonResponse(201, this.version(created.id));
    }

    const current = this.versions.get(id);
    if (!current) return errorResponse('RECORD_NOT_FOUND');
    if (method === 'GET') return jsonResponse(200, this.version(id));
    if (method === 'PUT') {
      const parsed = gameVersionUpdateSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const { version, ...input } = parsed.data;
      if (version !== current.version) return errorResponse('STALE_VERSION');
      if (this.numberTaken(current.gameId, input.versionNumber, id))
        return errorResponse('GAME_VERSION_TAKEN');
      this.versions.set(
        id,
        this.touched({ ...current, ...input, betSizes: [...input.betSizes].sort((a, b) => a - b) }),
      );
      return jsonResponse(200, this.version(id));
    }
    if (method === 'DELETE') {
      if (Number(url.searchParams.get('version')) !== current.version) return errorResponse('STALE_VERSION');
      this.versions.delete(id);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  /** A version's activation: the state switches at the revision read, never to the state it has. */
  private switchVersion({ method, body }: RecordedRequest, id: string, action: string): Response {
    if (action !== 'activate' && action !== 'deactivate') return errorResponse('NOT_FOUND');
    if (method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED');
    const parsed = gameVersionActivationSchema.safeParse(body);
    if (!parsed.success) return errorResponse('VALIDATION_FAILED');
    const current = this.versions.get(id);
    if (!current) return errorResponse('RECORD_NOT_FOUND');
    if (parsed.data.version !== current.version) return errorResponse('STALE_VERSION');
    const active = action === 'activate';
    if (current.active === active) {
      return errorResponse(active ? 'GAME_VERSION_ALREADY_ACTIVE' : 'GAME_VERSION_ALREADY_INACTIVE');
    }
    this.versions.set(id, this.touched({ ...current, active }));
    return jsonResponse(200, this.version(id));
  }
}
