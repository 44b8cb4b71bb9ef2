/**
 * A small in-memory stand-in for the server's casino API (/api/casinos with activation and games) and the
 * lookups its screens use — bridges, jurisdictions, game providers, integration options, games — answering
 * the way the real ones do: pages with q/sort/order/filters, the contract's validation, write-only operator
 * secrets (kept when empty, removed by `clearSecrets`), 409 CASINO_ID_TAKEN / STALE_VERSION /
 * CASINO_GAME_ALREADY_ASSIGNED / CASINO_IS_INTEGRATION_DEFAULT, 400 OPERATOR_API_CONFIG_NOT_APPLICABLE /
 * INTEGRATION_OPTION_VALUE_INVALID, 404 for unknown records, 204 on delete.
 */
import {
  activationSchema,
  assignGameSchema,
  casinoCreateSchema,
  casinoUpdateSchema,
  errorCatalogue,
  gameActivationSchema,
  isOperatorSecretField,
  isValidOptionValue,
  operatorApis,
  type AssignedGame,
  type Bridge,
  type Casino,
  type CasinoCreate,
  type ErrorCode,
  type GameProvider,
  type IntegrationOption,
  type IntegrationOptionDataType,
  type Jurisdiction,
  type OperatorApi,
  type OperatorSecretField,
  type PendingDelivery,
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

/** A game of the catalogue, as far as the casino screens need it. */
export interface CatalogueGame {
  gameId: string;
  name: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A casino as stored: references by id, secrets in clear, its games. */
interface StoredCasino extends Stored {
  id: string;
  name: string;
  bridgeId: string;
  api: OperatorApi;
  config: Record<string, string>;
  secrets: Partial<Record<OperatorSecretField, string>>;
  jurisdictionId: string;
  showGameLaunchPage: boolean;
  cheatingAllowed: boolean;
  sendEventMessages: boolean;
  gameRoundValidityPeriodDays: number | null;
  properties: Record<string, string>;
  providerConfigs: { providerId: string; config: Record<string, string> }[];
  optionValues: { optionId: string; value: string }[];
  active: boolean;
  games: Map<string, { active: boolean; assignedAt: string; updatedAt: string }>;
  integrationIds: string[];
  /** An activation change its integrations' bridges have not confirmed (tests set it). */
  pendingDelivery?: PendingDelivery | null;
}

export type CasinoSeed = Partial<Omit<CasinoCreate, 'bridgeId' | 'jurisdictionId'>> & {
  id: string;
  /** A bridge name (added when new). */
  bridge?: string;
  /** A jurisdiction name (added when new). */
  jurisdiction?: string;
  active?: boolean;
  /** Game ids of the catalogue (added when new), with whether each is active. */
  games?: Record<string, boolean>;
  /** Integrations the casino is bound to. */
  integrationIds?: string[];
};

export class FakeCasinosApi {
  readonly bridges = new Map<string, Bridge>();
  readonly jurisdictions = new Map<string, Jurisdiction>();
  readonly providers = new Map<string, GameProvider>();
  readonly options = new Map<string, IntegrationOption>();
  readonly catalogue = new Map<string, CatalogueGame>();
  readonly casinos = new Map<string, StoredCasino>();
  /** Casinos that are the default casino of an integration (cannot be deleted). */
  readonly integrationDefaults = new Set<string>();
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

  addBridge(name: string): Bridge {
    const found = [...this.bridges.values()].find((bridge) => bridge.name === name);
    if (found) return found;
    const bridge: Bridge = {
      id: uuid(this.nextId++),
      name,
      routerUrl: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.com`,
      properties: {},
      secretSet: true,
      ...this.meta(),
    };
    this.bridges.set(bridge.id, bridge);
    return bridge;
  }

  addJurisdiction(name: string): Jurisdiction {
    const found = [...this.jurisdictions.values()].find((jurisdiction) => jurisdiction.name === name);
    if (found) return found;
    const jurisdiction: Jurisdiction = { id: uuid(this.nextId++), name, ...this.meta() };
    this.jurisdictions.set(jurisdiction.id, jurisdiction);
    return jurisdiction;
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

  addOption(name: string, dataType: IntegrationOptionDataType): IntegrationOption {
    const found = [...this.options.values()].find((option) => option.name === name);
    if (found) return found;
    const option: IntegrationOption = {
      id: uuid(this.nextId++),
      name,
      dataType,
      casinoCount: 0,
      ...this.meta(),
    };
    this.options.set(option.id, option);
    return option;
  }

  addGame(gameId: string, name = gameId): CatalogueGame {
    const found = this.catalogue.get(gameId);
    if (found) return found;
    const game: CatalogueGame = { gameId, name, ...this.meta() };
    this.catalogue.set(gameId, game);
    return game;
  }

  /** Stores a casino directly, as if created earlier. */
  addCasino({
    bridge = 'Main bridge',
    jurisdiction = 'Malta',
    active = true,
    games = {},
    integrationIds = [],
    config = {},
    ...seed
  }: CasinoSeed): Casino {
    const api = seed.api ?? 'seamlessWallet';
    const stored: StoredCasino = {
      name: seed.id,
      showGameLaunchPage: false,
      cheatingAllowed: false,
      sendEventMessages: false,
      gameRoundValidityPeriodDays: null,
      properties: {},
      providerConfigs: [],
      optionValues: [],
      ...seed,
      api,
      bridgeId: this.addBridge(bridge).id,
      jurisdictionId: this.addJurisdiction(jurisdiction).id,
      config: {},
      secrets: {},
      active,
      integrationIds,
      games: new Map(),
      ...this.meta(),
    };
    this.applyConfig(stored, config, []);
    for (const [gameId, gameActive] of Object.entries(games)) {
      this.addGame(gameId);
      const at = timestamp(this.clock++);
      stored.games.set(gameId, { active: gameActive, assignedAt: at, updatedAt: at });
    }
    this.casinos.set(stored.id, stored);
    return this.casino(stored.id)!;
  }

  /** The secrets stored for a casino, in clear (the API never answers them). */
  secretsOf(id: string): Partial<Record<OperatorSecretField, string>> {
    return { ...this.casinos.get(id)?.secrets };
  }

  /** A casino as the API answers it. */
  casino(id: string): Casino | undefined {
    const stored = this.casinos.get(id);
    if (!stored) return undefined;
    const { secrets, games, ...casino } = stored;
    return {
      ...casino,
      bridgeName: this.bridges.get(stored.bridgeId)?.name ?? '',
      jurisdictionName: this.jurisdictions.get(stored.jurisdictionId)?.name ?? '',
      secretsSet: (Object.keys(secrets) as OperatorSecretField[]).filter((field) => secrets[field]),
      providerConfigs: stored.providerConfigs.map((row) => ({
        ...row,
        providerName: this.providers.get(row.providerId)?.name ?? '',
      })),
      optionValues: stored.optionValues.map((row) => {
        const option = this.options.get(row.optionId)!;
        return { ...row, optionName: option.name, dataType: option.dataType };
      }),
      gameCount: games.size,
      pendingDelivery: casino.pendingDelivery ?? null,
    };
  }

  /** The games of a casino as the API answers them. */
  gamesOf(id: string): AssignedGame[] {
    const stored = this.casinos.get(id);
    return [...(stored?.games ?? new Map()).entries()].map(([gameId, assignment]) => ({
      gameId,
      gameName: this.catalogue.get(gameId)?.name ?? gameId,
      ...assignment,
    }));
  }

  /** The recorded requests of one method, optionally of one path (e.g. every POST to /api/casinos). */
  sent(method: string, path?: string): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.method === method && (path === undefined || request.url.pathname === path),
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
    if (api !== 'api') return errorResponse('NOT_FOUND');
    const id = rawId ? decodeURIComponent(rawId) : '';
    if (resource === 'casinos') return this.handleCasinos(request, id, rest.map(decodeURIComponent));
    if (rest.length > 0) return errorResponse('NOT_FOUND');
    switch (resource) {
      case 'bridges':
        return readOnly(request, id, this.bridges, 'BRIDGE_NOT_FOUND', (bridge) => [bridge.name]);
      case 'jurisdictions':
        return readOnly(request, id, this.jurisdictions, 'JURISDICTION_NOT_FOUND', (jurisdiction) => [
          jurisdiction.name,
        ]);
      case 'game-providers':
        return readOnly(request, id, this.providers, 'GAME_PROVIDER_NOT_FOUND', (provider) => [
          provider.id,
          provider.name,
        ]);
      case 'integration-options':
        return readOnly(request, id, this.options, 'INTEGRATION_OPTION_NOT_FOUND', (option) => [option.name]);
      case 'games':
        return readOnly(request, id, this.catalogue, 'GAME_NOT_FOUND', (game) => [game.gameId, game.name]);
      default:
        return errorResponse('NOT_FOUND');
    }
  }

  /** Stores the configuration of the casino's API: secrets left empty are kept, unless cleared. */
  private applyConfig(
    casino: StoredCasino,
    config: Record<string, string | undefined>,
    clearSecrets: OperatorSecretField[],
  ) {
    const fields = new Set<string>(operatorApis[casino.api]);
    const secrets: Partial<Record<OperatorSecretField, string>> = {};
    for (const [field, value] of Object.entries(casino.secrets)) {
      if (fields.has(field) && !clearSecrets.includes(field as OperatorSecretField))
        secrets[field as OperatorSecretField] = value;
    }
    const plain: Record<string, string> = {};
    for (const [field, value] of Object.entries(config)) {
      if (!value) continue;
      if (isOperatorSecretField(field)) secrets[field] = value;
      else plain[field] = value;
    }
    casino.config = plain;
    casino.secrets = secrets;
  }

  /** The checks of create and update beyond the schema; the error code of the first that fails. */
  private refused(input: Omit<CasinoCreate, 'id'>): ErrorCode | undefined {
    const fields = new Set<string>(operatorApis[input.api]);
    if (Object.keys(input.config).some((field) => !fields.has(field)))
      return 'OPERATOR_API_CONFIG_NOT_APPLICABLE';
    if (!this.bridges.has(input.bridgeId)) return 'BRIDGE_NOT_FOUND';
    if (!this.jurisdictions.has(input.jurisdictionId)) return 'JURISDICTION_NOT_FOUND';
    if (input.providerConfigs.some((row) => !this.providers.has(row.providerId)))
      return 'GAME_PROVIDER_NOT_FOUND';
    for (const { optionId, value } of input.optionValues) {
      const option = this.options.get(optionId);
      if (!option) return 'INTEGRATION_OPTION_NOT_FOUND';
      if (!isValidOptionValue(option.dataType, value)) return 'INTEGRATION_OPTION_VALUE_INVALID';
    }
    return undefined;
  }

  private handleCasinos({ method, url, body }: RecordedRequest, id: string, rest: string[]): Response {
    if (!id && method === 'GET') {
      const params = url.searchParams;
      const casinos = [...this.casinos.keys()]
        .map((key) => this.casino(key)!)
        .filter((casino) => !params.get('active') || String(casino.active) === params.get('active'))
        .filter((casino) => !params.get('bridgeId') || casino.bridgeId === params.get('bridgeId'))
        .filter(
          (casino) => !params.get('jurisdictionId') || casino.jurisdictionId === params.get('jurisdictionId'),
        );
      return jsonResponse(
        200,
        searchedPage(
          params,
          casinos,
          (casino) => [casino.id, casino.name],
          (casino) => casino.id,
        ),
      );
    }
    if (!id && method === 'POST') {
      const parsed = casinoCreateSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const { clearSecrets: _none, config, ...input } = parsed.data;
      if (this.casinos.has(input.id)) return errorResponse('CASINO_ID_TAKEN');
      const refused = this.refused(parsed.data);
      if (refused) return errorResponse(refused);
      const stored: StoredCasino = {
        ...input,
        config: {},
        secrets: {},
        active: true,
        games: new Map(),
        integrationIds: [],
        ...this.meta(),
      };
      this.applyConfig(stored, config, []);
      this.casinos.set(stored.id, stored);
      return jsonResponse(201, this.casino(stored.id));
    }

    const current = this.casinos.get(id);
    if (!current) return errorResponse('CASINO_NOT_FOUND');
    if (rest[0] === 'activation' && rest.length === 1 && method === 'PUT') {
      const parsed = activationSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      if (parsed.data.version !== current.version) return errorResponse('STALE_VERSION');
      this.casinos.set(id, this.touched({ ...current, active: parsed.data.active }));
      return jsonResponse(200, this.casino(id));
    }
    if (rest[0] === 'games') return this.handleGames({ method, url, body }, current, rest.slice(1));
    if (rest.length > 0) return errorResponse('NOT_FOUND');

    if (method === 'GET') return jsonResponse(200, this.casino(id));
    if (method === 'PUT') {
      const parsed = casinoUpdateSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const { version, config, clearSecrets = [], ...input } = parsed.data;
      if (version !== current.version) return errorResponse('STALE_VERSION');
      const refused = this.refused(parsed.data);
      if (refused) return errorResponse(refused);
      const next = this.touched({ ...current, ...input });
      this.applyConfig(next, config, clearSecrets);
      this.casinos.set(id, next);
      return jsonResponse(200, this.casino(id));
    }
    if (method === 'DELETE') {
      if (Number(url.searchParams.get('version')) !== current.version) return errorResponse('STALE_VERSION');
      if (this.integrationDefaults.has(id)) return errorResponse('CASINO_IS_INTEGRATION_DEFAULT');
      if (current.integrationIds.length > 0) return errorResponse('CASINO_BOUND_TO_INTEGRATION');
      this.casinos.delete(id);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private handleGames(
    { method, url, body }: Pick<RecordedRequest, 'method' | 'url' | 'body'>,
    casino: StoredCasino,
    rest: string[],
  ): Response {
    const [gameId, action, ...more] = rest;
    if (more.length > 0) return errorResponse('NOT_FOUND');
    if (gameId === undefined && method === 'GET') {
      const params = url.searchParams;
      const games = this.gamesOf(casino.id).filter(
        (game) => !params.get('active') || String(game.active) === params.get('active'),
      );
      return jsonResponse(
        200,
        searchedPage(
          params,
          games,
          (game) => [game.gameId, game.gameName],
          (game) => game.gameId,
        ),
      );
    }
    if (gameId === undefined && method === 'POST') {
      const parsed = assignGameSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      if (!this.catalogue.has(parsed.data.gameId)) return errorResponse('GAME_NOT_FOUND');
      if (casino.games.has(parsed.data.gameId)) return errorResponse('CASINO_GAME_ALREADY_ASSIGNED');
      const at = timestamp(this.clock++);
      casino.games.set(parsed.data.gameId, { active: parsed.data.active, assignedAt: at, updatedAt: at });
      return jsonResponse(
        201,
        this.gamesOf(casino.id).find((game) => game.gameId === parsed.data.gameId),
      );
    }
    const assignment = gameId === undefined ? undefined : casino.games.get(gameId);
    if (!assignment) return errorResponse('CASINO_GAME_NOT_ASSIGNED');
    if (action === 'activation' && method === 'PUT') {
      const parsed = gameActivationSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      casino.games.set(gameId!, {
        ...assignment,
        active: parsed.data.active,
        updatedAt: timestamp(this.clock++),
      });
      return jsonResponse(
        200,
        this.gamesOf(casino.id).find((game) => game.gameId === gameId),
      );
    }
    if (action === undefined && method === 'DELETE') {
      casino.games.delete(gameId!);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }
}

function readOnly<T extends object>(
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
      searchedPage(url.searchParams, [...records.values()], searched, (record) => searched(record)[0] ?? ''),
    );
  }
  const record = records.get(id);
  return record ? jsonResponse(200, record) : errorResponse(notFound);
}
