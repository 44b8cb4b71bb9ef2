import {
  type ErrorBody,
  type Game,
  type GameStudio,
  type GameVersion,
  type Jurisdiction,
  type Page,
  type Role,
} from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditEntries,
  gameProviders,
  games,
  gameStudios,
  gameVersionJurisdictions,
  gameVersions,
  jurisdictions,
} from '../../db/schema/index';
import { describeEachEngine, type TestContext } from '../../test/app';
import { clearAuditTrail } from '../../test/databases';
import { ENGLISH, UNKNOWN_UUID, expectError } from '../../test/api';

const BASE = '/api/game-versions';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const paths = (body: ErrorBody) => [...new Set(body.details?.map((detail) => detail.path))];

/** Request helpers bound to one suite's app and database; `fixtures` holds the jurisdictions of the test. */
function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);
  const fixtures = { malta: '', gibraltar: '', curacao: '' };

  async function ok<T>(options: InjectOptions, status = 200): Promise<T> {
    const response = await inject(options);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  }

  /**
   * A studio, a provider, the games "alpha" (requiring the properties reels and lines) and "beta" (requiring
   * none), and three jurisdictions.
   */
  async function setUp() {
    const studio = await ok<GameStudio>(
      { method: 'POST', url: '/api/game-studios', payload: { name: 'Studio', relaxId: '' } },
      201,
    );
    await ok(
      {
        method: 'POST',
        url: '/api/game-providers',
        payload: { id: 'house', name: 'House', api: 'internal', config: {} },
      },
      201,
    );
    for (const [gameId, name, requiredPropertyKeys] of [
      ['alpha', 'Alpha Game', ['reels', 'lines']],
      ['beta', 'Beta Game', []],
    ] as const) {
      await ok(
        {
          method: 'POST',
          url: '/api/games',
          payload: {
            gameId,
            name,
            studioId: studio.id,
            providerId: 'house',
            gameProviderGameId: '',
            theoreticalRtp: 96,
            maxExposureFactor: 1000,
            minBetCents: 10,
            requiredPropertyKeys,
          },
        },
        201,
      );
    }
    for (const name of ['Malta', 'Gibraltar', 'Curacao'] as const) {
      const jurisdiction = await ok<Jurisdiction>(
        { method: 'POST', url: '/api/jurisdictions', payload: { name } },
        201,
      );
      fixtures[name.toLowerCase() as keyof typeof fixtures] = jurisdiction.id;
    }
  }

  function versionBody(gameId: string, versionNumber: string, extra: Record<string, unknown> = {}) {
    return {
      gameId,
      versionNumber,
      jurisdictionIds: [],
      betSizes: [0.1, 1],
      supportsVouchers: true,
      supportsFeatureTriggerVouchers: false,
      properties: { reels: '5', lines: '20' },
      frontendUrl: 'https://cdn.example.com/game/',
      backendUrl: '',
      ...extra,
    };
  }

  const create = (payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });

  const created = (gameId: string, versionNumber: string, extra: Record<string, unknown> = {}) =>
    ok<GameVersion>({ method: 'POST', url: BASE, payload: versionBody(gameId, versionNumber, extra) }, 201);

  const get = (id: string) => inject({ method: 'GET', url: `${BASE}/${id}` });

  const fetched = (id: string) => ok<GameVersion>({ method: 'GET', url: `${BASE}/${id}` });

  const list = (query: Record<string, string> = {}) => inject({ method: 'GET', url: BASE, query });

  async function page(query: Record<string, string> = {}): Promise<Page<GameVersion>> {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<GameVersion>>();
  }

  /** "game@number" of each listed version. */
  const listed = async (query: Record<string, string> = {}) =>
    (await page(query)).items.map((item) => `${item.gameId}@${item.versionNumber}`);

  /** The body of an update of `version`: its current values with `changes` applied. */
  function updateBody(version: GameVersion, changes: Record<string, unknown> = {}) {
    return {
      versionNumber: version.versionNumber,
      jurisdictionIds: version.jurisdictions.map((jurisdiction) => jurisdiction.id),
      betSizes: version.betSizes,
      supportsVouchers: version.supportsVouchers,
      supportsFeatureTriggerVouchers: version.supportsFeatureTriggerVouchers,
      properties: version.properties,
      frontendUrl: version.frontendUrl,
      backendUrl: version.backendUrl,
      version: version.version,
      ...changes,
    };
  }

  const update = (id: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}`, payload, headers });

  const updated = (id: string, payload: Record<string, unknown>) =>
    ok<GameVersion>({ method: 'PUT', url: `${BASE}/${id}`, payload });

  const remove = (id: string, version: number) =>
    inject({ method: 'DELETE', url: `${BASE}/${id}`, query: { version: String(version) } });

  /** POST /:id/activate or /:id/deactivate at the version read. */
  const switchTo = (
    action: 'activate' | 'deactivate',
    id: string,
    version: unknown,
    headers: InjectOptions['headers'] = {},
  ) => inject({ method: 'POST', url: `${BASE}/${id}/${action}`, payload: { version }, headers });

  const switched = (action: 'activate' | 'deactivate', id: string, version: number) =>
    ok<GameVersion>({ method: 'POST', url: `${BASE}/${id}/${action}`, payload: { version } });

  async function stored(id: string) {
    const { db } = ctx().database;
    const [row] = await db.select().from(gameVersions).where(eq(gameVersions.id, id));
    if (!row) return undefined;
    const links = await db
      .select({ id: gameVersionJurisdictions.jurisdictionId })
      .from(gameVersionJurisdictions)
      .where(eq(gameVersionJurisdictions.gameVersionId, id));
    return { ...row, jurisdictionIds: links.map((link) => link.id).sort() };
  }

  const allVersions = () => ctx().database.db.select().from(gameVersions);

  const allAudit = () => ctx().database.db.select().from(auditEntries).orderBy(auditEntries.id);

  const auditFor = (entityId: string) =>
    ctx()
      .database.db.select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, entityId))
      .orderBy(auditEntries.id);

  async function setRequiredKeys(gameId: string, requiredPropertyKeys: string[]) {
    const game = await ok<Game>({ method: 'GET', url: `/api/games/${gameId}` });
    await ok({
      method: 'PUT',
      url: `/api/games/${gameId}`,
      payload: {
        name: game.name,
        studioId: game.studioId,
        providerId: game.providerId,
        gameProviderGameId: game.gameProviderGameId,
        theoreticalRtp: game.theoreticalRtp,
        maxExposureFactor: game.maxExposureFactor,
        minBetCents: game.minBetCents,
        requiredPropertyKeys,
        version: game.version,
      },
    });
  }

  const deleteJurisdiction = (id: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'DELETE', url: `/api/jurisdictions/${id}`, query: { version: '1' }, headers });

  return {
    fixtures,
    inject,
    ok,
    setUp,
    versionBody,
    create,
    created,
    get,
    fetched,
    list,
    page,
    listed,
    updateBody,
    update,
    updated,
    remove,
    switchTo,
    switched,
    stored,
    allVersions,
    allAudit,
    auditFor,
    setRequiredKeys,
    deleteJurisdiction,
  };
}

describeEachEngine('game versions API', (ctx) => {
  const h = helpers(ctx);
  const f = h.fixtures;

  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(gameVersionJurisdictions);
    await db.delete(gameVersions);
    await db.delete(games);
    await db.delete(gameStudios);
    await db.delete(gameProviders);
    await db.delete(jurisdictions);
    await h.setUp();
    await clearAuditTrail(db);
  });

  describe('create', () => {
    it('answers 201 with the version, its game name and its jurisdictions with names', async () => {
      const response = await h.create(
        h.versionBody('alpha', ' 1.0.0 ', {
          jurisdictionIds: [f.malta, f.gibraltar],
          betSizes: [1, 0.1, 0.5, 20],
          properties: { reels: '5' },
          backendUrl: 'http://rgs.internal:8080/alpha',
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<GameVersion>();
      expect(Object.keys(body).sort()).toEqual([
        'active',
        'backendUrl',
        'betSizes',
        'createdAt',
        'frontendUrl',
        'gameId',
        'gameName',
        'id',
        'jurisdictions',
        'missingProperties',
        'properties',
        'supportsFeatureTriggerVouchers',
        'supportsVouchers',
        'updatedAt',
        'version',
        'versionNumber',
      ]);
      expect(body.id).toMatch(UUID);
      expect(body).toMatchObject({
        gameId: 'alpha',
        gameName: 'Alpha Game',
        versionNumber: '1.0.0',
        jurisdictions: [
          { id: f.gibraltar, name: 'Gibraltar' },
          { id: f.malta, name: 'Malta' },
        ],
        betSizes: [0.1, 0.5, 1, 20],
        supportsVouchers: true,
        supportsFeatureTriggerVouchers: false,
        properties: { reels: '5' },
        missingProperties: ['lines'],
        frontendUrl: 'https://cdn.example.com/game/',
        backendUrl: 'http://rgs.internal:8080/alpha',
        active: true,
        version: 1,
      });
      expect(await h.fetched(body.id)).toEqual(body);
      expect(await h.stored(body.id)).toMatchObject({
        versionNumber: '1.0.0',
        betSizes: [0.1, 0.5, 1, 20],
        jurisdictionIds: [f.malta, f.gibraltar].sort(),
      });
    });

    it('refuses a version number the game already has with 409 GAME_VERSION_TAKEN', async () => {
      await h.created('alpha', '1.0.0');
      const german = expectError(await h.create(h.versionBody('alpha', '1.0.0')), 409, 'GAME_VERSION_TAKEN');
      expect(german.message).toBe('Die Versionsnummer des Spiels ist bereits vergeben.');
      const english = expectError(
        await h.create(h.versionBody('alpha', ' 1.0.0 '), ENGLISH),
        409,
        'GAME_VERSION_TAKEN',
      );
      expect(english.message).toBe('Game version number already taken.');
      expect(await h.allVersions()).toHaveLength(1);
    });

    it('accepts the same version number on another game', async () => {
      await h.created('alpha', '1.0.0');
      const other = await h.created('beta', '1.0.0');
      expect(other).toMatchObject({ gameId: 'beta', versionNumber: '1.0.0' });
      expect(await h.allVersions()).toHaveLength(2);
    });

    it('lets exactly one of two concurrent creates of the same number through', async () => {
      const responses = await Promise.all([
        h.create(h.versionBody('alpha', '3.0.0')),
        h.create(h.versionBody('alpha', '3.0.0')),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(await h.allVersions()).toHaveLength(1);
      expect(await h.allAudit()).toHaveLength(1);
    });

    it('refuses an unknown game with 404 GAME_NOT_FOUND and writes nothing', async () => {
      const body = expectError(await h.create(h.versionBody('gamma', '1.0.0')), 404, 'GAME_NOT_FOUND');
      expect(body.message).toBe('Das Spiel existiert nicht.');
      expect(await h.allVersions()).toEqual([]);
      expect(await h.allAudit()).toEqual([]);
    });

    it('refuses an unknown jurisdiction with 404 JURISDICTION_NOT_FOUND and writes nothing', async () => {
      const body = expectError(
        await h.create(
          h.versionBody('alpha', '1.0.0', { jurisdictionIds: [f.malta, UNKNOWN_UUID] }),
          ENGLISH,
        ),
        404,
        'JURISDICTION_NOT_FOUND',
      );
      expect(body.message).toBe('Jurisdiction does not exist.');
      expect(await h.allVersions()).toEqual([]);
      expect(await ctx().database.db.select().from(gameVersionJurisdictions)).toEqual([]);
      expect(await h.allAudit()).toEqual([]);
    });

    it.each<[string, Record<string, unknown> | 'twice', RegExp]>([
      ['a jurisdiction id that is not a uuid', { jurisdictionIds: ['malta'] }, /^body\.jurisdictionIds/],
      ['a jurisdiction twice', 'twice', /^body\.jurisdictionIds$/],
      ['duplicate bet sizes', { betSizes: [1, 0.5, 1] }, /^body\.betSizes$/],
      ['a bet size with 3 decimals', { betSizes: [0.125] }, /^body\.betSizes\.0$/],
      ['a bet size of 0', { betSizes: [0] }, /^body\.betSizes\.0$/],
      ['a negative bet size', { betSizes: [1, -1] }, /^body\.betSizes\.1$/],
      ['a bet size above a million', { betSizes: [1_000_000.01] }, /^body\.betSizes\.0$/],
      ['an empty version number', { versionNumber: '' }, /^body\.versionNumber$/],
      ['a version number with a blank', { versionNumber: '1 0' }, /^body\.versionNumber$/],
      ['a version number with a slash', { versionNumber: '1/0' }, /^body\.versionNumber$/],
      ['a version number of 51 characters', { versionNumber: '1'.repeat(51) }, /^body\.versionNumber$/],
      ['a property key starting with a digit', { properties: { '5reels': 'x' } }, /^body\.properties/],
      ['a property value that is a number', { properties: { reels: 5 } }, /^body\.properties\.reels$/],
      ['a frontend URL on ftp', { frontendUrl: 'ftp://cdn.example.com/' }, /^body\.frontendUrl$/],
      ['a frontend URL without a scheme', { frontendUrl: 'cdn.example.com/game' }, /^body\.frontendUrl$/],
      ['a javascript: backend URL', { backendUrl: 'javascript:alert(1)' }, /^body\.backendUrl$/],
      ['a backend URL that is no URL', { backendUrl: 'not a url' }, /^body\.backendUrl$/],
      ['no voucher flag', { supportsVouchers: undefined }, /^body\.supportsVouchers$/],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, extra, path) => {
      const changes = extra === 'twice' ? { jurisdictionIds: [f.malta, f.malta] } : extra;
      const body = expectError(
        await h.create(h.versionBody('alpha', '1.0.0', changes)),
        400,
        'VALIDATION_FAILED',
      );
      expect(paths(body)).toHaveLength(1);
      expect(paths(body)[0]).toMatch(path);
      expect(await h.allVersions()).toEqual([]);
    });

    it.each([
      ['no bet sizes', { betSizes: [] }],
      ['a bet size of a million', { betSizes: [1_000_000] }],
      ['bet sizes with 2 decimals', { betSizes: [0.01, 0.29, 2.55] }],
      ['empty URLs', { frontendUrl: '', backendUrl: '' }],
      ['http URLs', { frontendUrl: 'http://cdn.example.com', backendUrl: 'http://10.0.0.1:9000/x' }],
    ])('accepts %s', async (_label, extra) => {
      const response = await h.create(h.versionBody('alpha', '1.0.0', extra));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<GameVersion>()).toMatchObject(extra);
    });
  });

  describe('get', () => {
    it('answers 404 for an unknown id and 400 for an id that is not a uuid', async () => {
      expectError(await h.get(UNKNOWN_UUID), 404, 'RECORD_NOT_FOUND');
      const body = expectError(await h.get('1.0.0'), 400, 'VALIDATION_FAILED');
      expect(paths(body)).toEqual(['params.id']);
    });
  });

  describe('missing properties', () => {
    it.each([
      ['none set', {}, ['reels', 'lines']],
      ['one set', { reels: '5' }, ['lines']],
      ['both set', { reels: '5', lines: '20' }, []],
      ['one blank', { reels: '5', lines: '   ' }, ['lines']],
      ['one empty', { reels: '', lines: '20' }, ['reels']],
      ['others only', { paylines: '20', colour: 'red' }, ['reels', 'lines']],
    ])('lists the required keys left unset or blank: %s', async (_label, properties, missing) => {
      const version = await h.created('alpha', '1.0.0', { properties });
      expect(version.missingProperties).toEqual(missing);
      expect(version.properties).toEqual(properties);
      expect((await h.fetched(version.id)).missingProperties).toEqual(missing);
    });

    it('lists nothing for a game without required keys', async () => {
      expect((await h.created('beta', '1.0.0', { properties: {} })).missingProperties).toEqual([]);
    });

    it("follows changes of the game's required keys", async () => {
      const version = await h.created('alpha', '1.0.0', { properties: { reels: '5', lines: '20' } });
      expect(version.missingProperties).toEqual([]);

      await h.setRequiredKeys('alpha', ['reels', 'maxWin', 'volatility']);
      expect((await h.fetched(version.id)).missingProperties).toEqual(['maxWin', 'volatility']);
      const [item] = (await h.page({ gameId: 'alpha' })).items;
      expect(item!.missingProperties).toEqual(['maxWin', 'volatility']);

      await h.setRequiredKeys('alpha', []);
      expect((await h.fetched(version.id)).missingProperties).toEqual([]);
    });

    it('follows changes of the properties', async () => {
      const version = await h.created('alpha', '1.0.0', { properties: { reels: '5' } });
      const changed = await h.updated(
        version.id,
        h.updateBody(version, { properties: { reels: ' ', lines: '25' } }),
      );
      expect(changed.missingProperties).toEqual(['reels']);
    });
  });

  describe('update', () => {
    it('replaces the jurisdictions', async () => {
      const version = await h.created('alpha', '1.0.0', { jurisdictionIds: [f.malta, f.gibraltar] });
      const first = await h.updated(
        version.id,
        h.updateBody(version, { jurisdictionIds: [f.curacao, f.malta] }),
      );
      expect(first.jurisdictions).toEqual([
        { id: f.curacao, name: 'Curacao' },
        { id: f.malta, name: 'Malta' },
      ]);
      expect((await h.stored(version.id))?.jurisdictionIds).toEqual([f.curacao, f.malta].sort());

      const second = await h.updated(version.id, h.updateBody(first, { jurisdictionIds: [] }));
      expect(second.jurisdictions).toEqual([]);
      expect((await h.stored(version.id))?.jurisdictionIds).toEqual([]);
      expect(second.version).toBe(3);
    });

    it('changes the number and the settings, keeping the bet sizes sorted', async () => {
      const version = await h.created('alpha', '1.0.0');
      const body = await h.updated(
        version.id,
        h.updateBody(version, {
          versionNumber: '1.0.1',
          betSizes: [5, 2.5, 0.2],
          supportsVouchers: false,
          supportsFeatureTriggerVouchers: true,
          frontendUrl: '',
          backendUrl: 'https://rgs.example.com',
        }),
      );
      expect(body).toMatchObject({
        id: version.id,
        gameId: 'alpha',
        versionNumber: '1.0.1',
        betSizes: [0.2, 2.5, 5],
        supportsVouchers: false,
        supportsFeatureTriggerVouchers: true,
        frontendUrl: '',
        backendUrl: 'https://rgs.example.com',
        version: 2,
        createdAt: version.createdAt,
      });
      expect(await h.stored(version.id)).toMatchObject({ versionNumber: '1.0.1', betSizes: [0.2, 2.5, 5] });
    });

    it('refuses a number the game already has with 409 GAME_VERSION_TAKEN, changing nothing', async () => {
      await h.created('alpha', '1.0.0');
      const other = await h.created('alpha', '2.0.0', { jurisdictionIds: [f.malta] });
      const before = await h.stored(other.id);
      expectError(
        await h.update(other.id, h.updateBody(other, { versionNumber: '1.0.0', jurisdictionIds: [] })),
        409,
        'GAME_VERSION_TAKEN',
      );
      expect(await h.stored(other.id)).toEqual(before);
    });

    it('refuses an unknown jurisdiction with 404 JURISDICTION_NOT_FOUND, changing nothing', async () => {
      const version = await h.created('alpha', '1.0.0', { jurisdictionIds: [f.malta] });
      const before = await h.stored(version.id);
      expectError(
        await h.update(
          version.id,
          h.updateBody(version, { versionNumber: '1.0.9', jurisdictionIds: [f.gibraltar, UNKNOWN_UUID] }),
        ),
        404,
        'JURISDICTION_NOT_FOUND',
      );
      expect(await h.stored(version.id)).toEqual(before);
      expect(before).toMatchObject({ versionNumber: '1.0.0', version: 1, jurisdictionIds: [f.malta] });
      expect((await h.auditFor(version.id)).map((entry) => entry.action)).toEqual(['create']);
    });

    it('refuses a stale version with 409 STALE_VERSION, changing nothing', async () => {
      const version = await h.created('alpha', '1.0.0');
      await h.updated(version.id, h.updateBody(version, { versionNumber: '1.0.1' }));
      const before = await h.stored(version.id);
      expectError(
        await h.update(
          version.id,
          h.updateBody(version, { versionNumber: 'lost', jurisdictionIds: [f.malta] }),
        ),
        409,
        'STALE_VERSION',
      );
      expect(await h.stored(version.id)).toEqual(before);
    });

    it('answers 404 for an unknown version', async () => {
      const version = await h.created('alpha', '1.0.0');
      expectError(await h.update(UNKNOWN_UUID, h.updateBody(version)), 404, 'RECORD_NOT_FOUND');
    });

    it('keeps the version with its game: a game id in the body does not move it', async () => {
      const version = await h.created('alpha', '1.0.0');
      const response = await h.update(version.id, { ...h.updateBody(version), gameId: 'beta' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GameVersion>().gameId).toBe('alpha');
      expect((await h.stored(version.id))?.gameId).toBe('alpha');
    });
  });

  describe('list', () => {
    let ids: Record<string, string>;

    beforeEach(async () => {
      ids = {
        'alpha@1.0.0': (await h.created('alpha', '1.0.0', { jurisdictionIds: [f.malta] })).id,
        'alpha@2.0.0': (await h.created('alpha', '2.0.0', { jurisdictionIds: [f.malta, f.gibraltar] })).id,
        'alpha@1.5.0': (await h.created('alpha', '1.5.0')).id,
        'beta@1.0.0': (await h.created('beta', '1.0.0', { jurisdictionIds: [f.gibraltar] })).id,
        'beta@0.9.0-rc': (await h.created('beta', '0.9.0-rc')).id,
      };
    });

    it('sorts by game id, then version number, by default', async () => {
      const page = await h.page();
      expect(page).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      expect(page.items.map((item) => `${item.gameId}@${item.versionNumber}`)).toEqual([
        'alpha@1.0.0',
        'alpha@1.5.0',
        'alpha@2.0.0',
        'beta@0.9.0-rc',
        'beta@1.0.0',
      ]);
      expect(page.items[0]!.id).toBe(ids['alpha@1.0.0']);
      expect(page.items[3]!.gameName).toBe('Beta Game');
    });

    it('sorts by version number in both directions', async () => {
      expect(await h.listed({ gameId: 'alpha', sort: 'versionNumber' })).toEqual([
        'alpha@1.0.0',
        'alpha@1.5.0',
        'alpha@2.0.0',
      ]);
      expect(await h.listed({ gameId: 'alpha', sort: 'versionNumber', order: 'desc' })).toEqual([
        'alpha@2.0.0',
        'alpha@1.5.0',
        'alpha@1.0.0',
      ]);
      expect(await h.listed({ sort: 'versionNumber' })).toEqual([
        'beta@0.9.0-rc',
        'alpha@1.0.0',
        'beta@1.0.0',
        'alpha@1.5.0',
        'alpha@2.0.0',
      ]);
    });

    it('filters by game, counting only its versions', async () => {
      const page = await h.page({ gameId: 'beta' });
      expect(page.items.map((item) => item.versionNumber)).toEqual(['0.9.0-rc', '1.0.0']);
      expect(page.total).toBe(2);
      expect(await h.listed({ gameId: 'gamma' })).toEqual([]);
    });

    it('filters by jurisdiction', async () => {
      expect(await h.listed({ jurisdictionId: f.malta })).toEqual(['alpha@1.0.0', 'alpha@2.0.0']);
      expect(await h.listed({ jurisdictionId: f.gibraltar })).toEqual(['alpha@2.0.0', 'beta@1.0.0']);
      expect(await h.listed({ jurisdictionId: f.curacao })).toEqual([]);
      const page = await h.page({ jurisdictionId: f.gibraltar, gameId: 'beta' });
      expect(page.items.map((item) => item.id)).toEqual([ids['beta@1.0.0']]);
      expect(page.total).toBe(1);
    });

    it('filters by state and sorts by it, counting only the matching versions', async () => {
      await h.switched('deactivate', ids['alpha@1.5.0']!, 1);
      await h.switched('deactivate', ids['beta@1.0.0']!, 1);
      const inactive = await h.page({ active: 'false' });
      expect(inactive.items.map((item) => [item.gameId, item.versionNumber, item.active])).toEqual([
        ['alpha', '1.5.0', false],
        ['beta', '1.0.0', false],
      ]);
      expect(inactive.total).toBe(2);
      expect(await h.listed({ active: 'true' })).toEqual(['alpha@1.0.0', 'alpha@2.0.0', 'beta@0.9.0-rc']);
      expect((await h.page({ active: 'true', gameId: 'beta' })).total).toBe(1);
      expect(await h.listed({ sort: 'active' })).toEqual([
        'alpha@1.5.0',
        'beta@1.0.0',
        'alpha@1.0.0',
        'alpha@2.0.0',
        'beta@0.9.0-rc',
      ]);
      expect((await h.listed({ sort: 'active', order: 'desc' })).slice(0, 3)).toEqual([
        'beta@0.9.0-rc',
        'alpha@2.0.0',
        'alpha@1.0.0',
      ]);
    });

    it('searches the version number and the game id', async () => {
      expect(await h.listed({ q: 'RC' })).toEqual(['beta@0.9.0-rc']);
      expect(await h.listed({ q: '1.' })).toEqual(['alpha@1.0.0', 'alpha@1.5.0', 'beta@1.0.0']);
      expect(await h.listed({ q: 'bet' })).toEqual(['beta@0.9.0-rc', 'beta@1.0.0']);
      const page = await h.page({ q: '.0', gameId: 'alpha', pageSize: '2', page: '2' });
      expect(page.total).toBe(3);
      expect(page.items.map((item) => item.versionNumber)).toEqual(['2.0.0']);
    });

    it('answers each version with its jurisdictions and names', async () => {
      const [item] = (await h.page({ q: '2.0.0' })).items;
      expect(item!.jurisdictions).toEqual([
        { id: f.gibraltar, name: 'Gibraltar' },
        { id: f.malta, name: 'Malta' },
      ]);
    });

    it.each([
      ['a jurisdiction id that is not a uuid', { jurisdictionId: 'malta' }, 'querystring.jurisdictionId'],
      ['a game id that breaks the pattern', { gameId: '-alpha' }, 'querystring.gameId'],
      ['an unknown sort field', { sort: 'gameName' }, 'querystring.sort'],
      ['a state that is not true or false', { active: 'yes' }, 'querystring.active'],
    ])('refuses %s with 400', async (_label, query, path) => {
      const body = expectError(await h.list(query), 400, 'VALIDATION_FAILED');
      expect(paths(body)).toEqual([path]);
    });
  });

  describe('jurisdictions in use', () => {
    it('refuses deleting a jurisdiction a version uses with 409 until the version drops it', async () => {
      const version = await h.created('alpha', '1.0.0', { jurisdictionIds: [f.malta, f.gibraltar] });

      const german = expectError(
        await h.deleteJurisdiction(f.malta),
        409,
        'JURISDICTION_USED_BY_GAME_VERSIONS',
      );
      expect(german.message).toBe('Die Jurisdiktion wird von Spielversionen verwendet.');
      const english = expectError(
        await h.deleteJurisdiction(f.malta, ENGLISH),
        409,
        'JURISDICTION_USED_BY_GAME_VERSIONS',
      );
      expect(english.message).toBe('Jurisdiction in use by game versions.');
      const [stillThere] = await ctx()
        .database.db.select()
        .from(jurisdictions)
        .where(eq(jurisdictions.id, f.malta));
      expect(stillThere).toMatchObject({ name: 'Malta', version: 1 });
      expect((await h.auditFor(f.malta)).map((entry) => entry.action)).toEqual([]);

      await h.updated(version.id, h.updateBody(version, { jurisdictionIds: [f.gibraltar] }));
      expect((await h.deleteJurisdiction(f.malta)).statusCode).toBe(204);
      expect((await h.fetched(version.id)).jurisdictions).toEqual([{ id: f.gibraltar, name: 'Gibraltar' }]);
    });

    it('frees the jurisdiction when the version is deleted', async () => {
      const version = await h.created('alpha', '1.0.0', { jurisdictionIds: [f.curacao] });
      expectError(await h.deleteJurisdiction(f.curacao), 409, 'JURISDICTION_USED_BY_GAME_VERSIONS');
      expect((await h.remove(version.id, 1)).statusCode).toBe(204);
      expect((await h.deleteJurisdiction(f.curacao)).statusCode).toBe(204);
    });

    it('shows a renamed jurisdiction under its new name', async () => {
      const version = await h.created('alpha', '1.0.0', { jurisdictionIds: [f.malta] });
      await h.ok({
        method: 'PUT',
        url: `/api/jurisdictions/${f.malta}`,
        payload: { name: 'MGA', version: 1 },
      });
      expect((await h.fetched(version.id)).jurisdictions).toEqual([{ id: f.malta, name: 'MGA' }]);
    });
  });

  describe('delete', () => {
    it('deletes at the current version with 204, with its jurisdiction links', async () => {
      const version = await h.created('alpha', '1.0.0', { jurisdictionIds: [f.malta] });
      expect((await h.remove(version.id, 1)).statusCode).toBe(204);
      expect(await h.stored(version.id)).toBeUndefined();
      expect(await ctx().database.db.select().from(gameVersionJurisdictions)).toEqual([]);
      expectError(await h.get(version.id), 404, 'RECORD_NOT_FOUND');
      expect((await h.ok<Game>({ method: 'GET', url: '/api/games/alpha' })).versionCount).toBe(0);
    });

    it('refuses a stale version with 409 and keeps the version', async () => {
      const version = await h.created('alpha', '1.0.0');
      await h.updated(version.id, h.updateBody(version, { versionNumber: '1.0.1' }));
      expectError(await h.remove(version.id, 1), 409, 'STALE_VERSION');
      expect(await h.stored(version.id)).toMatchObject({ versionNumber: '1.0.1', version: 2 });
    });

    it('answers 404 for an unknown version', async () => {
      expectError(await h.remove(UNKNOWN_UUID, 1), 404, 'RECORD_NOT_FOUND');
    });
  });

  describe('activation', () => {
    it('deactivates and activates again at the version read, each audited with the user', async () => {
      const version = await h.created('alpha', '1.0.0', { jurisdictionIds: [f.malta] });
      expect(version.active).toBe(true);

      const deactivated = await h.switched('deactivate', version.id, 1);
      expect(deactivated).toEqual({
        ...version,
        active: false,
        version: 2,
        updatedAt: deactivated.updatedAt,
      });
      expect(await h.fetched(version.id)).toEqual(deactivated);
      expect((await h.page()).items).toEqual([deactivated]);
      expect(await h.stored(version.id)).toMatchObject({ active: false, version: 2 });

      const activated = await h.switched('activate', version.id, 2);
      expect(activated).toMatchObject({ active: true, version: 3, versionNumber: '1.0.0' });
      expect(await h.stored(version.id)).toMatchObject({ active: true, version: 3 });

      const entries = await h.auditFor(version.id);
      expect(entries.map((entry) => `${entry.entityType}:${entry.action}`)).toEqual([
        'game-version:create',
        'game-version:deactivate',
        'game-version:activate',
      ]);
      expect(entries[1]!.changes).toEqual({ active: { before: true, after: false } });
      expect(entries[2]!.changes).toEqual({ active: { before: false, after: true } });
      expect(entries[1]!.actorId).toBe(entries[0]!.actorId);
      expect(entries[1]!.actorId).not.toBeNull();
    });

    it('keeps the state through an update, which does not show it as changed', async () => {
      const version = await h.created('alpha', '1.0.0');
      const deactivated = await h.switched('deactivate', version.id, 1);
      const changed = await h.updated(version.id, h.updateBody(deactivated, { versionNumber: '1.0.1' }));
      expect(changed).toMatchObject({ active: false, version: 3, versionNumber: '1.0.1' });
      const entries = await h.auditFor(version.id);
      expect(entries.at(-1)!.changes).toEqual({ versionNumber: { before: '1.0.0', after: '1.0.1' } });
    });

    it.each([
      [
        'deactivating an inactive version',
        'deactivate',
        'GAME_VERSION_ALREADY_INACTIVE',
        'Diese Spielversion ist bereits inaktiv.',
        'This game version is already inactive.',
      ],
      [
        'activating an active version',
        'activate',
        'GAME_VERSION_ALREADY_ACTIVE',
        'Diese Spielversion ist bereits aktiv.',
        'This game version is already active.',
      ],
    ] as const)('refuses %s with 409, changing nothing', async (_label, action, code, german, english) => {
      const version = await h.created('alpha', '1.0.0');
      // The version is at revision 2 in the state the action would set.
      const current =
        action === 'deactivate'
          ? await h.switched('deactivate', version.id, 1)
          : await h.updated(version.id, h.updateBody(version));
      const before = await h.stored(version.id);
      const trail = await h.allAudit();

      expect(expectError(await h.switchTo(action, version.id, current.version), 409, code).message).toBe(
        german,
      );
      expect(
        expectError(await h.switchTo(action, version.id, current.version, ENGLISH), 409, code).message,
      ).toBe(english);
      expect(await h.stored(version.id)).toEqual(before);
      expect(await h.allAudit()).toEqual(trail);
    });

    it('refuses a stale version with 409 STALE_VERSION, changing nothing', async () => {
      const version = await h.created('alpha', '1.0.0');
      await h.updated(version.id, h.updateBody(version, { versionNumber: '1.0.1' }));
      const before = await h.stored(version.id);
      const trail = await h.allAudit();

      expectError(await h.switchTo('deactivate', version.id, 1), 409, 'STALE_VERSION');
      // Stale comes first: the user did not see the state they want to leave.
      expectError(await h.switchTo('activate', version.id, 1), 409, 'STALE_VERSION');
      expectError(await h.switchTo('deactivate', version.id, 3), 409, 'STALE_VERSION');
      expect(await h.stored(version.id)).toEqual(before);
      expect(await h.allAudit()).toEqual(trail);
    });

    it('activates a version that CPV deactivated, once its new revision is read', async () => {
      const version = await h.created('alpha', '1.0.0');
      // As the CPV runner does on a mismatch: inactive, next revision, no user.
      await ctx()
        .database.db.update(gameVersions)
        .set({ active: false, version: 2 })
        .where(eq(gameVersions.id, version.id));

      expectError(await h.switchTo('activate', version.id, 1), 409, 'STALE_VERSION');
      const read = await h.fetched(version.id);
      expect(read).toMatchObject({ active: false, version: 2 });
      expect(await h.switched('activate', version.id, read.version)).toMatchObject({
        active: true,
        version: 3,
      });
    });

    it('lets exactly one of two concurrent deactivations through', async () => {
      const version = await h.created('alpha', '1.0.0');
      const responses = await Promise.all([
        h.switchTo('deactivate', version.id, 1),
        h.switchTo('deactivate', version.id, 1),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(await h.stored(version.id)).toMatchObject({ active: false, version: 2 });
      expect((await h.auditFor(version.id)).map((entry) => entry.action)).toEqual(['create', 'deactivate']);
    });

    it('answers 404 for an unknown version and 400 for a bad id or body', async () => {
      const version = await h.created('alpha', '1.0.0');
      for (const action of ['activate', 'deactivate'] as const) {
        expectError(await h.switchTo(action, UNKNOWN_UUID, 1), 404, 'RECORD_NOT_FOUND');
        expect(paths(expectError(await h.switchTo(action, '1.0.0', 1), 400, 'VALIDATION_FAILED'))).toEqual([
          'params.id',
        ]);
        for (const bad of [undefined, 0, 'one', 1.5]) {
          expect(
            paths(expectError(await h.switchTo(action, version.id, bad), 400, 'VALIDATION_FAILED')),
          ).toEqual(['body.version']);
        }
      }
      expect(await h.stored(version.id)).toMatchObject({ active: true, version: 1 });
    });
  });

  describe('audit trail', () => {
    it('records create, update and delete with dotted properties and jurisdictions by id', async () => {
      const version = await h.created('alpha', '1.0.0', {
        jurisdictionIds: [f.malta],
        betSizes: [1, 0.5],
        properties: { reels: '5' },
      });
      const changed = await h.updated(
        version.id,
        h.updateBody(version, {
          jurisdictionIds: [f.malta, f.gibraltar],
          properties: { reels: '5', lines: '20' },
        }),
      );
      expect((await h.remove(version.id, changed.version)).statusCode).toBe(204);

      const entries = await h.auditFor(version.id);
      expect(entries.map((entry) => `${entry.entityType}:${entry.action}`)).toEqual([
        'game-version:create',
        'game-version:update',
        'game-version:delete',
      ]);
      expect(entries[0]!.changes).toEqual({
        gameId: { before: null, after: 'alpha' },
        versionNumber: { before: null, after: '1.0.0' },
        jurisdictionIds: { before: null, after: [f.malta] },
        betSizes: { before: null, after: [0.5, 1] },
        supportsVouchers: { before: null, after: true },
        supportsFeatureTriggerVouchers: { before: null, after: false },
        'properties.reels': { before: null, after: '5' },
        frontendUrl: { before: null, after: 'https://cdn.example.com/game/' },
        backendUrl: { before: null, after: '' },
        active: { before: null, after: true },
      });
      expect(entries[1]!.changes).toEqual({
        jurisdictionIds: { before: [f.malta], after: [f.malta, f.gibraltar].sort() },
        'properties.lines': { before: null, after: '20' },
      });
      expect(entries[2]!.changes).toMatchObject({
        versionNumber: { before: '1.0.0', after: null },
        'properties.reels': { before: '5', after: null },
      });
    });

    it('appends nothing when a write fails', async () => {
      const version = await h.created('alpha', '1.0.0');
      const before = await h.allAudit();
      expectError(await h.create(h.versionBody('alpha', '1.0.0')), 409, 'GAME_VERSION_TAKEN');
      expectError(await h.create(h.versionBody('gamma', '1.0.0')), 404, 'GAME_NOT_FOUND');
      expectError(
        await h.create(h.versionBody('alpha', '9.0.0', { jurisdictionIds: [UNKNOWN_UUID] })),
        404,
        'JURISDICTION_NOT_FOUND',
      );
      expectError(await h.update(version.id, h.updateBody(version, { version: 4 })), 409, 'STALE_VERSION');
      expectError(await h.remove(version.id, 4), 409, 'STALE_VERSION');
      expect(await h.allAudit()).toEqual(before);
    });
  });

  describe('permissions', () => {
    it.each<Role>(['visitor', 'support', 'qa'])('%s may read but not write', async (role) => {
      const version = await h.created('alpha', '1.0.0');
      const user = await ctx().signIn(role);
      expect((await user.inject({ method: 'GET', url: BASE })).statusCode).toBe(200);
      expect((await user.inject({ method: 'GET', url: `${BASE}/${version.id}` })).json()).toEqual(version);
      for (const request of [
        { method: 'POST', url: BASE, payload: h.versionBody('alpha', '6.6.6') },
        {
          method: 'PUT',
          url: `${BASE}/${version.id}`,
          payload: h.updateBody(version, { versionNumber: '6.6.6' }),
        },
        { method: 'DELETE', url: `${BASE}/${version.id}`, query: { version: '1' } },
        { method: 'POST', url: `${BASE}/${version.id}/deactivate`, payload: { version: 1 } },
        { method: 'POST', url: `${BASE}/${version.id}/activate`, payload: { version: 1 } },
      ] as InjectOptions[]) {
        expectError(await user.inject(request), 403, 'NO_PERMISSION');
      }
      expect((await h.allVersions()).map((row) => [row.versionNumber, row.version])).toEqual([['1.0.0', 1]]);
    });

    it('developer may deactivate and activate, as they may write versions', async () => {
      const version = await h.created('alpha', '1.0.0');
      const developer = await ctx().signIn('developer');
      const deactivate = await developer.inject({
        method: 'POST',
        url: `${BASE}/${version.id}/deactivate`,
        payload: { version: 1 },
      });
      expect(deactivate.statusCode, deactivate.body).toBe(200);
      const activate = await developer.inject({
        method: 'POST',
        url: `${BASE}/${version.id}/activate`,
        payload: { version: 2 },
      });
      expect(activate.json<GameVersion>()).toMatchObject({ active: true, version: 3 });
      const entries = await h.auditFor(version.id);
      expect(entries.slice(1).map((entry) => [entry.action, entry.actorId])).toEqual([
        ['deactivate', developer.userId],
        ['activate', developer.userId],
      ]);
    });

    it('accountant may not read; without a session the answer is 401', async () => {
      const version = await h.created('alpha', '1.0.0');
      const accountant = await ctx().signIn('accountant');
      expectError(await accountant.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
      expectError(
        await accountant.inject({ method: 'GET', url: `${BASE}/${version.id}` }),
        403,
        'NO_PERMISSION',
      );
      expectError(await ctx().app.inject({ method: 'GET', url: BASE }), 401, 'UNAUTHENTICATED');
      expectError(
        await ctx().app.inject({
          method: 'POST',
          url: BASE,
          payload: h.versionBody('alpha', '6.6.6'),
          headers: { 'x-requested-with': 'backoffice' },
        }),
        401,
        'UNAUTHENTICATED',
      );
      expectError(
        await accountant.inject({
          method: 'POST',
          url: `${BASE}/${version.id}/deactivate`,
          payload: { version: 1 },
        }),
        403,
        'NO_PERMISSION',
      );
      expectError(
        await ctx().app.inject({
          method: 'POST',
          url: `${BASE}/${version.id}/deactivate`,
          payload: { version: 1 },
          headers: { 'x-requested-with': 'backoffice' },
        }),
        401,
        'UNAUTHENTICATED',
      );
      expect(await h.allVersions()).toHaveLength(1);
    });
  });
});
