/**
 * A small in-memory stand-in for the server's integrations API (/api/integrations: records, activation,
 * games, push preview, push and push history) and the lookups its screens use (/api/bridges, /api/casinos,
 * /api/jurisdictions, /api/games), answering the way the real ones do: pages with q/sort/order/active,
 * the contract's validation, INTEGRATION_ID_TAKEN / INTEGRATION_RULE_TEST_FAILED / INTEGRATION_HAS_CASINOS /
 * INTEGRATION_GAME_ALREADY_ASSIGNED / STALE_VERSION / PUSH_NOT_FOUND, and a bridge that answers a push or
 * fails as told — each push, confirmed or failed, kept in the history; also the integrations' API keys
 * (list, create answering the key once, idempotent revoke).
 */
import {
  API_KEY_PREFIX,
  createApiKeySchema,
  errorCatalogue,
  integrationCreateSchema,
  integrationUpdateSchema,
  runRuleTests,
  type ApiKey,
  type AssignedGame,
  type Bridge,
  type Casino,
  type DocumentChange,
  type ErrorCode,
  type Game,
  type Integration,
  type IntegrationCreate,
  type Jurisdiction,
  type PushDetail,
  type PushEntry,
  type PushPreview,
  type PendingDelivery,
  type PushResult,
  type PushTrigger,
} from '@backoffice/contracts';
import { pageOf, searchedPage } from './fake-api';
import { emptyResponse, jsonResponse, stubFetch, type RecordedRequest } from './fetch';

export function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

function timestamp(minute: number): string {
  return new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString();
}

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

type Meta = { version: number; createdAt: string; updatedAt: string };

type ConfigurationDocument = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A document as dotted fields, the way the server compares them: the lists become records keyed by what
 * identifies an entry (a casino by its id, a game by its id, a rule by its position), other lists and
 * values stay whole; the version is no field of its own.
 */
function documentFields(document: ConfigurationDocument | null): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  if (!document) return fields;
  const byKey = (items: unknown, key: (item: Record<string, unknown>, index: number) => string) =>
    Object.fromEntries(((items ?? []) as Record<string, unknown>[]).map((item, i) => [key(item, i), item]));
  const { configurationVersion: _version, casinos, games, rules, ...rest } = document;
  const comparable = {
    ...rest,
    casinos: byKey(casinos, (casino) => String(casino.id)),
    games: byKey(games, (game) => String(game.gameId)),
    rules: byKey(rules, (_rule, index) => String(index + 1)),
  };
  const flatten = (value: Record<string, unknown>, prefix: string) => {
    for (const [key, item] of Object.entries(value)) {
      if (isPlainObject(item)) flatten(item, `${prefix}${key}.`);
      else fields.set(`${prefix}${key}`, item);
    }
  };
  flatten(comparable, '');
  return fields;
}

/** The fields in which `after` differs from `before` (a missing field counts as null), in path order. */
export function documentChanges(
  before: ConfigurationDocument | null,
  after: ConfigurationDocument | null,
): DocumentChange[] {
  const from = documentFields(before);
  const to = documentFields(after);
  return [...new Set([...from.keys(), ...to.keys()])]
    .sort()
    .map((path) => ({ path, before: from.get(path) ?? null, after: to.get(path) ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/**
 * Whether two documents say the same, whatever their versions (the server compares digests of them; the
 * fake builds every document with its keys in one order, so their text will do).
 */
function sameContent(a: ConfigurationDocument, b: ConfigurationDocument): boolean {
  const content = ({ configurationVersion: _version, ...rest }: ConfigurationDocument) =>
    JSON.stringify(rest);
  return content(a) === content(b);
}

/**
 * Integrations as stored: the bridge's name, the game count and whether the bridge holds the current
 * document are worked out when answering.
 */
type StoredIntegration = Omit<Integration, 'bridgeName' | 'gameCount' | 'inSync'>;

export type IntegrationSeed = Partial<Omit<IntegrationCreate, 'bridgeId'>> & {
  id: string;
  /** A bridge name (added when new). */
  bridge?: string;
  active?: boolean;
  lastPush?: PushResult | null;
  pendingDelivery?: PendingDelivery | null;
};

export class FakeIntegrationsApi {
  readonly bridges = new Map<string, Bridge>();
  readonly casinos = new Map<string, Casino>();
  readonly jurisdictions = new Map<string, Jurisdiction>();
  readonly games = new Map<string, Game>();
  readonly integrations = new Map<string, StoredIntegration>();
  /** The games of each integration, by game id. */
  readonly assigned = new Map<string, Map<string, AssignedGame>>();
  /** API keys of all integrations, by key id, in the order they were created. */
  readonly apiKeys = new Map<string, ApiKey>();
  /** The keys themselves as created through the API (the server would keep only their hashes). */
  readonly issuedKeys: string[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Every push of every integration with the document it sent, oldest first. */
  readonly pushes: PushDetail[] = [];
  /** How the bridge answers pushes: it receives them, or fails with this error. */
  pushFault: 'BRIDGE_UNREACHABLE' | 'BRIDGE_TIMEOUT' | null = null;
  /** Who pushes through the API (the signed-in user's name as the server records it). */
  pusherName = 'Test admin';
  /** The error the next change of an integration answers with (e.g. a refusal the screen cannot foresee). */
  nextWriteError: ErrorCode | null = null;
  private clock = 0;
  private nextId = 1;

  private meta(): Meta {
    const at = timestamp(this.clock++);
    return { version: 1, createdAt: at, updatedAt: at };
  }

  private touched<T extends Meta>(record: T): T {
    return { ...record, version: record.version + 1, updatedAt: timestamp(this.clock++) };
  }

  addBridge(
    name: string,
    routerUrl = `https://${name.toLowerCase().replace(/\W+/g, '-')}.example.com`,
  ): Bridge {
    const found = [...this.bridges.values()].find((bridge) => bridge.name === name);
    if (found) return found;
    const bridge: Bridge = {
      id: uuid(this.nextId++),
      name,
      routerUrl,
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

  addCasino(id: string, name = id): Casino {
    const found = this.casinos.get(id);
    if (found) return found;
    const bridge = this.addBridge('Main bridge');
    const jurisdiction = this.addJurisdiction('Malta');
    const casino: Casino = {
      id,
      name,
      bridgeId: bridge.id,
      bridgeName: bridge.name,
      api: 'seamlessWallet',
      config: {},
      secretsSet: [],
      jurisdictionId: jurisdiction.id,
      jurisdictionName: jurisdiction.name,
      showGameLaunchPage: false,
      cheatingAllowed: false,
      sendEventMessages: false,
      gameRoundValidityPeriodDays: null,
      properties: {},
      providerConfigs: [],
      optionValues: [],
      active: true,
      gameCount: 0,
      integrationIds: [],
      pendingDelivery: null,
      ...this.meta(),
    };
    this.casinos.set(id, casino);
    return casino;
  }

  addGame(gameId: string, name = gameId): Game {
    const game: Game = {
      gameId,
      name,
      studioId: uuid(900),
      studioName: 'Nordlicht Studio',
      providerId: 'internal',
      providerName: 'Internal',
      gameProviderGameId: '',
      theoreticalRtp: 96,
      maxExposureFactor: 5000,
      minBetCents: 10,
      requiredPropertyKeys: [],
      versionCount: 1,
      ...this.meta(),
    };
    this.games.set(gameId, game);
    return game;
  }

  /** Stores an integration directly, as if created earlier. */
  addIntegration({
    bridge = 'Main bridge',
    active = false,
    lastPush = null,
    pendingDelivery = null,
    ...seed
  }: IntegrationSeed): Integration {
    const integration: StoredIntegration = {
      name: seed.id,
      gameClientIntegrationUrl: '',
      casinoIds: [],
      defaultCasinoId: null,
      gameRoundValidityPeriodDays: null,
      properties: {},
      persistence: {
        persistPlayer: true,
        persistGameRound: true,
        saveGameRoundDetails: false,
        gameRoundTtlDays: null,
        loseDetailsTtlDays: null,
        winDetailsTtlDays: null,
        bigWinDetailsTtlDays: null,
      },
      rules: [],
      ruleTests: [],
      ...seed,
      bridgeId: this.addBridge(bridge).id,
      active,
      lastPush,
      pendingDelivery,
      ...this.meta(),
    };
    for (const casinoId of integration.casinoIds) this.addCasino(casinoId);
    this.integrations.set(integration.id, integration);
    return this.integration(integration.id)!;
  }

  /** Assigns a game directly (the game is added when new). */
  assignGame(integrationId: string, gameId: string, active = false): AssignedGame {
    const game = this.games.get(gameId) ?? this.addGame(gameId);
    const at = timestamp(this.clock++);
    const assigned: AssignedGame = {
      gameId,
      gameName: game.name,
      active,
      assignedAt: at,
      updatedAt: at,
    };
    this.gamesOf(integrationId).set(gameId, assigned);
    return assigned;
  }

  /** Stores an API key directly, as if created earlier. */
  addApiKey(integrationId: string, name: string, values: Partial<ApiKey> = {}): ApiKey {
    const n = this.nextId++;
    const apiKey: ApiKey = {
      id: uuid(n),
      integrationId,
      name,
      prefix: `${API_KEY_PREFIX}${String(n).padStart(8, 'k')}`,
      createdAt: timestamp(this.clock++),
      createdBy: 'Ada Admin',
      lastUsedAt: null,
      revokedAt: null,
      ...values,
    };
    this.apiKeys.set(apiKey.id, apiKey);
    return apiKey;
  }

  private gamesOf(integrationId: string): Map<string, AssignedGame> {
    let games = this.assigned.get(integrationId);
    if (!games) {
      games = new Map();
      this.assigned.set(integrationId, games);
    }
    return games;
  }

  /** An integration as the API answers it. */
  integration(id: string): Integration | undefined {
    const stored = this.integrations.get(id);
    if (!stored) return undefined;
    const delivered = this.delivered(id);
    return {
      ...stored,
      bridgeName: this.bridges.get(stored.bridgeId)?.name ?? '',
      gameCount: this.gamesOf(id).size,
      inSync: delivered !== undefined && sameContent(delivered.document, this.documentContent(id)),
    };
  }

  /** The recorded requests of one method, optionally of one path or those below it. */
  sent(method: string, path?: string): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (path === undefined || request.url.pathname === path || request.url.pathname.startsWith(`${path}/`)),
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
    if (resource === 'integrations')
      return this.handleIntegrations(request, id, rest.map(decodeURIComponent));
    if (rest.length > 0) return errorResponse('NOT_FOUND');
    switch (resource) {
      case 'bridges':
        return this.readOnly(request, id, this.bridges, 'BRIDGE_NOT_FOUND', (bridge) => [bridge.name]);
      case 'casinos':
        return this.readOnly(request, id, this.casinos, 'CASINO_NOT_FOUND', (casino) => [
          casino.id,
          casino.name,
        ]);
      case 'jurisdictions':
        return this.readOnly(request, id, this.jurisdictions, 'JURISDICTION_NOT_FOUND', (j) => [j.name]);
      case 'games':
        return this.readOnly(request, id, this.games, 'GAME_NOT_FOUND', (game) => [game.gameId, game.name]);
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
    if (!id)
      return jsonResponse(
        200,
        searchedPage(url.searchParams, [...records.values()], searched, (record) => record.name),
      );
    const record = records.get(id);
    return record ? jsonResponse(200, record) : errorResponse(notFound);
  }

  /** Checks what a create or update names: the bridge, the casinos, passing tests. */
  private refusal(input: Omit<IntegrationCreate, 'id'>): ErrorCode | null {
    if (!this.bridges.has(input.bridgeId)) return 'BRIDGE_NOT_FOUND';
    if (input.casinoIds.some((casinoId) => !this.casinos.has(casinoId))) return 'CASINO_NOT_FOUND';
    if (runRuleTests(input.rules, input.defaultCasinoId, input.ruleTests).some((test) => !test.passed)) {
      return 'INTEGRATION_RULE_TEST_FAILED';
    }
    return null;
  }

  private takeWriteError(): ErrorCode | null {
    const code = this.nextWriteError;
    this.nextWriteError = null;
    return code;
  }

  private handleIntegrations(request: RecordedRequest, id: string, rest: string[]): Response {
    const { method, url, body } = request;
    if (!id) {
      if (method === 'GET') {
        const params = url.searchParams;
        const active = params.get('active');
        const items = [...this.integrations.keys()]
          .map((key) => this.integration(key)!)
          .filter((integration) => active === null || String(integration.active) === active);
        return jsonResponse(
          200,
          searchedPage(
            params,
            items,
            (row) => [row.id, row.name],
            (row) => row.id,
          ),
        );
      }
      if (method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED');
      const forced = this.takeWriteError();
      if (forced) return errorResponse(forced);
      const parsed = integrationCreateSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const { id: newId, ...input } = parsed.data;
      if (this.integrations.has(newId)) return errorResponse('INTEGRATION_ID_TAKEN');
      const refused = this.refusal(input);
      if (refused) return errorResponse(refused);
      this.integrations.set(newId, {
        id: newId,
        ...input,
        active: false,
        lastPush: null,
        pendingDelivery: null,
        ...this.meta(),
      });
      return jsonResponse(201, this.integration(newId));
    }

    const current = this.integrations.get(id);
    if (!current) return errorResponse('INTEGRATION_NOT_FOUND');
    const [sub, gameId, action] = rest;
    if (sub === 'activation' && rest.length === 1) return this.handleActivation(request, current);
    if (sub === 'push' && rest.length === 1) return this.handlePush(request, current);
    if (sub === 'pushes') return this.handlePushes(request, current, gameId, rest.length);
    if (sub === 'games') return this.handleGames(request, current, gameId, action, rest.length);
    if (sub === 'api-keys') return this.handleApiKeys(request, current, gameId, action, rest.length);
    if (rest.length > 0) return errorResponse('NOT_FOUND');

    if (method === 'GET') return jsonResponse(200, this.integration(id));
    if (method === 'PUT') {
      const forced = this.takeWriteError();
      if (forced) return errorResponse(forced);
      const parsed = integrationUpdateSchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const { version, ...input } = parsed.data;
      if (version !== current.version) return errorResponse('STALE_VERSION');
      const refused = this.refusal(input);
      if (refused) return errorResponse(refused);
      this.integrations.set(id, this.touched({ ...current, ...input }));
      return jsonResponse(200, this.integration(id));
    }
    if (method === 'DELETE') {
      if (Number(url.searchParams.get('version')) !== current.version) return errorResponse('STALE_VERSION');
      if (current.casinoIds.length > 0) return errorResponse('INTEGRATION_HAS_CASINOS');
      this.integrations.delete(id);
      this.assigned.delete(id);
      for (const apiKey of [...this.apiKeys.values()]) {
        if (apiKey.integrationId === id) this.apiKeys.delete(apiKey.id);
      }
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private handleActivation({ method, body }: RecordedRequest, current: StoredIntegration): Response {
    if (method !== 'PUT') return errorResponse('METHOD_NOT_ALLOWED');
    const { active, version } = body as { active: boolean; version: number };
    if (typeof active !== 'boolean' || typeof version !== 'number') return errorResponse('VALIDATION_FAILED');
    if (version !== current.version) return errorResponse('STALE_VERSION');
    this.integrations.set(current.id, this.touched({ ...current, active }));
    return jsonResponse(200, this.integration(current.id));
  }

  /** The configuration document as the server builds it, without its version. */
  private documentContent(id: string): ConfigurationDocument {
    const integration = this.integrations.get(id)!;
    return {
      integrationId: id,
      name: integration.name,
      active: integration.active,
      gameClientIntegrationUrl: integration.gameClientIntegrationUrl,
      gameRoundValidityPeriodDays: integration.gameRoundValidityPeriodDays,
      properties: integration.properties,
      persistence: integration.persistence,
      rules: integration.rules,
      defaultCasinoId: integration.defaultCasinoId,
      casinos: integration.casinoIds.map((casinoId) => {
        const casino = this.casinos.get(casinoId)!;
        return { id: casino.id, name: casino.name, active: casino.active };
      }),
      games: [...this.gamesOf(id).values()].map(({ gameId, active }) => ({ gameId, active })),
    };
  }

  /** The integration's pushes, oldest first. */
  pushesOf(id: string): PushDetail[] {
    return this.pushes.filter((push) => push.integrationId === id);
  }

  /**
   * The document a push sends now, at its configuration version as the server gives it: the latest push's
   * version when it sent the same document, else the next after all used, never below the record's.
   */
  private currentDocument(id: string): ConfigurationDocument {
    const content = this.documentContent(id);
    const earlier = this.pushesOf(id);
    const latest = earlier.reduce<(typeof earlier)[number] | undefined>(
      (found, push) => (found && found.configurationVersion >= push.configurationVersion ? found : push),
      undefined,
    );
    const configurationVersion =
      latest && sameContent(latest.document, content)
        ? latest.configurationVersion
        : Math.max((latest?.configurationVersion ?? 0) + 1, this.integrations.get(id)!.version);
    return { configurationVersion, ...content };
  }

  /** The last push the bridge confirmed, or undefined. */
  delivered(id: string): PushDetail | undefined {
    return this.pushesOf(id).findLast((push) => push.outcome === 'confirmed');
  }

  /** What a push sends (the document and the bridge), what the bridge holds, and how the two differ. */
  preview(id: string): PushPreview {
    const integration = this.integration(id)!;
    const bridge = this.bridges.get(integration.bridgeId)!;
    const document = this.currentDocument(id);
    const delivered = this.delivered(id);
    return {
      integrationId: id,
      bridge: { id: bridge.id, name: bridge.name, routerUrl: bridge.routerUrl },
      document,
      delivered: delivered
        ? {
            configurationVersion: delivered.configurationVersion,
            digest: delivered.digest,
            pushedAt: delivered.finishedAt!,
          }
        : null,
      inSync: delivered !== undefined && sameContent(delivered.document, document),
      changes: documentChanges(delivered?.document ?? null, document),
    };
  }

  /**
   * Pushes the integration's current document as the server does: in the history from its start, then
   * confirmed (the integration's last push) or failed with `fault`. Tests call it for earlier pushes.
   */
  recordPush(
    id: string,
    {
      trigger = 'automatic',
      actorName = null,
      fault = null,
    }: { trigger?: PushTrigger; actorName?: string | null; fault?: ErrorCode | null } = {},
  ): PushDetail {
    const document = this.currentDocument(id);
    const previous = this.pushesOf(id).at(-1);
    const startedAt = timestamp(this.clock++);
    const receivedAt = fault ? null : timestamp(this.clock++);
    const push: PushDetail = {
      id: uuid(this.nextId++),
      integrationId: id,
      configurationVersion: document.configurationVersion as number,
      // Not a hash: the fake only needs equal content to give an equal digest.
      digest: `digest-of-${id}-${document.configurationVersion}`,
      trigger,
      actorName,
      startedAt,
      finishedAt: timestamp(this.clock++),
      outcome: fault ? 'failed' : 'confirmed',
      receivedAt,
      error: fault,
      changes: documentChanges(previous?.document ?? null, document),
      document,
    };
    this.pushes.push(push);
    if (!fault) {
      const current = this.integrations.get(id)!;
      // A push is no configuration change: the version stays.
      this.integrations.set(id, {
        ...current,
        lastPush: {
          pushedAt: push.finishedAt!,
          configurationVersion: push.configurationVersion,
          receivedAt: receivedAt!,
        },
      });
    }
    return push;
  }

  private handlePush({ method, body }: RecordedRequest, current: StoredIntegration): Response {
    if (method === 'GET') return jsonResponse(200, this.preview(current.id));
    if (method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED');
    const { version } = (body ?? {}) as { version?: unknown };
    if (typeof version !== 'number') return errorResponse('VALIDATION_FAILED');
    if (version !== current.version) return errorResponse('STALE_VERSION');
    this.recordPush(current.id, { trigger: 'manual', actorName: this.pusherName, fault: this.pushFault });
    if (this.pushFault) return errorResponse(this.pushFault);
    return jsonResponse(200, this.integration(current.id)!.lastPush);
  }

  private handlePushes(
    { method, url }: RecordedRequest,
    current: StoredIntegration,
    pushId: string | undefined,
    depth: number,
  ): Response {
    if (method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED');
    const pushes = this.pushesOf(current.id);
    if (depth === 1) {
      const params = url.searchParams;
      const newestFirst = params.get('order') !== 'asc';
      const entries = pushes.map(({ document: _document, ...entry }): PushEntry => entry);
      return jsonResponse(200, pageOf(newestFirst ? entries.reverse() : entries, params));
    }
    const push = pushes.find((candidate) => candidate.id === pushId);
    return depth === 2 && push ? jsonResponse(200, push) : errorResponse('PUSH_NOT_FOUND');
  }

  private handleGames(
    { method, url, body }: RecordedRequest,
    current: StoredIntegration,
    gameId: string | undefined,
    action: string | undefined,
    depth: number,
  ): Response {
    const games = this.gamesOf(current.id);
    const changed = () => this.integrations.set(current.id, this.touched(current));
    if (depth === 1) {
      if (method === 'GET') {
        const params = url.searchParams;
        const active = params.get('active');
        const rows = [...games.values()].filter((row) => active === null || String(row.active) === active);
        return jsonResponse(
          200,
          searchedPage(
            params,
            rows,
            (row) => [row.gameId, row.gameName],
            (row) => row.gameId,
          ),
        );
      }
      if (method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED');
      const input = body as { gameId: string; active?: boolean };
      if (!this.games.has(input.gameId)) return errorResponse('GAME_NOT_FOUND');
      if (games.has(input.gameId)) return errorResponse('INTEGRATION_GAME_ALREADY_ASSIGNED');
      const assigned = this.assignGame(current.id, input.gameId, input.active ?? false);
      changed();
      return jsonResponse(201, assigned);
    }
    const row = gameId === undefined ? undefined : games.get(gameId);
    if (!row) return errorResponse('INTEGRATION_GAME_NOT_ASSIGNED');
    if (depth === 2 && method === 'DELETE') {
      games.delete(row.gameId);
      changed();
      return emptyResponse(204);
    }
    if (depth === 3 && action === 'activation' && method === 'PUT') {
      const { active } = body as { active: boolean };
      const next = { ...row, active, updatedAt: timestamp(this.clock++) };
      games.set(row.gameId, next);
      changed();
      return jsonResponse(200, next);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private handleApiKeys(
    { method, body }: RecordedRequest,
    current: StoredIntegration,
    keyId: string | undefined,
    action: string | undefined,
    depth: number,
  ): Response {
    if (depth === 1) {
      if (method === 'GET') {
        const keys = [...this.apiKeys.values()].filter((apiKey) => apiKey.integrationId === current.id);
        return jsonResponse(200, keys.reverse());
      }
      if (method !== 'POST') return errorResponse('METHOD_NOT_ALLOWED');
      const parsed = createApiKeySchema.safeParse(body);
      if (!parsed.success) return errorResponse('VALIDATION_FAILED');
      const n = this.nextId;
      const key = `${API_KEY_PREFIX}${`issued${n}`.padEnd(43, 'x')}`;
      const apiKey = this.addApiKey(current.id, parsed.data.name, {
        prefix: key.slice(0, 12),
        createdBy: 'Test admin',
      });
      this.issuedKeys.push(key);
      return jsonResponse(201, { apiKey, key });
    }
    const apiKey = keyId === undefined ? undefined : this.apiKeys.get(keyId);
    if (!apiKey || apiKey.integrationId !== current.id) return errorResponse('RECORD_NOT_FOUND');
    if (depth === 3 && action === 'revoke' && method === 'POST') {
      const revoked = { ...apiKey, revokedAt: apiKey.revokedAt ?? timestamp(this.clock++) };
      this.apiKeys.set(apiKey.id, revoked);
      return jsonResponse(200, revoked);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }
}
