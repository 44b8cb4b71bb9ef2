/**
 * The integrations API: configuration with routing rules that must pass their tests, bound casinos,
 * activation, games, scoping, permissions, and the push to a real bridge simulator. Casinos, bridges and
 * games are inserted directly into the database.
 */
import {
  errorMessage,
  type AssignedGame,
  type AuditEntry,
  type Casino,
  type ErrorCode,
  type Integration,
  type Page,
  type PushDetail,
  type PushEntry,
  type PushPreview,
  type PushResult,
  type Role,
} from '@backoffice/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../../tools/bridge-simulator/simulator';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import {
  alerts,
  bridges,
  casinos,
  gameProviders,
  games,
  gameStudios,
  globalSettings,
  integrationCasinos,
  integrationDeliveries,
  integrationGames,
  integrations,
  jurisdictions,
  significantEvents,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { rowsOf } from '../../lib/sql';
import {
  CONFIG_DELIVERY_EVENT_COMPONENT,
  CONFIG_NOT_DELIVERED_ALERT,
  requestDelivery,
  runConfigDelivery,
} from './config-delivery';
import { ENGLISH, UNKNOWN_UUID, expectError, resetCatalogue } from '../../test/api';
import { describeEachEngine, signInTo, withSession, type TestContext } from '../../test/app';
import { BRIDGE_TEST_TIMEOUTS, SLOWER_THAN_THE_TIMEOUT_MS } from '../../test/bridge-timeouts';
import { changeEntries } from '../../test/databases';

const BASE = '/api/integrations';
const SECRET = 'integration-tests-bridge-secret-5d1c';

const persistence = {
  persistPlayer: true,
  persistGameRound: true,
  saveGameRoundDetails: false,
  gameRoundTtlDays: 90,
  loseDetailsTtlDays: null,
  winDetailsTtlDays: 30,
  bigWinDetailsTtlDays: null,
};

const rule = (name: string, casinoId: string, lists: Record<string, string[]> = {}) => ({
  name,
  currencies: [],
  countries: [],
  jurisdictionIds: [],
  casinoId,
  ...lists,
});

/** Swiss francs go to casino-ch, euro from Germany or Austria to casino-de, the rest to casino-eu. */
const rules = [
  rule('Swiss francs', 'casino-ch', { currencies: ['CHF'] }),
  rule('Germany in euro', 'casino-de', { currencies: ['EUR'], countries: ['DE', 'AT'] }),
];
const ruleTests = [
  { name: 'Swiss player', launch: { currency: 'CHF', country: 'CH' }, expectedCasinoId: 'casino-ch' },
  { name: 'Austrian player', launch: { currency: 'EUR', country: 'AT' }, expectedCasinoId: 'casino-de' },
  { name: 'Dollar player', launch: { currency: 'USD' }, expectedCasinoId: 'casino-eu' },
];

type Headers = InjectOptions['headers'];
type Body = Record<string, unknown>;

/** Request helpers and fixtures bound to one suite's app and database. */
function helpers(ctx: () => TestContext) {
  const fx = { bridge: '', otherBridge: '', jurisdiction: '' };
  const db = () => ctx().database.db;
  const inject = (options: InjectOptions) => ctx().inject(options);

  async function ok<T>(options: InjectOptions, status = 200): Promise<T> {
    const response = await inject(options);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<T>();
  }

  async function reset() {
    await db().delete(integrationGames);
    await db().delete(integrationCasinos);
    await db().delete(integrations);
    await db().delete(casinos);
    await db().delete(bridges);
    await resetCatalogue(db());
    await db().delete(jurisdictions);
  }

  /** Two bridges, four casinos (all on the first bridge), three games. */
  async function setUp(routerUrl = 'http://127.0.0.1:9') {
    await reset();
    const [jurisdiction] = await db().insert(jurisdictions).values({ name: 'Malta' }).returning();
    fx.jurisdiction = jurisdiction!.id;
    const [bridge, other] = await db()
      .insert(bridges)
      .values([
        { name: 'Bridge Alpha', routerUrl, secret: SECRET },
        { name: 'Bridge Beta', routerUrl: 'http://127.0.0.1:9', secret: 'other-secret' },
      ])
      .returning();
    fx.bridge = bridge!.id;
    fx.otherBridge = other!.id;
    await db()
      .insert(casinos)
      .values(
        [
          ['casino-ch', 'Casino Zürich', true],
          ['casino-de', 'Casino Berlin', true],
          ['casino-eu', 'Casino Europe', false],
          ['casino-other', 'Casino Elsewhere', true],
        ].map(([id, name, active]) => ({
          id: id as string,
          name: name as string,
          active: active as boolean,
          bridgeId: fx.bridge,
          api: 'seamlessWallet' as const,
          jurisdictionId: fx.jurisdiction,
        })),
      );
    const [studio] = await db().insert(gameStudios).values({ name: 'Studio' }).returning();
    await db().insert(gameProviders).values({ id: 'house', name: 'House', api: 'internal' });
    await db()
      .insert(games)
      .values(
        [
          ['aurora', 'Aurora Spins'],
          ['book', 'Book of Gold'],
          ['crystal', 'Crystal Caverns'],
        ].map(([gameId, name]) => ({
          gameId: gameId!,
          name: name!,
          studioId: studio!.id,
          providerId: 'house',
          gameProviderGameId: gameId!,
          theoreticalRtp: 96.5,
          maxExposureFactor: 5000,
          minBetCents: 10,
        })),
      );
  }

  function body(id: string, extra: Body = {}): Body {
    return {
      id,
      name: `Integration ${id}`,
      bridgeId: fx.bridge,
      gameClientIntegrationUrl: 'https://client.example.com/launch',
      casinoIds: ['casino-eu', 'casino-de', 'casino-ch'],
      defaultCasinoId: 'casino-eu',
      gameRoundValidityPeriodDays: null,
      properties: { region: 'eu' },
      persistence,
      rules,
      ruleTests,
      ...extra,
    };
  }

  /** The body of an update of `integration`: its current values with `changes` applied. */
  function updateBody(integration: Integration, changes: Body = {}): Body {
    return {
      name: integration.name,
      bridgeId: integration.bridgeId,
      gameClientIntegrationUrl: integration.gameClientIntegrationUrl,
      casinoIds: integration.casinoIds,
      defaultCasinoId: integration.defaultCasinoId,
      gameRoundValidityPeriodDays: integration.gameRoundValidityPeriodDays,
      properties: integration.properties,
      persistence: integration.persistence,
      rules: integration.rules,
      ruleTests: integration.ruleTests,
      version: integration.version,
      ...changes,
    };
  }

  /** Casinos unbound, and with them the rules and tests that named them. */
  const unbound = (integration: Integration) =>
    updateBody(integration, { casinoIds: [], defaultCasinoId: null, rules: [], ruleTests: [] });

  const create = (payload: Body, headers: Headers = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });
  const created = (id: string, extra: Body = {}) =>
    ok<Integration>({ method: 'POST', url: BASE, payload: body(id, extra) }, 201);
  const get = (id: string, headers: Headers = {}) => inject({ method: 'GET', url: `${BASE}/${id}`, headers });
  const update = (id: string, payload: Body, headers: Headers = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}`, payload, headers });
  const remove = (id: string, version: number, headers: Headers = {}) =>
    inject({ method: 'DELETE', url: `${BASE}/${id}`, query: { version: String(version) }, headers });
  const activation = (id: string, active: boolean, version: number, headers: Headers = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}/activation`, payload: { active, version }, headers });
  const assign = (id: string, payload: Body, headers: Headers = {}) =>
    inject({ method: 'POST', url: `${BASE}/${id}/games`, payload, headers });
  const gameActivation = (id: string, gameId: string, active: boolean, headers: Headers = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}/games/${gameId}/activation`, payload: { active }, headers });
  const unassign = (id: string, gameId: string, headers: Headers = {}) =>
    inject({ method: 'DELETE', url: `${BASE}/${id}/games/${gameId}`, headers });

  /** The simulator as new (normal mode, nothing held) and the fixtures on it, with platform-eu. */
  async function freshIntegrationOn(simulator: BridgeSimulator) {
    await simulator.setMode('normal');
    simulator.reset();
    await setUp(simulator.url);
    await created('platform-eu');
  }

  async function page(query: Record<string, string> = {}): Promise<Page<Integration>> {
    return ok<Page<Integration>>({ method: 'GET', url: BASE, query });
  }
  const ids = async (query: Record<string, string> = {}) => (await page(query)).items.map((item) => item.id);

  async function stored(id: string) {
    const [row] = await db().select().from(integrations).where(eq(integrations.id, id));
    return row;
  }
  const allStored = () => db().select().from(integrations).orderBy(asc(integrations.id));
  const boundRows = () =>
    db()
      .select()
      .from(integrationCasinos)
      .orderBy(asc(integrationCasinos.integrationId), asc(integrationCasinos.casinoId));
  const gameRows = () =>
    db()
      .select()
      .from(integrationGames)
      .orderBy(asc(integrationGames.integrationId), asc(integrationGames.gameId));
  const allAudit = () => changeEntries(db());
  const auditOf = async (entityType: string, entityId: string) =>
    (await allAudit()).filter((entry) => entry.entityType === entityType && entry.entityId === entityId);

  /** The whole stored state of the integrations, to show that a refused write changed nothing. */
  const snapshot = async () => ({
    integrations: await allStored(),
    casinos: await boundRows(),
    games: await gameRows(),
    audit: await allAudit(),
  });

  return {
    fx,
    inject,
    ok,
    setUp,
    body,
    updateBody,
    unbound,
    create,
    created,
    get,
    update,
    remove,
    activation,
    assign,
    gameActivation,
    freshIntegrationOn,
    unassign,
    page,
    ids,
    stored,
    allStored,
    boundRows,
    gameRows,
    allAudit,
    auditOf,
    snapshot,
  };
}

/** Asserts the error in German (default) and English: same status and code, the catalogue's messages. */
async function inBothLanguages(
  request: (headers: Headers) => Promise<LightMyRequestResponse>,
  status: number,
  code: ErrorCode,
) {
  const german = expectError(await request({}), status, code);
  expect(german.message).toBe(errorMessage(code, 'de'));
  const english = expectError(await request(ENGLISH), status, code);
  expect(english.message).toBe(errorMessage(code, 'en'));
  return german;
}

describeEachEngine('integrations API', (ctx) => {
  const h = helpers(ctx);

  describe('create', () => {
    beforeEach(() => h.setUp());

    it('creates an inactive integration with its bound casinos, bridge name and no games, audited', async () => {
      const response = await h.create(h.body('platform-eu'));
      expect(response.statusCode, response.body).toBe(201);
      const integration = response.json<Integration>();
      expect(integration).toMatchObject({
        id: 'platform-eu',
        name: 'Integration platform-eu',
        bridgeId: h.fx.bridge,
        bridgeName: 'Bridge Alpha',
        gameClientIntegrationUrl: 'https://client.example.com/launch',
        casinoIds: ['casino-ch', 'casino-de', 'casino-eu'],
        defaultCasinoId: 'casino-eu',
        gameRoundValidityPeriodDays: null,
        properties: { region: 'eu' },
        persistence,
        rules,
        ruleTests,
        active: false,
        gameCount: 0,
        lastPush: null,
        version: 1,
      });
      expect((await h.get('platform-eu')).json()).toEqual(integration);
      expect((await h.boundRows()).map((row) => row.casinoId)).toEqual([
        'casino-ch',
        'casino-de',
        'casino-eu',
      ]);
      const [entry, ...more] = await h.auditOf('integration', 'platform-eu');
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ action: 'create' });
      expect(entry!.changes).toMatchObject({
        id: { before: null, after: 'platform-eu' },
        casinoIds: { before: null, after: ['casino-ch', 'casino-de', 'casino-eu'] },
        'persistence.gameRoundTtlDays': { before: null, after: 90 },
        active: { before: null, after: false },
      });
    });

    it('refuses an id that is taken with 409 INTEGRATION_ID_TAKEN, changing nothing', async () => {
      await h.created('platform-eu');
      const before = await h.snapshot();
      await inBothLanguages(
        (headers) => h.create(h.body('platform-eu', { name: 'Other' }), headers),
        409,
        'INTEGRATION_ID_TAKEN',
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses an unknown bridge with 404 BRIDGE_NOT_FOUND, storing nothing', async () => {
      await inBothLanguages(
        (headers) => h.create(h.body('platform-eu', { bridgeId: UNKNOWN_UUID }), headers),
        404,
        'BRIDGE_NOT_FOUND',
      );
      expect(await h.snapshot()).toMatchObject({ integrations: [], casinos: [], audit: [] });
    });

    it('refuses an unknown casino with 404 CASINO_NOT_FOUND naming it, storing nothing', async () => {
      const body = await inBothLanguages(
        (headers) =>
          h.create(
            h.body('platform-eu', { casinoIds: ['casino-eu', 'casino-nowhere'], rules: [], ruleTests: [] }),
            headers,
          ),
        404,
        'CASINO_NOT_FOUND',
      );
      expect(body.details).toEqual([
        { path: 'casinoIds.1', message: expect.stringContaining('casino-nowhere') },
      ]);
      expect(await h.snapshot()).toMatchObject({ integrations: [], casinos: [], audit: [] });
    });

    it('refuses a default, a rule or a test naming a casino that is not bound (400)', async () => {
      const response = await h.create(h.body('platform-eu', { casinoIds: ['casino-de'] }));
      const body = expectError(response, 400, 'VALIDATION_FAILED');
      expect([...new Set(body.details!.map((detail) => detail.path))].sort()).toEqual([
        'body.defaultCasinoId',
        'body.ruleTests.0.expectedCasinoId',
        'body.ruleTests.2.expectedCasinoId',
        'body.rules.0.casinoId',
      ]);
      expect(await h.allStored()).toEqual([]);
    });

    it('refuses to save while a rule test fails: 400 with one detail per failing test, nothing stored', async () => {
      const failing = [
        ...ruleTests,
        { name: 'Swiss in euro', launch: { currency: 'EUR', country: 'CH' }, expectedCasinoId: 'casino-ch' },
        {
          name: 'German in dollar',
          launch: { currency: 'USD', country: 'DE' },
          expectedCasinoId: 'casino-de',
        },
      ];
      const body = await inBothLanguages(
        (headers) => h.create(h.body('platform-eu', { ruleTests: failing }), headers),
        400,
        'INTEGRATION_RULE_TEST_FAILED',
      );
      expect(body.details).toEqual([
        { path: 'ruleTests.3', message: expect.stringContaining('expected casino-ch, actual casino-eu') },
        { path: 'ruleTests.4', message: expect.stringContaining('expected casino-de, actual casino-eu') },
      ]);
      expect(body.details![0]!.message).toContain('no rule matches');
      expect(await h.snapshot()).toMatchObject({ integrations: [], casinos: [], audit: [] });
    });

    it('validates its fields', async () => {
      const body = expectError(
        await h.create(
          h.body('-bad', {
            name: ' ',
            gameClientIntegrationUrl: 'ftp://x.example.com',
            persistence: { ...persistence, gameRoundTtlDays: 0 },
          }),
        ),
        400,
        'VALIDATION_FAILED',
      );
      expect([...new Set(body.details!.map((detail) => detail.path))].sort()).toEqual([
        'body.gameClientIntegrationUrl',
        'body.id',
        'body.name',
        'body.persistence.gameRoundTtlDays',
      ]);
    });
  });

  describe('rule routing', () => {
    beforeEach(() => h.setUp());

    const overlapping = [
      rule('Euro from Germany', 'casino-de', { currencies: ['EUR'], countries: ['DE'] }),
      rule('Any euro', 'casino-ch', { currencies: ['EUR'] }),
    ];
    const launch = { currency: 'EUR', country: 'DE' };

    it('lets the first matching rule win', async () => {
      const test = { name: 'German euro', launch, expectedCasinoId: 'casino-de' };
      expect((await h.create(h.body('a', { rules: overlapping, ruleTests: [test] }))).statusCode).toBe(201);
      const expectingSecond = { ...test, expectedCasinoId: 'casino-ch' };
      const body = expectError(
        await h.create(h.body('b', { rules: overlapping, ruleTests: [expectingSecond] })),
        400,
        'INTEGRATION_RULE_TEST_FAILED',
      );
      expect(body.details).toEqual([
        {
          path: 'ruleTests.0',
          message: expect.stringMatching(/expected casino-ch, actual casino-de .*rule 1 "Euro from Germany"/),
        },
      ]);
      // In the other order the broader rule wins.
      const swapped = [overlapping[1], overlapping[0]];
      expect((await h.create(h.body('c', { rules: swapped, ruleTests: [expectingSecond] }))).statusCode).toBe(
        201,
      );
      expect(await h.ids()).toEqual(['a', 'c']);
    });

    it('falls back to the default casino, and to no casino without one', async () => {
      const dollar = { name: 'Dollar', launch: { currency: 'USD' }, expectedCasinoId: 'casino-eu' };
      expect((await h.create(h.body('with-default', { ruleTests: [dollar] }))).statusCode).toBe(201);

      const nowhere = { ...dollar, expectedCasinoId: null };
      expect(
        (await h.create(h.body('without-default', { defaultCasinoId: null, ruleTests: [nowhere] })))
          .statusCode,
      ).toBe(201);
      const body = expectError(
        await h.create(h.body('expects-none', { ruleTests: [nowhere] })),
        400,
        'INTEGRATION_RULE_TEST_FAILED',
      );
      expect(body.details![0]!.message).toContain('expected no casino, actual casino-eu (no rule matches)');
      const missing = expectError(
        await h.create(h.body('expects-default', { defaultCasinoId: null, ruleTests: [dollar] })),
        400,
        'INTEGRATION_RULE_TEST_FAILED',
      );
      expect(missing.details![0]!.message).toContain('expected casino-eu, actual no casino');
      expect(await h.ids()).toEqual(['with-default', 'without-default']);
    });

    it('matches jurisdictions, and a launch without a value does not match a list', async () => {
      const malta = {
        name: 'Malta',
        launch: { jurisdictionId: h.fx.jurisdiction },
        expectedCasinoId: 'casino-de',
      };
      const noCountry = { name: 'No country', launch: { currency: 'EUR' }, expectedCasinoId: 'casino-eu' };
      const response = await h.create(
        h.body('mt', {
          rules: [
            rule('Euro from Germany', 'casino-ch', { currencies: ['EUR'], countries: ['DE'] }),
            rule('Malta', 'casino-de', { jurisdictionIds: [h.fx.jurisdiction] }),
          ],
          ruleTests: [malta, noCountry],
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
    });
  });

  describe('get and list', () => {
    beforeEach(async () => {
      await h.setUp();
      await h.created('zeta', { name: 'Alpha platform' });
      await h.created('alpha', { name: 'Zeta platform', bridgeId: h.fx.otherBridge });
      await h.created('mid', { name: 'Mid platform' });
      const mid = await h.stored('mid');
      await h.activation('mid', true, mid!.version);
    });

    it('answers 404 INTEGRATION_NOT_FOUND for an unknown id', async () => {
      await inBothLanguages((headers) => h.get('nothing', headers), 404, 'INTEGRATION_NOT_FOUND');
    });

    it('sorts by id by default, and by name, active and update time', async () => {
      expect(await h.ids()).toEqual(['alpha', 'mid', 'zeta']);
      expect(await h.ids({ sort: 'name' })).toEqual(['zeta', 'mid', 'alpha']);
      expect(await h.ids({ sort: 'id', order: 'desc' })).toEqual(['zeta', 'mid', 'alpha']);
      expect(await h.ids({ sort: 'active', order: 'desc' })).toEqual(['mid', 'alpha', 'zeta']);
      expect(await h.ids({ sort: 'updatedAt', order: 'desc' })).toEqual(['mid', 'alpha', 'zeta']);
    });

    it('filters by activity, bridge and text, counting only the matches', async () => {
      expect(await h.ids({ active: 'true' })).toEqual(['mid']);
      expect(await h.ids({ active: 'false' })).toEqual(['alpha', 'zeta']);
      const byBridge = await h.page({ bridgeId: h.fx.otherBridge });
      expect(byBridge).toMatchObject({ total: 1, items: [{ id: 'alpha', bridgeName: 'Bridge Beta' }] });
      expect(await h.ids({ q: 'ALPHA' })).toEqual(['alpha', 'zeta']);
      const paged = await h.page({ pageSize: '2', page: '2' });
      expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(paged.items.map((item) => item.id)).toEqual(['zeta']);
    });
  });

  describe('update', () => {
    let integration: Integration;
    beforeEach(async () => {
      await h.setUp();
      integration = await h.created('platform-eu');
    });

    it('replaces the configuration and the bound casinos at the next version, audited', async () => {
      const response = await h.update(
        'platform-eu',
        h.updateBody(integration, {
          name: 'Platform Europe',
          casinoIds: ['casino-other', 'casino-de', 'casino-ch'],
          defaultCasinoId: 'casino-other',
          gameRoundValidityPeriodDays: 14,
          ruleTests: [{ name: 'Dollar', launch: { currency: 'USD' }, expectedCasinoId: 'casino-other' }],
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Integration>()).toMatchObject({
        name: 'Platform Europe',
        casinoIds: ['casino-ch', 'casino-de', 'casino-other'],
        defaultCasinoId: 'casino-other',
        gameRoundValidityPeriodDays: 14,
        version: 2,
      });
      expect((await h.boundRows()).map((row) => row.casinoId)).toEqual([
        'casino-ch',
        'casino-de',
        'casino-other',
      ]);
      const [, entry] = await h.auditOf('integration', 'platform-eu');
      expect(entry!.action).toBe('update');
      expect(Object.keys(entry!.changes as object).sort()).toEqual([
        'casinoIds',
        'defaultCasinoId',
        'gameRoundValidityPeriodDays',
        'name',
        'ruleTests',
      ]);
      expect((entry!.changes as Record<string, unknown>).casinoIds).toEqual({
        before: ['casino-ch', 'casino-de', 'casino-eu'],
        after: ['casino-ch', 'casino-de', 'casino-other'],
      });
    });

    it('refuses to save while a rule test fails, storing nothing', async () => {
      const before = await h.snapshot();
      const body = expectError(
        await h.update(
          'platform-eu',
          h.updateBody(integration, { name: 'Changed', rules: [rules[1]] }), // the Swiss rule is gone
        ),
        400,
        'INTEGRATION_RULE_TEST_FAILED',
      );
      expect(body.details).toEqual([
        { path: 'ruleTests.0', message: expect.stringContaining('expected casino-ch, actual casino-eu') },
      ]);
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses an unknown casino or bridge, storing nothing', async () => {
      const before = await h.snapshot();
      const unknown = expectError(
        await h.update(
          'platform-eu',
          h.updateBody(integration, { casinoIds: ['casino-nowhere', ...integration.casinoIds] }),
        ),
        404,
        'CASINO_NOT_FOUND',
      );
      expect(unknown.details).toEqual([{ path: 'casinoIds.0', message: expect.any(String) }]);
      expectError(
        await h.update('platform-eu', h.updateBody(integration, { bridgeId: UNKNOWN_UUID })),
        404,
        'BRIDGE_NOT_FOUND',
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses a stale version with 409 STALE_VERSION and an unknown integration with 404', async () => {
      expect((await h.update('platform-eu', h.updateBody(integration, { name: 'Second' }))).statusCode).toBe(
        200,
      );
      const before = await h.snapshot();
      await inBothLanguages(
        (headers) => h.update('platform-eu', h.updateBody(integration, { name: 'Lost' }), headers),
        409,
        'STALE_VERSION',
      );
      expectError(await h.update('nothing', h.updateBody(integration)), 404, 'INTEGRATION_NOT_FOUND');
      expect(await h.snapshot()).toEqual(before);
    });
  });

  describe('delete', () => {
    beforeEach(() => h.setUp());

    it('is refused with 409 INTEGRATION_HAS_CASINOS while casinos are bound', async () => {
      const integration = await h.created('platform-eu');
      const before = await h.snapshot();
      await inBothLanguages((headers) => h.remove('platform-eu', 1, headers), 409, 'INTEGRATION_HAS_CASINOS');
      expect(await h.snapshot()).toEqual(before);
      // At a version that is not the current one the answer is STALE_VERSION, whatever is bound.
      await h.ok({
        method: 'PUT',
        url: `${BASE}/platform-eu`,
        payload: h.updateBody(integration, { name: 'X' }),
      });
      expectError(await h.remove('platform-eu', 1), 409, 'STALE_VERSION');
    });

    it('deletes at the version read, with its games, in one audit entry', async () => {
      const integration = await h.created('platform-eu');
      await h.assign('platform-eu', { gameId: 'aurora', active: true });
      await h.assign('platform-eu', { gameId: 'book' });
      const current = (await h.get('platform-eu')).json<Integration>();
      const freed = await h.ok<Integration>({
        method: 'PUT',
        url: `${BASE}/platform-eu`,
        payload: h.unbound(current),
      });
      expect(freed.version).toBe(integration.version + 3);
      expectError(await h.remove('platform-eu', freed.version - 1), 409, 'STALE_VERSION');

      const response = await h.remove('platform-eu', freed.version);
      expect(response.statusCode, response.body).toBe(204);
      expect(await h.stored('platform-eu')).toBeUndefined();
      expect(await h.gameRows()).toEqual([]);
      expect(await h.boundRows()).toEqual([]);
      const entries = await h.auditOf('integration', 'platform-eu');
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
      expect(entries[2]!.changes).toMatchObject({
        id: { before: 'platform-eu', after: null },
        'games.aurora.active': { before: true, after: null },
        'games.book.active': { before: false, after: null },
      });
      await inBothLanguages((headers) => h.remove('platform-eu', 1, headers), 404, 'INTEGRATION_NOT_FOUND');
      // The id is free again.
      expect((await h.create(h.body('platform-eu'))).statusCode).toBe(201);
    });
  });

  describe('activation', () => {
    beforeEach(() => h.setUp());

    it('activates and deactivates at the version read, audited; the same state changes nothing', async () => {
      await h.created('platform-eu');
      const on = await h.activation('platform-eu', true, 1);
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json<Integration>()).toMatchObject({ active: true, version: 2 });
      const again = await h.activation('platform-eu', true, 2);
      expect(again.json<Integration>()).toMatchObject({ active: true, version: 2 });
      const off = await h.activation('platform-eu', false, 2);
      expect(off.json<Integration>()).toMatchObject({ active: false, version: 3 });

      const entries = await h.auditOf('integration', 'platform-eu');
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'activate', 'deactivate']);
      expect(entries[1]!.changes).toEqual({ active: { before: false, after: true } });
      expect(entries[2]!.changes).toEqual({ active: { before: true, after: false } });
    });

    it('refuses a stale version with 409 and an unknown integration with 404', async () => {
      await h.created('platform-eu');
      await h.activation('platform-eu', true, 1);
      const before = await h.snapshot();
      await inBothLanguages(
        (headers) => h.activation('platform-eu', false, 1, headers),
        409,
        'STALE_VERSION',
      );
      expectError(await h.activation('nothing', true, 1), 404, 'INTEGRATION_NOT_FOUND');
      expect(await h.snapshot()).toEqual(before);
    });
  });

  describe('games', () => {
    beforeEach(async () => {
      await h.setUp();
      await h.created('platform-eu');
    });

    it('assigns a game inactive by default, counts it and moves the version on, audited', async () => {
      const response = await h.assign('platform-eu', { gameId: 'aurora' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<AssignedGame>()).toMatchObject({
        gameId: 'aurora',
        gameName: 'Aurora Spins',
        active: false,
      });
      expect(
        await h.ok<AssignedGame>(
          { method: 'POST', url: `${BASE}/platform-eu/games`, payload: { gameId: 'book', active: true } },
          201,
        ),
      ).toMatchObject({ active: true });
      expect((await h.get('platform-eu')).json<Integration>()).toMatchObject({ gameCount: 2, version: 3 });
      const [entry] = await h.auditOf('integration-game', 'platform-eu/aurora');
      expect(entry).toMatchObject({
        action: 'create',
        changes: {
          integrationId: { before: null, after: 'platform-eu' },
          gameId: { before: null, after: 'aurora' },
          active: { before: null, after: false },
        },
      });
    });

    it('refuses a game assigned already (409) and an unknown game (404)', async () => {
      await h.assign('platform-eu', { gameId: 'aurora' });
      const before = await h.snapshot();
      await inBothLanguages(
        (headers) => h.assign('platform-eu', { gameId: 'aurora', active: true }, headers),
        409,
        'INTEGRATION_GAME_ALREADY_ASSIGNED',
      );
      await inBothLanguages(
        (headers) => h.assign('platform-eu', { gameId: 'nothing' }, headers),
        404,
        'GAME_NOT_FOUND',
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('switches a game on and off, audited; the same state changes nothing', async () => {
      await h.assign('platform-eu', { gameId: 'aurora' });
      const on = await h.gameActivation('platform-eu', 'aurora', true);
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json<AssignedGame>()).toMatchObject({ gameId: 'aurora', active: true });
      const version = (await h.stored('platform-eu'))!.version;
      expect((await h.gameActivation('platform-eu', 'aurora', true)).json()).toMatchObject({ active: true });
      expect((await h.stored('platform-eu'))!.version).toBe(version);
      await h.gameActivation('platform-eu', 'aurora', false);
      const entries = await h.auditOf('integration-game', 'platform-eu/aurora');
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'activate', 'deactivate']);
      expect(entries[1]!.changes).toEqual({ active: { before: false, after: true } });
    });

    it('answers 404 INTEGRATION_GAME_NOT_ASSIGNED for a game that is not assigned', async () => {
      await inBothLanguages(
        (headers) => h.gameActivation('platform-eu', 'book', true, headers),
        404,
        'INTEGRATION_GAME_NOT_ASSIGNED',
      );
      await inBothLanguages(
        (headers) => h.unassign('platform-eu', 'book', headers),
        404,
        'INTEGRATION_GAME_NOT_ASSIGNED',
      );
    });

    it('removes a game, audited', async () => {
      await h.assign('platform-eu', { gameId: 'aurora', active: true });
      const response = await h.unassign('platform-eu', 'aurora');
      expect(response.statusCode, response.body).toBe(204);
      expect(await h.gameRows()).toEqual([]);
      const entries = await h.auditOf('integration-game', 'platform-eu/aurora');
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'delete']);
      expect(entries[1]!.changes).toMatchObject({ active: { before: true, after: null } });
    });

    it('lists the games paged, sorted and filtered', async () => {
      await h.assign('platform-eu', { gameId: 'crystal', active: true });
      await h.assign('platform-eu', { gameId: 'aurora' });
      await h.assign('platform-eu', { gameId: 'book', active: true });
      const list = (query: Record<string, string> = {}) =>
        h.ok<Page<AssignedGame>>({ method: 'GET', url: `${BASE}/platform-eu/games`, query });
      const all = await list();
      expect(all.total).toBe(3);
      expect(all.items.map((game) => game.gameId)).toEqual(['aurora', 'book', 'crystal']);
      expect((await list({ sort: 'gameName', order: 'desc' })).items.map((game) => game.gameName)).toEqual([
        'Crystal Caverns',
        'Book of Gold',
        'Aurora Spins',
      ]);
      expect(await list({ active: 'true' })).toMatchObject({
        total: 2,
        items: [{ gameId: 'book' }, { gameId: 'crystal' }],
      });
      expect(await list({ q: 'gold' })).toMatchObject({ total: 1, items: [{ gameId: 'book' }] });
      expect(await list({ pageSize: '1', page: '3' })).toMatchObject({
        total: 3,
        items: [{ gameId: 'crystal' }],
      });
    });

    it('answers 404 INTEGRATION_NOT_FOUND for the games of an unknown integration', async () => {
      expectError(
        await h.inject({ method: 'GET', url: `${BASE}/nothing/games` }),
        404,
        'INTEGRATION_NOT_FOUND',
      );
      expectError(await h.assign('nothing', { gameId: 'aurora' }), 404, 'INTEGRATION_NOT_FOUND');
      expectError(await h.gameActivation('nothing', 'aurora', true), 404, 'INTEGRATION_NOT_FOUND');
      expectError(await h.unassign('nothing', 'aurora'), 404, 'INTEGRATION_NOT_FOUND');
    });
  });

  describe('what integrations keep in other areas', () => {
    beforeEach(() => h.setUp());

    it('refuses to delete a bridge integrations use with 409 BRIDGE_IN_USE', async () => {
      await h.created('platform-beta', { bridgeId: h.fx.otherBridge });
      const response = (headers: Headers) =>
        h.inject({
          method: 'DELETE',
          url: `/api/bridges/${h.fx.otherBridge}`,
          query: { version: '1' },
          headers,
        });
      const german = await inBothLanguages(response, 409, 'BRIDGE_IN_USE');
      expect(german.message).toBe('Die Bridge wird von Integrationen verwendet.');
      expect(expectError(await response(ENGLISH), 409, 'BRIDGE_IN_USE').message).toBe(
        'Bridge in use by integrations.',
      );
      expect(await h.stored('platform-beta')).toBeDefined();
    });

    it('refuses to delete a game assigned to an integration with 409 GAME_IN_USE', async () => {
      await h.created('platform-eu');
      await h.assign('platform-eu', { gameId: 'aurora' });
      await inBothLanguages(
        (headers) =>
          h.inject({ method: 'DELETE', url: '/api/games/aurora', query: { version: '1' }, headers }),
        409,
        'GAME_IN_USE',
      );
      expect(await h.gameRows()).toHaveLength(1);
    });
  });

  describe('scoping', () => {
    beforeEach(async () => {
      await h.setUp();
      await h.created('int-a');
      await h.created('int-b');
    });

    const scoped = (role: Role = 'developer') =>
      ctx().signIn(role, {
        integrationIds: ['int-a', 'int-new'],
        casinoIds: ['casino-de', 'casino-eu', 'casino-other'],
      });

    it('shows a scoped user only their integrations; others do not exist for them', async () => {
      const user = await scoped();
      const list = (await user.inject({ method: 'GET', url: BASE })).json<Page<Integration>>();
      expect(list).toMatchObject({ total: 1, items: [{ id: 'int-a' }] });
      expect((await user.inject({ method: 'GET', url: `${BASE}/int-a` })).statusCode).toBe(200);

      const b = (await h.get('int-b')).json<Integration>();
      const before = await h.snapshot();
      for (const request of [
        { method: 'GET', url: `${BASE}/int-b` },
        { method: 'PUT', url: `${BASE}/int-b`, payload: h.updateBody(b, { name: 'Taken over' }) },
        { method: 'DELETE', url: `${BASE}/int-b`, query: { version: '1' } },
        { method: 'PUT', url: `${BASE}/int-b/activation`, payload: { active: true, version: 1 } },
        { method: 'GET', url: `${BASE}/int-b/games` },
        { method: 'POST', url: `${BASE}/int-b/games`, payload: { gameId: 'aurora' } },
        { method: 'PUT', url: `${BASE}/int-b/games/aurora/activation`, payload: { active: true } },
        { method: 'DELETE', url: `${BASE}/int-b/games/aurora` },
        { method: 'GET', url: `${BASE}/int-b/push` },
        { method: 'POST', url: `${BASE}/int-b/push`, payload: { version: 1 } },
        { method: 'GET', url: `${BASE}/int-b/pushes` },
        { method: 'GET', url: `${BASE}/int-b/pushes/${UNKNOWN_UUID}` },
      ] as InjectOptions[]) {
        const body = expectError(await user.inject(request), 404, 'INTEGRATION_NOT_FOUND');
        expect(body.message, `${request.method} ${request.url}`).toBe('Die Integration existiert nicht.');
      }
      const english = expectError(
        await user.inject({ method: 'GET', url: `${BASE}/int-b`, headers: ENGLISH }),
        404,
        'INTEGRATION_NOT_FOUND',
      );
      expect(english.message).toBe('Integration does not exist.');
      expect(await h.snapshot()).toEqual(before);
    });

    it('lets a scoped user bind only casinos of their scope, keeping ones bound already', async () => {
      const user = await scoped();
      const a = (await h.get('int-a')).json<Integration>();
      // int-a has casino-ch (outside the scope) bound already: keeping it is fine.
      const kept = await user.inject({
        method: 'PUT',
        url: `${BASE}/int-a`,
        payload: h.updateBody(a, { casinoIds: ['casino-ch', 'casino-de', 'casino-eu', 'casino-other'] }),
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const current = kept.json<Integration>();

      const dropped = h.updateBody(current, {
        casinoIds: ['casino-de', 'casino-eu'],
        rules: [rules[1]],
        ruleTests: [ruleTests[1]],
      });
      expect((await user.inject({ method: 'PUT', url: `${BASE}/int-a`, payload: dropped })).statusCode).toBe(
        200,
      );
      const before = await h.snapshot();
      // Once dropped, casino-ch is outside the scope like any other: as if it did not exist.
      const readd = (await h.get('int-a')).json<Integration>();
      const body = expectError(
        await user.inject({
          method: 'PUT',
          url: `${BASE}/int-a`,
          payload: h.updateBody(readd, { casinoIds: ['casino-ch', 'casino-de', 'casino-eu'] }),
        }),
        404,
        'CASINO_NOT_FOUND',
      );
      expect(body.details).toEqual([{ path: 'casinoIds.0', message: expect.any(String) }]);
      expect(await h.snapshot()).toEqual(before);
    });

    it('lets a scoped user create only integrations of their scope, with casinos of their scope', async () => {
      const user = await scoped();
      const outside = expectError(
        await user.inject({
          method: 'POST',
          url: BASE,
          payload: h.body('int-c', { casinoIds: ['casino-eu'], rules: [], ruleTests: [] }),
        }),
        403,
        'NO_PERMISSION',
      );
      expect(outside.message).toBe('Keine Berechtigung.');
      // The id int-b is taken, but outside the scope that must not show.
      expectError(
        await user.inject({
          method: 'POST',
          url: BASE,
          payload: h.body('int-b', { casinoIds: ['casino-eu'], rules: [], ruleTests: [] }),
        }),
        403,
        'NO_PERMISSION',
      );
      expectError(
        await user.inject({ method: 'POST', url: BASE, payload: h.body('int-new') }),
        404,
        'CASINO_NOT_FOUND',
      );
      const created = await user.inject({
        method: 'POST',
        url: BASE,
        payload: h.body('int-new', {
          casinoIds: ['casino-eu', 'casino-de'],
          rules: [rules[1]],
          ruleTests: [ruleTests[1], ruleTests[2]],
        }),
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await h.ids()).toEqual(['int-a', 'int-b', 'int-new']);
    });

    it('shows nothing to a user with an empty scope', async () => {
      const user = await ctx().signIn('developer');
      expect((await user.inject({ method: 'GET', url: BASE })).json()).toMatchObject({ total: 0, items: [] });
      expectError(await user.inject({ method: 'GET', url: `${BASE}/int-a` }), 404, 'INTEGRATION_NOT_FOUND');
    });
  });

  describe('permissions', () => {
    beforeEach(async () => {
      await h.setUp();
      await h.created('int-a');
      await h.assign('int-a', { gameId: 'aurora' });
    });

    it.each<Role>(['visitor', 'support', 'qa'])(
      '%s may read but not change, assign or push',
      async (role) => {
        const user = await ctx().signIn(role, { integrationIds: ['int-a'] });
        expect((await user.inject({ method: 'GET', url: BASE })).json()).toMatchObject({ total: 1 });
        expect((await user.inject({ method: 'GET', url: `${BASE}/int-a` })).statusCode).toBe(200);
        expect((await user.inject({ method: 'GET', url: `${BASE}/int-a/games` })).statusCode).toBe(200);
        const a = (await h.get('int-a')).json<Integration>();
        const before = await h.snapshot();
        for (const request of [
          { method: 'POST', url: BASE, payload: h.body('int-x') },
          { method: 'PUT', url: `${BASE}/int-a`, payload: h.updateBody(a, { name: 'Intruder' }) },
          { method: 'DELETE', url: `${BASE}/int-a`, query: { version: String(a.version) } },
          { method: 'PUT', url: `${BASE}/int-a/activation`, payload: { active: true, version: a.version } },
          { method: 'POST', url: `${BASE}/int-a/games`, payload: { gameId: 'book' } },
          { method: 'PUT', url: `${BASE}/int-a/games/aurora/activation`, payload: { active: true } },
          { method: 'DELETE', url: `${BASE}/int-a/games/aurora` },
          { method: 'GET', url: `${BASE}/int-a/push` },
          { method: 'POST', url: `${BASE}/int-a/push`, payload: { version: a.version } },
        ] as InjectOptions[]) {
          const body = expectError(await user.inject(request), 403, 'NO_PERMISSION');
          expect(body.message).toBe('Keine Berechtigung.');
        }
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it('accountant may not read; without a session the answer is 401', async () => {
      const accountant = await ctx().signIn('accountant', { integrationIds: ['int-a'] });
      expectError(await accountant.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
      expectError(
        await accountant.inject({ method: 'GET', url: `${BASE}/int-a/games` }),
        403,
        'NO_PERMISSION',
      );
      expectError(await ctx().app.inject({ method: 'GET', url: BASE }), 401, 'UNAUTHENTICATED');
    });

    it('developer with the integration in scope may change it', async () => {
      const developer = await ctx().signIn('developer', { integrationIds: ['int-a'] });
      const a = (await h.get('int-a')).json<Integration>();
      const response = await developer.inject({
        method: 'PUT',
        url: `${BASE}/int-a/activation`,
        payload: { active: true, version: a.version },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [entry] = (await h.auditOf('integration', 'int-a')).filter((e) => e.action === 'activate');
      expect(entry!.actorId).toBe(developer.userId);
    });
  });

  describe('push to the bridge', () => {
    let simulator: BridgeSimulator;
    let pushApp: App;
    let adminHeaders: Record<string, string>;
    /** Requests to an app on the same database whose bridge client has short timeouts. */
    const send = (options: InjectOptions) => pushApp.inject(withSession(adminHeaders, options));
    const preview = (id: string, headers: Headers = {}) =>
      send({ method: 'GET', url: `${BASE}/${id}/push`, headers });
    const push = (id: string, version: number, headers: Headers = {}) =>
      send({ method: 'POST', url: `${BASE}/${id}/push`, payload: { version }, headers });

    beforeAll(async () => {
      simulator = await startBridgeSimulator({ port: 0, controlPort: 0, secret: SECRET });
      pushApp = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        database: ctx().database,
        logger: false,
        integrations: { bridgeClient: BRIDGE_TEST_TIMEOUTS },
      });
      await pushApp.ready();
      adminHeaders = (await signInTo(ctx().database, 'admin')).headers;
    });

    afterAll(async () => {
      await pushApp?.close();
      await simulator?.close();
    });

    beforeEach(async () => {
      await h.freshIntegrationOn(simulator);
      await h.assign('platform-eu', { gameId: 'aurora', active: true });
      await h.assign('platform-eu', { gameId: 'book' });
    });

    it('previews the configuration document and the bridge it goes to, without the secret', async () => {
      const response = await preview('platform-eu');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(SECRET);
      const integration = (await h.get('platform-eu')).json<Integration>();
      expect(response.json<PushPreview>()).toEqual({
        integrationId: 'platform-eu',
        bridge: { id: h.fx.bridge, name: 'Bridge Alpha', routerUrl: simulator.url },
        document: {
          configurationVersion: integration.version,
          integrationId: 'platform-eu',
          name: 'Integration platform-eu',
          active: false,
          gameClientIntegrationUrl: 'https://client.example.com/launch',
          // The integration has none: the global default (master data).
          gameRoundValidityPeriodDays: 30,
          properties: { region: 'eu' },
          persistence,
          rules,
          defaultCasinoId: 'casino-eu',
          casinos: [
            { id: 'casino-ch', name: 'Casino Zürich', active: true },
            { id: 'casino-de', name: 'Casino Berlin', active: true },
            { id: 'casino-eu', name: 'Casino Europe', active: false },
          ],
          games: [
            { gameId: 'aurora', active: true },
            { gameId: 'book', active: false },
          ],
          inactiveGameVersions: [],
        },
        // Never pushed: the bridge holds nothing, so every field is a change.
        delivered: null,
        inSync: false,
        changes: expect.arrayContaining([
          { path: 'name', before: null, after: 'Integration platform-eu' },
          { path: 'casinos.casino-de.name', before: null, after: 'Casino Berlin' },
          { path: 'games.aurora.active', before: null, after: true },
        ]),
      });
      expectError(await preview('nothing'), 404, 'INTEGRATION_NOT_FOUND');
    });

    it('lists the inactive versions of its games: they start no new rounds', async () => {
      await ctx().database.db.execute(sql`insert into game_versions (game_id, version_number, active)
        values ('aurora', '1.0.0', true), ('aurora', '0.9.0', false), ('book', '2.0.0', false)`);
      try {
        const { document } = (await preview('platform-eu')).json<PushPreview>();
        expect(document).toMatchObject({
          inactiveGameVersions: [
            { gameId: 'aurora', versionNumber: '0.9.0' },
            { gameId: 'book', versionNumber: '2.0.0' },
          ],
        });

        // The list finds them its own way (once for the page): it must agree with the record and the push.
        const inSync = async () => ({
          listed: (await h.page({ q: 'platform-eu' })).items.map((item) => item.inSync),
          record: (await h.get('platform-eu')).json<Integration>().inSync,
        });
        const version = (await h.get('platform-eu')).json<Integration>().version;
        expect((await push('platform-eu', version)).statusCode).toBe(200);
        expect(await inSync()).toEqual({ listed: [true], record: true });

        // A version deactivated or reactivated behind the app changes the document a push would send.
        const activate = (active: boolean) =>
          ctx().changeBehindTheApp(() =>
            ctx().database.db.execute(
              sql`update game_versions set active = ${active} where game_id = 'aurora' and version_number = '1.0.0'`,
            ),
          );
        await activate(false);
        expect(await inSync()).toEqual({ listed: [false], record: false });
        await activate(true);
        expect(await inSync()).toEqual({ listed: [true], record: true });
      } finally {
        await ctx().database.db.execute(sql`delete from game_versions where game_id in ('aurora', 'book')`);
      }
    });

    it('pushes to the bridge at the version read, stores the receipt without a new version, audited', async () => {
      const before = (await h.get('platform-eu')).json<Integration>();
      const { document } = (await preview('platform-eu')).json<PushPreview>();
      const response = await push('platform-eu', before.version);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<PushResult>();
      expect(result.configurationVersion).toBe(before.version);
      expect(Date.parse(result.pushedAt)).not.toBeNaN();

      expect(simulator.configurations()).toEqual([
        { integrationId: 'platform-eu', document, receivedAt: result.receivedAt },
      ]);
      const after = (await h.get('platform-eu')).json<Integration>();
      expect(before.inSync).toBe(false);
      expect(after).toEqual({ ...before, lastPush: result, inSync: true });
      const [entry] = (await h.auditOf('integration', 'platform-eu')).filter((e) => e.action === 'push');
      expect(entry!.changes).toEqual({
        'lastPush.configurationVersion': { before: null, after: before.version },
        'lastPush.pushedAt': { before: null, after: result.pushedAt },
        'lastPush.receivedAt': { before: null, after: result.receivedAt },
      });

      // A change of the games is a new configuration version, which the next push sends.
      await h.gameActivation('platform-eu', 'book', true);
      const changed = (await h.get('platform-eu')).json<Integration>();
      expect(changed.version).toBe(before.version + 1);
      expect((await push('platform-eu', changed.version)).json<PushResult>().configurationVersion).toBe(
        changed.version,
      );
      expect(simulator.configurations()[0]!.document).toMatchObject({
        configurationVersion: changed.version,
        games: [
          { gameId: 'aurora', active: true },
          { gameId: 'book', active: true },
        ],
      });
    });

    const pushes = (id: string, headers: Headers = {}) =>
      send({ method: 'GET', url: `${BASE}/${id}/pushes`, headers });

    it('gives every change of the document a new configuration version, whatever caused it (issue 18)', async () => {
      const version = (await h.get('platform-eu')).json<Integration>().version;
      const first = (await push('platform-eu', version)).json<PushResult>();
      expect((await preview('platform-eu')).json<PushPreview>()).toMatchObject({
        delivered: { configurationVersion: first.configurationVersion },
        inSync: true,
        changes: [],
      });

      // A bound casino renamed: the integration's own record is unchanged, its document is not.
      await ctx()
        .database.db.update(casinos)
        .set({ name: 'Casino Spree' })
        .where(eq(casinos.id, 'casino-de'));
      expect((await h.get('platform-eu')).json<Integration>()).toMatchObject({ version, inSync: false });
      const drifted = (await preview('platform-eu')).json<PushPreview>();
      expect(drifted).toMatchObject({
        inSync: false,
        delivered: { configurationVersion: first.configurationVersion },
      });
      expect(drifted.changes).toEqual([
        { path: 'casinos.casino-de.name', before: 'Casino Berlin', after: 'Casino Spree' },
      ]);
      expect(drifted.document.configurationVersion).toBe(first.configurationVersion + 1);

      const second = (await push('platform-eu', version)).json<PushResult>();
      expect(second.configurationVersion).toBe(first.configurationVersion + 1);
      expect(simulator.configurations()[0]!.document).toMatchObject({
        configurationVersion: second.configurationVersion,
        casinos: expect.arrayContaining([{ id: 'casino-de', name: 'Casino Spree', active: true }]),
      });
      expect((await preview('platform-eu')).json<PushPreview>()).toMatchObject({ inSync: true, changes: [] });
      expect((await h.get('platform-eu')).json<Integration>().inSync).toBe(true);

      // A default it inherits from master data changed: not delivered, in every list row too.
      const settings = (days: number) =>
        ctx().database.db.update(globalSettings).set({ defaultGameRoundValidityPeriodDays: days });
      await settings(45);
      try {
        expect((await preview('platform-eu')).json<PushPreview>().changes).toEqual([
          { path: 'gameRoundValidityPeriodDays', before: 30, after: 45 },
        ]);
        const listed = (await h.page({ q: 'platform-eu' })).items;
        expect(listed.map(({ id, inSync }) => ({ id, inSync }))).toEqual([
          { id: 'platform-eu', inSync: false },
        ]);
      } finally {
        await settings(30);
      }
      // Back as it was delivered: in sync again, without a push.
      expect((await h.get('platform-eu')).json<Integration>().inSync).toBe(true);

      // Back to the first document: a change too, so a new version (versions only grow).
      await ctx()
        .database.db.update(casinos)
        .set({ name: 'Casino Berlin' })
        .where(eq(casinos.id, 'casino-de'));
      expect((await push('platform-eu', version)).json<PushResult>().configurationVersion).toBe(
        first.configurationVersion + 2,
      );
      // The same document again keeps its version.
      expect((await push('platform-eu', version)).json<PushResult>().configurationVersion).toBe(
        first.configurationVersion + 2,
      );
    });

    it('keeps every push in the history with who started it, what it changed and the answer or error', async () => {
      const version = (await h.get('platform-eu')).json<Integration>().version;
      const confirmed = (await push('platform-eu', version)).json<PushResult>();
      await h.gameActivation('platform-eu', 'book', true);
      const changed = (await h.get('platform-eu')).json<Integration>().version;
      await simulator.setMode('refuse');
      expectError(await push('platform-eu', changed), 502, 'BRIDGE_UNREACHABLE');

      const history = await pushes('platform-eu');
      expect(history.statusCode, history.body).toBe(200);
      const page = history.json<Page<PushEntry>>();
      expect(page.total).toBe(2);
      const [failed, first] = page.items;
      expect(first).toMatchObject({
        configurationVersion: confirmed.configurationVersion,
        trigger: 'manual',
        actorName: expect.any(String),
        outcome: 'confirmed',
        receivedAt: confirmed.receivedAt,
        error: null,
      });
      expect(first!.changes.length).toBeGreaterThan(5);
      expect(failed).toMatchObject({
        configurationVersion: confirmed.configurationVersion + 1,
        outcome: 'failed',
        error: 'BRIDGE_UNREACHABLE',
        receivedAt: null,
        changes: [{ path: 'games.book.active', before: false, after: true }],
      });
      expect(failed!.finishedAt).not.toBeNull();

      // A failed push leaves the bridge's document the delivered one.
      expect((await preview('platform-eu')).json<PushPreview>()).toMatchObject({
        inSync: false,
        delivered: { configurationVersion: confirmed.configurationVersion },
      });

      // One push with the document it sent.
      const detail = await send({ method: 'GET', url: `${BASE}/platform-eu/pushes/${failed!.id}` });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json<PushDetail>().document).toMatchObject({
        configurationVersion: confirmed.configurationVersion + 1,
        games: [
          { gameId: 'aurora', active: true },
          { gameId: 'book', active: true },
        ],
      });
      await inBothLanguages(
        (headers) => send({ method: 'GET', url: `${BASE}/platform-eu/pushes/${UNKNOWN_UUID}`, headers }),
        404,
        'PUSH_NOT_FOUND',
      );
      expectError(
        await send({ method: 'GET', url: `${BASE}/platform-eu/pushes/not-a-uuid` }),
        400,
        'VALIDATION_FAILED',
      );
      // Another integration's push is not found through this one.
      expectError(
        await send({ method: 'GET', url: `${BASE}/nothing/pushes/${failed!.id}` }),
        404,
        'INTEGRATION_NOT_FOUND',
      );
    });

    it('refuses a push at a stale version with 409, sending nothing', async () => {
      const integration = (await h.get('platform-eu')).json<Integration>();
      await inBothLanguages(
        (headers) => push('platform-eu', integration.version - 1, headers),
        409,
        'STALE_VERSION',
      );
      expectError(await push('nothing', 1), 404, 'INTEGRATION_NOT_FOUND');
      expect(simulator.configurations()).toEqual([]);
      expect(await h.stored('platform-eu')).toMatchObject({ lastPush: null });
    });

    it('answers 502 BRIDGE_UNREACHABLE when the bridge refuses connections, storing nothing', async () => {
      const version = (await h.get('platform-eu')).json<Integration>().version;
      const first = (await push('platform-eu', version)).json<PushResult>();
      await simulator.setMode('refuse');
      const before = await h.snapshot();

      const german = expectError(await push('platform-eu', version), 502, 'BRIDGE_UNREACHABLE');
      expect(german.message).toBe('Keine Verbindung zur Bridge.');
      const english = expectError(await push('platform-eu', version, ENGLISH), 502, 'BRIDGE_UNREACHABLE');
      expect(english.message).toBe('No connection to the bridge.');

      expect(await h.snapshot()).toEqual(before);
      expect((await h.stored('platform-eu'))!.lastPush).toEqual(first);
    });

    it('answers 504 BRIDGE_TIMEOUT when the bridge does not answer, quickly and storing nothing', async () => {
      const version = (await h.get('platform-eu')).json<Integration>().version;
      await simulator.setMode('hang');
      const before = await h.snapshot();
      const started = Date.now();
      await inBothLanguages((headers) => push('platform-eu', version, headers), 504, 'BRIDGE_TIMEOUT');
      // Two pushes, each given up at the client's limit.
      expect(Date.now() - started).toBeLessThan(2 * BRIDGE_TEST_TIMEOUTS.requestTimeoutMs + 1_000);
      expect(await h.snapshot()).toEqual(before);
      expect((await h.stored('platform-eu'))!.lastPush).toBeNull();
    });

    it('answers 502 BRIDGE_REJECTED_SIGNATURE when the bridge holds another secret', async () => {
      await ctx()
        .database.db.update(bridges)
        .set({ secret: 'not-the-bridge-secret' })
        .where(eq(bridges.id, h.fx.bridge));
      const version = (await h.get('platform-eu')).json<Integration>().version;
      const response = await push('platform-eu', version);
      expectError(response, 502, 'BRIDGE_REJECTED_SIGNATURE');
      expect(response.body).not.toContain('not-the-bridge-secret');
      expect(simulator.configurations()).toEqual([]);
    });
  });

  describe('delivery of activation changes (issue 18)', () => {
    let simulator: BridgeSimulator;
    /** Two instances on the same database, each with its job engine (short polling). */
    const instances: App[] = [];
    let adminHeaders: Record<string, string>;
    const on = (instance: number, options: InjectOptions) =>
      instances[instance]!.inject(withSession(adminHeaders, options));
    const db = () => ctx().database.db;
    const outbox = () => db().select().from(integrationDeliveries);
    /** The document the simulator holds for the integration now (the last it received). */
    const held = (id: string) =>
      simulator.configurations().find((configuration) => configuration.integrationId === id)?.document as
        | { casinos: { id: string; active: boolean }[]; active: boolean; configurationVersion: number }
        | undefined;
    const casinoState = (id: string, casinoId: string) =>
      held(id)?.casinos.find((casino) => casino.id === casinoId)?.active;
    const casinoActivation = async (instance: number, casinoId: string, active: boolean) => {
      const current = await on(instance, { method: 'GET', url: `/api/casinos/${casinoId}` });
      const response = await on(instance, {
        method: 'PUT',
        url: `/api/casinos/${casinoId}/activation`,
        payload: { active, version: current.json<{ version: number }>().version },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const history = async (id: string) =>
      (await on(0, { method: 'GET', url: `${BASE}/${id}/pushes`, query: { pageSize: '100' } })).json<
        Page<PushEntry>
      >().items;

    beforeAll(async () => {
      simulator = await startBridgeSimulator({ port: 0, controlPort: 0, secret: SECRET });
      for (let index = 0; index < 2; index++) {
        const instance = await buildApp({
          config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
          database: ctx().database,
          logger: false,
          integrations: { bridgeClient: BRIDGE_TEST_TIMEOUTS },
          jobs: { pollingSeconds: 0.5 },
        });
        await instance.ready();
        instances.push(instance);
      }
      adminHeaders = (await signInTo(ctx().database, 'admin')).headers;
    }, 60_000);

    afterAll(async () => {
      for (const instance of instances.splice(0)) await instance.close();
      await simulator?.close();
    });

    beforeEach(() => h.freshIntegrationOn(simulator));

    it('delivers a deactivated casino to the bridge within seconds, pending until it is confirmed', async () => {
      await casinoActivation(0, 'casino-de', false);
      // Pending from the commit on: the request is in the outbox with the change.
      await expect.poll(() => casinoState('platform-eu', 'casino-de'), { timeout: 10_000 }).toBe(false);
      await expect.poll(async () => (await outbox()).length, { timeout: 5_000 }).toBe(0);
      const [push] = await history('platform-eu');
      expect(push).toMatchObject({
        trigger: 'automatic',
        actorName: null,
        outcome: 'confirmed',
        changes: expect.arrayContaining([{ path: 'casinos.casino-de.active', before: null, after: false }]),
      });
      expect(held('platform-eu')!.configurationVersion).toBe(push!.configurationVersion);
      // The push screen now says the bridge holds the current document.
      const preview = (await on(0, { method: 'GET', url: `${BASE}/platform-eu/push` })).json<PushPreview>();
      expect(preview).toMatchObject({ inSync: true, changes: [] });
    });

    it('keeps the change pending while the bridge refuses connections, retries, and delivers it once back', async () => {
      await simulator.setMode('refuse');
      const integration = (await h.get('platform-eu')).json<Integration>();
      const response = await on(1, {
        method: 'PUT',
        url: `${BASE}/platform-eu/activation`,
        payload: { active: true, version: integration.version },
      });
      expect(response.statusCode, response.body).toBe(200);
      await expect
        .poll(async () => (await outbox())[0], { timeout: 10_000 })
        .toMatchObject({ integrationId: 'platform-eu', lastError: 'BRIDGE_UNREACHABLE', attempts: 1 });
      expect(held('platform-eu')).toBeUndefined();
      // Every screen shows it pending: the integration says since when, how often it failed, and why.
      const pending = (await h.get('platform-eu')).json<Integration>().pendingDelivery;
      expect(pending).toMatchObject({ attempts: 1, lastError: 'BRIDGE_UNREACHABLE' });
      expect(Date.parse(pending!.pendingSince)).not.toBeNaN();
      expect(await history('platform-eu')).toMatchObject([
        { trigger: 'automatic', outcome: 'failed', error: 'BRIDGE_UNREACHABLE' },
      ]);

      await simulator.setMode('normal');
      // The back-off's first wait is 5 s: the job runs again when it is due, not at the next minute.
      await expect.poll(() => held('platform-eu')?.active, { timeout: 15_000 }).toBe(true);
      await expect.poll(async () => (await outbox()).length, { timeout: 5_000 }).toBe(0);
      // The job's delivery, made behind this app's back, is heard before the record is read again.
      await ctx().app.settleSessions();
      expect((await h.get('platform-eu')).json<Integration>().pendingDelivery).toBeNull();
      const pushes = await history('platform-eu');
      expect(pushes.map((push) => push.outcome)).toEqual(['confirmed', 'failed']);
      // The retry sent the same document: the same version.
      expect(pushes[0]!.configurationVersion).toBe(pushes[1]!.configurationVersion);
    });

    it("shows the casino's pending delivery to those who may see its integration, and to nobody else", async () => {
      await simulator.setMode('refuse');
      await casinoActivation(0, 'casino-de', false);
      const casinoAs = async (headers: Record<string, string>) =>
        (
          await instances[0]!.inject({ method: 'GET', url: '/api/casinos/casino-de', headers })
        ).json<Casino>();
      await expect
        .poll(async () => (await casinoAs(adminHeaders)).pendingDelivery, { timeout: 10_000 })
        .toMatchObject({ attempts: 1, lastError: 'BRIDGE_UNREACHABLE' });
      // The same casino to a developer of the casino without platform-eu: no integration, nothing pending.
      const other = await signInTo(ctx().database, 'developer', {
        casinoIds: ['casino-de'],
        integrationIds: ['elsewhere'],
      });
      const seen = await casinoAs(other.headers);
      expect(seen).toMatchObject({ id: 'casino-de', integrationIds: [], pendingDelivery: null });

      await simulator.setMode('normal');
      await expect
        .poll(async () => (await casinoAs(adminHeaders)).pendingDelivery, { timeout: 15_000 })
        .toBeNull();
      expect(casinoState('platform-eu', 'casino-de')).toBe(false);
    });

    it('delivers every change of two instances once, one push at a time, the last state last', async () => {
      // Changes through both instances, faster than the bridge confirms them.
      for (const [instance, active] of [
        [0, false],
        [1, true],
        [0, false],
        [1, true],
        [0, false],
      ] as const) {
        await casinoActivation(instance, 'casino-ch', active);
      }
      await expect.poll(async () => (await outbox()).length, { timeout: 20_000 }).toBe(0);
      expect(casinoState('platform-eu', 'casino-ch')).toBe(false);
      const pushes = (await history('platform-eu')).reverse();
      expect(pushes.length).toBeGreaterThanOrEqual(1);
      expect(pushes.every((push) => push.outcome === 'confirmed' && push.trigger === 'automatic')).toBe(true);
      // One at a time across both instances: no push starts before the one before it has finished.
      for (let index = 1; index < pushes.length; index++) {
        expect(Date.parse(pushes[index]!.startedAt)).toBeGreaterThanOrEqual(
          Date.parse(pushes[index - 1]!.finishedAt!),
        );
      }
      // The bridge received each pushed document once, in the order of the pushes.
      expect(
        simulator
          .receivedConfigurations()
          .filter((configuration) => configuration.integrationId === 'platform-eu')
          .map((configuration) => configuration.document.configurationVersion),
      ).toEqual(pushes.map((push) => push.configurationVersion));
    });

    it('raises one alert and one significant event for a delivery not confirmed in time', async () => {
      await requestDelivery(db(), ['platform-eu']);
      const failing = async () => {
        throw new AppError('BRIDGE_UNREACHABLE');
      };
      const first = await runConfigDelivery(db(), { deliver: failing, alertAfterMs: 0 });
      expect(first).toMatchObject({ delivered: 0, failed: 1, alerted: 1 });
      // The next run fails again, but the alert is not repeated.
      await db()
        .update(integrationDeliveries)
        .set({ nextAttemptAt: new Date(0) });
      expect(await runConfigDelivery(db(), { deliver: failing, alertAfterMs: 0 })).toMatchObject({
        failed: 1,
        alerted: 0,
      });
      const raised = await db().select().from(alerts).where(eq(alerts.subject, 'platform-eu'));
      expect(raised).toMatchObject([{ kind: CONFIG_NOT_DELIVERED_ALERT, acknowledgedAt: null }]);
      const events = await db()
        .select()
        .from(significantEvents)
        .where(eq(significantEvents.component, CONFIG_DELIVERY_EVENT_COMPONENT));
      expect(events).toHaveLength(1);
      expect(events[0]!.reason).toContain('platform-eu');
      await db().delete(alerts);
      await db()
        .delete(significantEvents)
        .where(eq(significantEvents.component, CONFIG_DELIVERY_EVENT_COMPONENT));
      await db().delete(integrationDeliveries);
    });

    it('delivers the change once the connections cut during its push are back [postgres]', async ({
      skip,
    }) => {
      if (ctx().engine !== 'postgres') skip();
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      process.on('unhandledRejection', onUncaught);
      try {
        // The bridge takes its time, so the cut comes while the push is on its way.
        await simulator.setMode('slow', { delayMs: SLOWER_THAN_THE_TIMEOUT_MS });
        await casinoActivation(0, 'casino-de', false);
        await expect
          .poll(async () => (await history('platform-eu'))[0]?.outcome, { timeout: 10_000 })
          .toBe('pending');
        // Every connection of the database but the one asking, the job engines' and both pools' included.
        const cut = await db().execute(sql`select count(pg_terminate_backend(pid))::int as n
          from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
        expect(rowsOf<{ n: number }>(cut)[0]!.n).toBeGreaterThan(0);
        await simulator.setMode('normal');

        // Delivered by itself all the same: by the job's retry, or at the latest by its next minute.
        await expect.poll(async () => (await outbox()).length, { timeout: 90_000, interval: 500 }).toBe(0);
        expect(casinoState('platform-eu', 'casino-de')).toBe(false);
        const integration = (await on(1, { method: 'GET', url: `${BASE}/platform-eu` })).json<Integration>();
        expect(integration).toMatchObject({ inSync: true, pendingDelivery: null });
        // One document, one version: whatever the cut left of a push, the bridge got the same version.
        const versions = new Set(
          simulator.receivedConfigurations().map((received) => received.document.configurationVersion),
        );
        expect(versions.size).toBe(1);
        expect(uncaught).toEqual([]);
      } finally {
        process.off('uncaughtException', onUncaught);
        process.off('unhandledRejection', onUncaught);
      }
    }, 120_000);

    it('keeps a change made while its push is on the way for the next run', async () => {
      await requestDelivery(db(), ['platform-eu']);
      const run = await runConfigDelivery(db(), {
        // A change arrives while the bridge is being called.
        deliver: () => requestDelivery(db(), ['platform-eu']),
      });
      expect(run.delivered).toBe(1);
      expect(await outbox()).toMatchObject([{ integrationId: 'platform-eu', revision: 2 }]);
      await runConfigDelivery(db(), { deliver: async () => undefined });
      expect(await outbox()).toEqual([]);
    });
  });

  it('lists its audit entries through the audit API', async () => {
    await h.setUp();
    await h.created('platform-eu');
    const trail = await h.ok<Page<AuditEntry>>({
      method: 'GET',
      url: '/api/audit-entries',
      query: { entityType: 'integration', entityId: 'platform-eu' },
    });
    expect(trail.items.map((entry) => entry.action)).toEqual(['create']);
  });
});
