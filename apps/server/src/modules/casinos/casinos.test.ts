import {
  errorMessage,
  isOperatorSecretField,
  operatorApis,
  operatorConfigFields,
  operatorSecretFields,
  operatorUrlFields,
  SECRET_MASK,
  type AssignedGame,
  type Casino,
  type CasinoListItem,
  type ErrorCode,
  type IntegrationOptionDataType,
  type OperatorApi,
  type OperatorConfigField,
  type Page,
  type Role,
} from '@backoffice/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditEntries,
  bridges,
  casinoGames,
  casinoOptionValues,
  casinoProviderConfigs,
  casinos,
  gameProviders,
  games,
  gameStudios,
  integrationCasinos,
  integrationOptions,
  integrations,
  jurisdictions,
} from '../../db/schema/index';
import { ENGLISH, expectError, resetCatalogue, UNKNOWN_UUID } from '../../test/api';
import { describeEachEngine, type SignedIn, type TestContext } from '../../test/app';
import { changeEntries } from '../../test/databases';
import { openedSecrets, testSecretBox } from '../../test/secrets';
import { createCasinosRepository } from './casinos.repository';
import { createCasinosService } from './casinos.service';

const BASE = '/api/casinos';
const WALLET_SECRET = 'SECRET-wallet-7f3a9c';
const BRIDGE_SECRET = 'a-shared-secret-of-the-operator';

const isUrlField = (field: string) => (operatorUrlFields as readonly string[]).includes(field);

/** A recognisable value for each field: URLs for URL fields, unmistakable strings for secrets. */
function valueOf(field: OperatorConfigField): string {
  if (isUrlField(field)) return `https://${field.toLowerCase()}.operator.example/v1`;
  if (isOperatorSecretField(field)) return `SECRET-${field}-7f3a9c`;
  return `${field}-value`;
}

function fullConfig(api: OperatorApi): Record<string, string> {
  return Object.fromEntries(operatorApis[api].map((field) => [field, valueOf(field)]));
}

/** A configuration field that the API does not have. */
function foreignField(api: OperatorApi): OperatorConfigField {
  return operatorConfigFields.find((field) => !(operatorApis[api] as readonly string[]).includes(field))!;
}

const operatorApiNames = Object.keys(operatorApis) as OperatorApi[];

/** The records every test starts from, made directly in the database. */
interface Fixtures {
  bridgeId: string;
  otherBridgeId: string;
  maltaId: string;
  swedenId: string;
  options: Record<IntegrationOptionDataType, string>;
}

const PERSISTENCE = {
  persistPlayer: true,
  persistGameRound: true,
  saveGameRoundDetails: false,
  gameRoundTtlDays: 30,
  loseDetailsTtlDays: null,
  winDetailsTtlDays: null,
  bigWinDetailsTtlDays: null,
};

function helpers(ctx: () => TestContext) {
  const f = {} as Fixtures;
  const db = () => ctx().database.db;
  const inject = (options: InjectOptions) => ctx().inject(options);

  async function setUp(): Promise<void> {
    await db().delete(integrations);
    await db().delete(casinos);
    await db().delete(integrationOptions);
    await resetCatalogue(db());
    await db().delete(bridges);
    await db().delete(jurisdictions);

    const [bridge, otherBridge] = await db()
      .insert(bridges)
      .values([
        { name: 'Bridge Malta', routerUrl: 'https://bridge.example/router', secret: BRIDGE_SECRET },
        { name: 'Bridge Nordic', routerUrl: 'https://nordic.example/router', secret: BRIDGE_SECRET },
      ])
      .returning();
    const [malta, sweden] = await db()
      .insert(jurisdictions)
      .values([{ name: 'Malta (MGA)' }, { name: 'Sweden (SGA)' }])
      .returning();
    const [studio] = await db().insert(gameStudios).values({ name: 'Studio', relaxId: '' }).returning();
    await db()
      .insert(gameProviders)
      .values([
        {
          id: 'relax',
          name: 'Relax Gaming',
          api: 'relax',
          config: { apiUrl: 'https://relax.example' },
          secrets: {},
        },
        { id: 'own', name: 'Own RGS', api: 'internal', config: {}, secrets: {} },
        { id: 'spare', name: 'Spare Provider', api: 'internal', config: {}, secrets: {} },
      ]);
    await db()
      .insert(games)
      .values(
        [
          ['aurora', 'Aurora Spins'],
          ['fjord', 'Fjord Fortune'],
          ['midnight', 'Midnight Sun'],
        ].map(([gameId, name]) => ({
          gameId: gameId!,
          name: name!,
          studioId: studio!.id,
          providerId: 'own',
          gameProviderGameId: gameId!,
          theoreticalRtp: 96,
          maxExposureFactor: 1000,
          minBetCents: 10,
          requiredPropertyKeys: [],
        })),
      );
    const options = await db()
      .insert(integrationOptions)
      .values(
        (['text', 'number', 'boolean', 'date', 'duration', 'currency'] as const).map((dataType) => ({
          name: `Option ${dataType}`,
          dataType,
        })),
      )
      .returning();
    Object.assign(f, {
      bridgeId: bridge!.id,
      otherBridgeId: otherBridge!.id,
      maltaId: malta!.id,
      swedenId: sweden!.id,
      options: Object.fromEntries(options.map((option) => [option.dataType, option.id])),
    });
  }

  function body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      id: 'lucky',
      name: 'Lucky Casino',
      bridgeId: f.bridgeId,
      api: 'seamlessWallet',
      config: {
        apiUrl: 'https://wallet.lucky.example/api',
        secret: WALLET_SECRET,
        operatorId: 'op-7',
        currency: 'EUR',
        locale: 'de-DE',
      },
      jurisdictionId: f.maltaId,
      showGameLaunchPage: true,
      cheatingAllowed: false,
      sendEventMessages: true,
      gameRoundValidityPeriodDays: 30,
      properties: { region: 'eu' },
      providerConfigs: [{ providerId: 'relax', config: { account: 'lucky-relax' } }],
      optionValues: [{ optionId: f.options.number, value: '42.5' }],
      ...overrides,
    };
  }

  /** The change body of a casino as answered, at its version. */
  function changeOf(casino: Casino, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const { id: _id, ...rest } = body({
      name: casino.name,
      bridgeId: casino.bridgeId,
      api: casino.api,
      config: casino.config,
      jurisdictionId: casino.jurisdictionId,
      providerConfigs: casino.providerConfigs.map(({ providerId, config }) => ({ providerId, config })),
      optionValues: casino.optionValues.map(({ optionId, value }) => ({ optionId, value })),
    });
    return { ...rest, version: casino.version, ...overrides };
  }

  const create = (payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });

  async function created(overrides: Record<string, unknown> = {}): Promise<Casino> {
    const response = await create(body(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Casino>();
  }

  const get = (id: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'GET', url: `${BASE}/${id}`, headers });

  async function page(query: Record<string, string> = {}): Promise<Page<Casino>> {
    const response = await inject({ method: 'GET', url: BASE, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<Casino>>();
  }

  const ids = async (query: Record<string, string> = {}) => (await page(query)).items.map((item) => item.id);

  const update = (id: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}`, payload, headers });

  async function updated(id: string, payload: Record<string, unknown>): Promise<Casino> {
    const response = await update(id, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Casino>();
  }

  const remove = (id: string, version: number, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'DELETE', url: `${BASE}/${id}`, query: { version: String(version) }, headers });

  const activation = (id: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}/activation`, payload, headers });

  const assign = (id: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: `${BASE}/${id}/games`, payload, headers });

  async function assigned(id: string, gameId: string, active = false): Promise<AssignedGame> {
    const response = await assign(id, { gameId, active });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AssignedGame>();
  }

  const gameActivation = (
    id: string,
    gameId: string,
    active: boolean,
    headers: InjectOptions['headers'] = {},
  ) =>
    inject({ method: 'PUT', url: `${BASE}/${id}/games/${gameId}/activation`, payload: { active }, headers });

  const removeGame = (id: string, gameId: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'DELETE', url: `${BASE}/${id}/games/${gameId}`, headers });

  async function gamePage(id: string, query: Record<string, string> = {}): Promise<Page<AssignedGame>> {
    const response = await inject({ method: 'GET', url: `${BASE}/${id}/games`, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<AssignedGame>>();
  }

  /** The stored casino with its secrets opened (they are stored sealed: secrets-at-rest.test). */
  async function stored(id: string) {
    const [row] = await db().select().from(casinos).where(eq(casinos.id, id));
    return row && { ...row, secrets: openedSecrets(row.secrets) };
  }

  /** Everything stored about casinos, to show that a refused request changed nothing. */
  async function snapshot() {
    return {
      casinos: await db().select().from(casinos).orderBy(casinos.id),
      games: await db().select().from(casinoGames).orderBy(casinoGames.casinoId, casinoGames.gameId),
      values: await db().select().from(casinoOptionValues),
      configs: await db().select().from(casinoProviderConfigs),
      audit: await allAudit(),
    };
  }

  const allAudit = () => changeEntries(db());

  const auditFor = (entityType: string, entityId: string) =>
    db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, entityType), eq(auditEntries.entityId, entityId)))
      .orderBy(auditEntries.id);

  /** An integration made directly in the database (its API is another area's). */
  async function integrationWith(
    id: string,
    { defaultCasinoId, bound = [] }: { defaultCasinoId?: string; bound?: string[] },
  ) {
    await db()
      .insert(integrations)
      .values({
        id,
        name: `Integration ${id}`,
        bridgeId: f.bridgeId,
        defaultCasinoId: defaultCasinoId ?? null,
        persistence: PERSISTENCE,
      });
    if (bound.length > 0) {
      await db()
        .insert(integrationCasinos)
        .values(bound.map((casinoId) => ({ integrationId: id, casinoId })));
    }
  }

  return {
    f,
    db,
    inject,
    setUp,
    body,
    changeOf,
    create,
    created,
    get,
    page,
    ids,
    update,
    updated,
    remove,
    activation,
    assign,
    assigned,
    gameActivation,
    removeGame,
    gamePage,
    stored,
    snapshot,
    allAudit,
    auditFor,
    integrationWith,
  };
}

/** Asserts the error in German (default) and the same request's answer in English. */
async function expectBothLanguages(
  request: (headers: InjectOptions['headers']) => Promise<Parameters<typeof expectError>[0]>,
  status: number,
  code: ErrorCode,
  messages: { de: string; en: string },
) {
  expect(errorMessage(code, 'de')).toBe(messages.de);
  expect(errorMessage(code, 'en')).toBe(messages.en);
  const german = expectError(await request({}), status, code);
  expect(german.message).toBe(messages.de);
  const english = expectError(await request(ENGLISH), status, code);
  expect(english.message).toBe(messages.en);
  return english;
}

describeEachEngine('casinos API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    await h.setUp();
  });

  describe('create', () => {
    it('answers 201 with the casino, inactive, with names, settings, typed option values and no secret', async () => {
      const response = await h.create(h.body({ active: true }));
      expect(response.statusCode, response.body).toBe(201);
      const casino = response.json<Casino>();
      expect(Object.keys(casino).sort()).toEqual(
        [
          'active',
          'api',
          'bridgeId',
          'bridgeName',
          'cheatingAllowed',
          'config',
          'createdAt',
          'gameCount',
          'gameRoundValidityPeriodDays',
          'id',
          'integrationIds',
          'jurisdictionId',
          'jurisdictionName',
          'name',
          'optionValues',
          'pendingDelivery',
          'properties',
          'providerConfigs',
          'secretsSet',
          'sendEventMessages',
          'showGameLaunchPage',
          'updatedAt',
          'version',
        ].sort(),
      );
      expect(casino).toEqual({
        id: 'lucky',
        name: 'Lucky Casino',
        bridgeId: h.f.bridgeId,
        bridgeName: 'Bridge Malta',
        api: 'seamlessWallet',
        config: {
          apiUrl: 'https://wallet.lucky.example/api',
          operatorId: 'op-7',
          currency: 'EUR',
          locale: 'de-DE',
        },
        secretsSet: ['secret'],
        jurisdictionId: h.f.maltaId,
        jurisdictionName: 'Malta (MGA)',
        showGameLaunchPage: true,
        cheatingAllowed: false,
        sendEventMessages: true,
        gameRoundValidityPeriodDays: 30,
        properties: { region: 'eu' },
        providerConfigs: [
          { providerId: 'relax', providerName: 'Relax Gaming', config: { account: 'lucky-relax' } },
        ],
        optionValues: [
          { optionId: h.f.options.number, optionName: 'Option number', dataType: 'number', value: '42.5' },
        ],
        active: false,
        gameCount: 0,
        integrationIds: [],
        pendingDelivery: null,
        version: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(response.body).not.toContain(WALLET_SECRET);
      expect(await h.stored('lucky')).toMatchObject({ active: false, secrets: { secret: WALLET_SECRET } });
    });

    it('accepts a casino without provider settings, option values or validity period', async () => {
      const casino = await h.created({
        providerConfigs: [],
        optionValues: [],
        gameRoundValidityPeriodDays: null,
      });
      expect(casino).toMatchObject({
        providerConfigs: [],
        optionValues: [],
        gameRoundValidityPeriodDays: null,
      });
    });

    it('refuses a taken id with 409 CASINO_ID_TAKEN in German and English, changing nothing', async () => {
      await h.created();
      const before = await h.snapshot();
      await expectBothLanguages(
        (headers) => h.create(h.body({ name: 'Other' }), headers),
        409,
        'CASINO_ID_TAKEN',
        { de: 'Die Casino-ID ist bereits vergeben.', en: 'Casino id already taken.' },
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses an unknown bridge with 404 BRIDGE_NOT_FOUND, writing nothing', async () => {
      await expectBothLanguages(
        (headers) => h.create(h.body({ bridgeId: UNKNOWN_UUID }), headers),
        404,
        'BRIDGE_NOT_FOUND',
        { de: 'Die Bridge existiert nicht.', en: 'Bridge does not exist.' },
      );
      expect(await h.stored('lucky')).toBeUndefined();
      expect(await h.allAudit()).toEqual([]);
    });

    it('refuses an unknown jurisdiction with 404 JURISDICTION_NOT_FOUND, writing nothing', async () => {
      await expectBothLanguages(
        (headers) => h.create(h.body({ jurisdictionId: UNKNOWN_UUID }), headers),
        404,
        'JURISDICTION_NOT_FOUND',
        { de: 'Die Jurisdiktion existiert nicht.', en: 'Jurisdiction does not exist.' },
      );
      expect(await h.stored('lucky')).toBeUndefined();
      expect(await h.allAudit()).toEqual([]);
    });

    it('refuses settings for an unknown provider with 404 GAME_PROVIDER_BOUND_NOT_FOUND naming it', async () => {
      const english = await expectBothLanguages(
        (headers) =>
          h.create(
            h.body({
              providerConfigs: [
                { providerId: 'relax', config: {} },
                { providerId: 'nobody', config: { account: 'x' } },
              ],
            }),
            headers,
          ),
        404,
        'GAME_PROVIDER_BOUND_NOT_FOUND',
        {
          de: 'Der gebundene Spieleanbieter wurde nicht gefunden.',
          en: 'The bound game provider was not found.',
        },
      );
      expect(english.details).toEqual([
        { path: 'providerConfigs.1.providerId', message: expect.any(String) },
      ]);
      expect(await h.stored('lucky')).toBeUndefined();
    });

    it('refuses a value for an unknown option with 404 INTEGRATION_OPTION_NOT_FOUND', async () => {
      const english = await expectBothLanguages(
        (headers) => h.create(h.body({ optionValues: [{ optionId: UNKNOWN_UUID, value: 'x' }] }), headers),
        404,
        'INTEGRATION_OPTION_NOT_FOUND',
        { de: 'Die Integrationsoption existiert nicht.', en: 'Integration option does not exist.' },
      );
      expect(english.details).toEqual([{ path: 'optionValues.0.optionId', message: expect.any(String) }]);
      expect(await h.stored('lucky')).toBeUndefined();
    });

    it.each([
      [
        'two settings for one provider',
        {
          providerConfigs: [
            { providerId: 'relax', config: {} },
            { providerId: 'relax', config: {} },
          ],
        },
        'body.providerConfigs',
      ],
      ['a blank name', { name: '  ' }, 'body.name'],
      ['an unknown API', { api: 'soap' }, 'body.api'],
      ['a bridge id that is no uuid', { bridgeId: 'malta' }, 'body.bridgeId'],
      ['an id with a blank', { id: 'lucky casino' }, 'body.id'],
      ['a validity period of 0 days', { gameRoundValidityPeriodDays: 0 }, 'body.gameRoundValidityPeriodDays'],
      ['an unknown secret to clear', { clearSecrets: ['apiUrl'] }, 'body.clearSecrets.0'],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, overrides, path) => {
      const response = expectError(await h.create(h.body(overrides)), 400, 'VALIDATION_FAILED');
      expect(response.details?.map((detail) => detail.path)).toContain(path);
      expect(await h.stored((overrides as { id?: string }).id ?? 'lucky')).toBeUndefined();
    });

    it('refuses two values for one option with 400 VALIDATION_FAILED', async () => {
      const optionId = h.f.options.text;
      const body = expectError(
        await h.create(
          h.body({
            optionValues: [
              { optionId, value: 'a' },
              { optionId, value: 'b' },
            ],
          }),
        ),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['body.optionValues']);
    });
  });

  describe('option values by data type', () => {
    const cases: [IntegrationOptionDataType, string, boolean][] = [
      ['text', 'Willkommen im Casino – äöü', true],
      ['text', '', true],
      ['number', '42', true],
      ['number', '-3.25', true],
      ['number', '4,5', false],
      ['number', '1e5', false],
      ['number', 'forty-two', false],
      ['boolean', 'true', true],
      ['boolean', 'false', true],
      ['boolean', 'yes', false],
      ['boolean', 'TRUE', false],
      ['date', '2024-02-29', true],
      ['date', '2023-02-29', false],
      ['date', '29.02.2024', false],
      ['duration', 'PT1H30M', true],
      ['duration', '-PT0H5M', true],
      ['duration', 'PT1H60M', false],
      ['duration', '90 minutes', false],
      ['currency', 'EUR 12.50', true],
      ['currency', 'SEK 100', true],
      ['currency', 'eur 12.50', false],
      ['currency', '12.50 EUR', false],
      ['currency', 'EUR 12,50', false],
    ];

    it.each(cases)('%s: "%s" valid: %s', async (dataType, value, valid) => {
      const response = await h.create(h.body({ optionValues: [{ optionId: h.f.options[dataType], value }] }));
      if (valid) {
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json<Casino>().optionValues).toEqual([
          { optionId: h.f.options[dataType], optionName: `Option ${dataType}`, dataType, value },
        ]);
        return;
      }
      const body = expectError(response, 400, 'INTEGRATION_OPTION_VALUE_INVALID');
      expect(body.details).toEqual([{ path: 'optionValues.0.value', message: expect.any(String) }]);
      expect(body.details![0]!.message).toContain(`Option ${dataType}`);
      expect(await h.stored('lucky')).toBeUndefined();
      expect(await h.allAudit()).toEqual([]);
    });

    it('refuses a text longer than 2000 characters already in the request schema', async () => {
      const body = expectError(
        await h.create(h.body({ optionValues: [{ optionId: h.f.options.text, value: 'x'.repeat(2001) }] })),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['body.optionValues.0.value']);
    });

    it('answers INTEGRATION_OPTION_VALUE_INVALID in German and English, naming every bad value', async () => {
      const english = await expectBothLanguages(
        (headers) =>
          h.create(
            h.body({
              optionValues: [
                { optionId: h.f.options.boolean, value: 'maybe' },
                { optionId: h.f.options.text, value: 'fine' },
                { optionId: h.f.options.date, value: 'tomorrow' },
              ],
            }),
            headers,
          ),
        400,
        'INTEGRATION_OPTION_VALUE_INVALID',
        {
          de: 'Der Wert passt nicht zum Datentyp der Integrationsoption.',
          en: 'The value does not fit the data type of the integration option.',
        },
      );
      expect(english.details?.map((detail) => detail.path)).toEqual([
        'optionValues.0.value',
        'optionValues.2.value',
      ]);
      expect(english.details![0]!.message).toContain('Option boolean');
      expect(english.details![1]!.message).toContain('Option date');
    });

    it('refuses an invalid value on change too, keeping the stored values', async () => {
      const casino = await h.created();
      const before = await h.snapshot();
      expectError(
        await h.update(
          'lucky',
          h.changeOf(casino, { optionValues: [{ optionId: h.f.options.number, value: 'many' }] }),
        ),
        400,
        'INTEGRATION_OPTION_VALUE_INVALID',
      );
      expect(await h.snapshot()).toEqual(before);
    });
  });

  describe('operator API configuration', () => {
    it.each(operatorApiNames)('accepts every field of the %s API, answering no secret value', async (api) => {
      const config = fullConfig(api);
      const response = await h.create(h.body({ api, config }));
      expect(response.statusCode, response.body).toBe(201);
      const casino = response.json<Casino>();
      const secrets = operatorApis[api].filter((field) => isOperatorSecretField(field));
      const plain = operatorApis[api].filter((field) => !isOperatorSecretField(field));
      expect(secrets.length).toBeGreaterThan(0);
      expect(casino.config).toEqual(Object.fromEntries(plain.map((field) => [field, config[field]])));
      expect(casino.secretsSet).toEqual(operatorSecretFields.filter((field) => secrets.includes(field)));
      for (const field of secrets) expect(response.body).not.toContain(config[field]);
      expect(await h.stored('lucky')).toMatchObject({
        config: casino.config,
        secrets: Object.fromEntries(secrets.map((field) => [field, config[field]])),
      });
    });

    it.each(operatorApiNames)(
      'refuses a field of another API on the %s API with 400 OPERATOR_API_CONFIG_NOT_APPLICABLE naming it',
      async (api) => {
        const field = foreignField(api);
        const body = expectError(
          await h.create(h.body({ api, config: { ...fullConfig(api), [field]: valueOf(field) } })),
          400,
          'OPERATOR_API_CONFIG_NOT_APPLICABLE',
        );
        expect(body.details).toEqual([{ path: `config.${field}`, message: expect.any(String) }]);
        expect(await h.stored('lucky')).toBeUndefined();
        expect(await h.allAudit()).toEqual([]);
      },
    );

    it('answers OPERATOR_API_CONFIG_NOT_APPLICABLE in German and English', async () => {
      await expectBothLanguages(
        (headers) =>
          h.create(
            h.body({ api: 'amqpWallet', config: { amqpUrl: 'amqp://mq', apiUrl: 'https://wallet.example' } }),
            headers,
          ),
        400,
        'OPERATOR_API_CONFIG_NOT_APPLICABLE',
        {
          de: 'Die Konfiguration passt nicht zur Operator-API.',
          en: 'Operator API config not applicable to the operator API.',
        },
      );
    });

    it.each(operatorApiNames)('requires the first field of the %s API', async (api) => {
      const config = fullConfig(api);
      delete config[operatorApis[api][0]];
      const body = expectError(await h.create(h.body({ api, config })), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([`body.config.${operatorApis[api][0]}`]);
    });

    it('refuses an unknown config field with 400 VALIDATION_FAILED', async () => {
      const body = expectError(
        await h.create(h.body({ config: { apiUrl: 'https://wallet.example', colour: 'blue' } })),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['body.config']);
    });
  });

  describe('get and list', () => {
    it('answers the casino by id with its game count and bound integrations, without secrets', async () => {
      await h.created();
      await h.assigned('lucky', 'aurora');
      await h.assigned('lucky', 'fjord', true);
      await h.integrationWith('int-b', { bound: ['lucky'] });
      await h.integrationWith('int-a', { bound: ['lucky'] });
      const response = await h.get('lucky');
      expect(response.statusCode).toBe(200);
      expect(response.json<Casino>()).toMatchObject({ gameCount: 2, integrationIds: ['int-a', 'int-b'] });
      expect(response.body).not.toContain(WALLET_SECRET);
    });

    it('answers 404 CASINO_NOT_FOUND for an unknown id in German and English', async () => {
      await expectBothLanguages((headers) => h.get('nobody', headers), 404, 'CASINO_NOT_FOUND', {
        de: 'Das Casino existiert nicht.',
        en: 'Casino does not exist.',
      });
    });

    it('answers 400 on params.id for a malformed id', async () => {
      const body = expectError(await h.get('-lucky'), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });

    describe('with several casinos', () => {
      beforeEach(async () => {
        await h.created({ id: 'lucky', name: 'Lucky Casino' });
        await h.created({
          id: 'nordic',
          name: 'Nordic Star',
          bridgeId: h.f.otherBridgeId,
          jurisdictionId: h.f.swedenId,
        });
        const third = await h.created({ id: 'apex', name: 'Zenith Palace' });
        await h.activation('apex', { active: true, version: third.version });
      });

      it('sorts by id by default, and by name and activity in both directions', async () => {
        expect(await h.ids()).toEqual(['apex', 'lucky', 'nordic']);
        expect(await h.ids({ sort: 'name' })).toEqual(['lucky', 'nordic', 'apex']);
        expect(await h.ids({ sort: 'name', order: 'desc' })).toEqual(['apex', 'nordic', 'lucky']);
        expect(await h.ids({ sort: 'active', order: 'desc' })).toEqual(['apex', 'lucky', 'nordic']);
      });

      it('filters by search text, activity, bridge and jurisdiction', async () => {
        expect(await h.ids({ q: 'NORD' })).toEqual(['nordic']);
        expect(await h.ids({ q: 'palace' })).toEqual(['apex']);
        expect(await h.ids({ active: 'true' })).toEqual(['apex']);
        expect(await h.ids({ active: 'false' })).toEqual(['lucky', 'nordic']);
        expect(await h.ids({ bridgeId: h.f.otherBridgeId })).toEqual(['nordic']);
        expect(await h.ids({ jurisdictionId: h.f.maltaId })).toEqual(['apex', 'lucky']);
      });

      it('answers instants in UTC to the millisecond, cut (not rounded), alike in list and record', async () => {
        await ctx()
          .database.db.update(casinos)
          .set({
            createdAt: sql`'2026-03-04 07:06:07.891999+02'`,
            updatedAt: sql`'2026-03-04 05:06:08.5+00'`,
          })
          .where(eq(casinos.id, 'nordic'));
        const instants = { createdAt: '2026-03-04T05:06:07.891Z', updatedAt: '2026-03-04T05:06:08.500Z' };
        expect((await h.page({ q: 'nordic' })).items).toEqual([expect.objectContaining(instants)]);
        expect((await h.get('nordic')).json<Casino>()).toMatchObject(instants);
      });

      it('pages, counting all matching casinos, and answers no secret value', async () => {
        const first = await h.page({ pageSize: '2' });
        expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
        expect(first.items.map((item) => item.id)).toEqual(['apex', 'lucky']);
        const second = await h.page({ pageSize: '2', page: '2' });
        expect(second.items.map((item) => item.id)).toEqual(['nordic']);
        expect(second.items[0]).toMatchObject({
          bridgeName: 'Bridge Nordic',
          jurisdictionName: 'Sweden (SGA)',
          gameCount: 0,
        });
        // The configuration is the record's own screen's: not even which secrets are set is listed.
        expect(second.items[0]).not.toHaveProperty('providerConfigs');
        expect(second.items[0]).not.toHaveProperty('secretsSet');
        expect(JSON.stringify(first) + JSON.stringify(second)).not.toContain(WALLET_SECRET);
      });
    });
  });

  describe('update', () => {
    it('changes the fields, keeping the id and the activity', async () => {
      const casino = await h.created();
      await h.activation('lucky', { active: true, version: 1 });
      const after = await h.updated(
        'lucky',
        h.changeOf(
          { ...casino, version: 2 },
          {
            id: 'renamed',
            name: 'Lucky Casino Malta',
            bridgeId: h.f.otherBridgeId,
            jurisdictionId: h.f.swedenId,
            cheatingAllowed: true,
            gameRoundValidityPeriodDays: null,
            properties: { region: 'nordic', tier: 'gold' },
          },
        ),
      );
      expect(after).toMatchObject({
        id: 'lucky',
        name: 'Lucky Casino Malta',
        bridgeName: 'Bridge Nordic',
        jurisdictionName: 'Sweden (SGA)',
        cheatingAllowed: true,
        gameRoundValidityPeriodDays: null,
        properties: { region: 'nordic', tier: 'gold' },
        active: true,
        version: 3,
      });
      expect(await h.stored('renamed')).toBeUndefined();
    });

    it('replaces all provider settings and option values with those sent', async () => {
      const casino = await h.created({
        providerConfigs: [
          { providerId: 'relax', config: { account: 'a' } },
          { providerId: 'own', config: {} },
        ],
        optionValues: [
          { optionId: h.f.options.number, value: '1' },
          { optionId: h.f.options.text, value: 'hello' },
        ],
      });
      const after = await h.updated(
        'lucky',
        h.changeOf(casino, {
          providerConfigs: [
            { providerId: 'own', config: { account: 'own-1' } },
            { providerId: 'spare', config: {} },
          ],
          optionValues: [{ optionId: h.f.options.boolean, value: 'true' }],
        }),
      );
      expect(after.providerConfigs).toEqual([
        { providerId: 'own', providerName: 'Own RGS', config: { account: 'own-1' } },
        { providerId: 'spare', providerName: 'Spare Provider', config: {} },
      ]);
      expect(after.optionValues.map((value) => [value.optionName, value.value])).toEqual([
        ['Option boolean', 'true'],
      ]);
      expect(await h.db().select().from(casinoProviderConfigs)).toHaveLength(2);
      expect(await h.db().select().from(casinoOptionValues)).toHaveLength(1);

      const cleared = await h.updated('lucky', h.changeOf(after, { providerConfigs: [], optionValues: [] }));
      expect(cleared).toMatchObject({ providerConfigs: [], optionValues: [] });
      expect(await h.db().select().from(casinoProviderConfigs)).toEqual([]);
    });

    it('keeps a secret left empty or not sent, answering none of it', async () => {
      const casino = await h.created();
      const empty = await h.update('lucky', h.changeOf(casino, { config: { ...casino.config, secret: '' } }));
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.body).not.toContain(WALLET_SECRET);
      expect(empty.json<Casino>().secretsSet).toEqual(['secret']);
      const absent = await h.updated('lucky', h.changeOf(empty.json<Casino>()));
      expect(absent.secretsSet).toEqual(['secret']);
      expect(await h.stored('lucky')).toMatchObject({ secrets: { secret: WALLET_SECRET }, version: 3 });
    });

    it('replaces a secret given a new value, and removes the secrets named in clearSecrets', async () => {
      const casino = await h.created();
      const replaced = await h.updated(
        'lucky',
        h.changeOf(casino, { config: { ...casino.config, secret: 'SECRET-rotated-1234' } }),
      );
      expect((await h.stored('lucky'))!.secrets).toEqual({ secret: 'SECRET-rotated-1234' });
      const cleared = await h.updated('lucky', h.changeOf(replaced, { clearSecrets: ['secret'] }));
      expect(cleared.secretsSet).toEqual([]);
      expect((await h.stored('lucky'))!.secrets).toEqual({});
    });

    it('drops the secrets of the old API when the API changes', async () => {
      const casino = await h.created();
      const after = await h.updated(
        'lucky',
        h.changeOf(casino, {
          api: 'transferWallet',
          config: { apiUrl: 'https://transfer.example', username: 'lucky', password: 'SECRET-pw-1' },
        }),
      );
      expect(after).toMatchObject({
        api: 'transferWallet',
        config: { apiUrl: 'https://transfer.example', username: 'lucky' },
        secretsSet: ['password'],
      });
      expect((await h.stored('lucky'))!.secrets).toEqual({ password: 'SECRET-pw-1' });
    });

    it('refuses a config field of another API, changing nothing', async () => {
      const casino = await h.created();
      const before = await h.snapshot();
      expectError(
        await h.update('lucky', h.changeOf(casino, { config: { ...casino.config, clientId: 'c-1' } })),
        400,
        'OPERATOR_API_CONFIG_NOT_APPLICABLE',
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses a stale version with 409 STALE_VERSION and changes nothing', async () => {
      const casino = await h.created();
      await h.updated('lucky', h.changeOf(casino, { name: 'First' }));
      const before = await h.snapshot();
      expectError(await h.update('lucky', h.changeOf(casino, { name: 'Second' })), 409, 'STALE_VERSION');
      expect(await h.snapshot()).toEqual(before);
    });

    it('answers 404 CASINO_NOT_FOUND for an unknown casino', async () => {
      const casino = await h.created();
      expectError(await h.update('nobody', h.changeOf(casino)), 404, 'CASINO_NOT_FOUND');
    });

    it('refuses an unknown bridge, jurisdiction, provider or option, changing nothing', async () => {
      const casino = await h.created();
      const before = await h.snapshot();
      expectError(
        await h.update('lucky', h.changeOf(casino, { bridgeId: UNKNOWN_UUID })),
        404,
        'BRIDGE_NOT_FOUND',
      );
      expectError(
        await h.update('lucky', h.changeOf(casino, { jurisdictionId: UNKNOWN_UUID })),
        404,
        'JURISDICTION_NOT_FOUND',
      );
      expectError(
        await h.update(
          'lucky',
          h.changeOf(casino, { providerConfigs: [{ providerId: 'nobody', config: {} }] }),
        ),
        404,
        'GAME_PROVIDER_BOUND_NOT_FOUND',
      );
      expectError(
        await h.update(
          'lucky',
          h.changeOf(casino, { optionValues: [{ optionId: UNKNOWN_UUID, value: '1' }] }),
        ),
        404,
        'INTEGRATION_OPTION_NOT_FOUND',
      );
      expect(await h.snapshot()).toEqual(before);
    });
  });

  describe('activation', () => {
    it('activates and deactivates at the version read, auditing each', async () => {
      await h.created();
      const on = await h.activation('lucky', { active: true, version: 1 });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json<Casino>()).toMatchObject({ active: true, version: 2 });
      const off = await h.activation('lucky', { active: false, version: 2 });
      expect(off.json<Casino>()).toMatchObject({ active: false, version: 3 });
      const trail = await h.auditFor('casino', 'lucky');
      expect(trail.map((entry) => [entry.action, entry.changes])).toEqual([
        ['create', expect.any(Object)],
        ['activate', { active: { before: false, after: true } }],
        ['deactivate', { active: { before: true, after: false } }],
      ]);
    });

    it('answers the casino unchanged when it already is in the state asked for', async () => {
      await h.created();
      const same = await h.activation('lucky', { active: false, version: 1 });
      expect(same.json<Casino>()).toMatchObject({ active: false, version: 1 });
      expect((await h.auditFor('casino', 'lucky')).map((entry) => entry.action)).toEqual(['create']);
    });

    it('refuses a stale version with 409 STALE_VERSION in German and English, changing nothing', async () => {
      const casino = await h.created();
      await h.updated('lucky', h.changeOf(casino, { name: 'Changed' }));
      const before = await h.snapshot();
      await expectBothLanguages(
        (headers) => h.activation('lucky', { active: true, version: 1 }, headers),
        409,
        'STALE_VERSION',
        {
          de: 'Jemand anderes hat diesen Datensatz inzwischen geändert. Laden Sie ihn neu und wiederholen Sie Ihre Änderung.',
          en: 'Someone else changed this record in the meantime. Reload it and apply your change again.',
        },
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('answers 404 CASINO_NOT_FOUND for an unknown casino and 400 without a version', async () => {
      expectError(await h.activation('nobody', { active: true, version: 1 }), 404, 'CASINO_NOT_FOUND');
      await h.created();
      expectError(await h.activation('lucky', { active: true }), 400, 'VALIDATION_FAILED');
    });
  });

  describe('games of a casino', () => {
    beforeEach(async () => {
      await h.created();
    });

    it('assigns a game inactive by default, or active when asked, with 201', async () => {
      const response = await h.assign('lucky', { gameId: 'aurora' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<AssignedGame>()).toEqual({
        gameId: 'aurora',
        gameName: 'Aurora Spins',
        active: false,
        assignedAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await h.assigned('lucky', 'fjord', true)).active).toBe(true);
      expect((await h.get('lucky')).json<Casino>()).toMatchObject({ gameCount: 2, version: 1 });
      const trail = await h.auditFor('casino-game', 'lucky/aurora');
      expect(trail.map((entry) => [entry.action, entry.changes])).toEqual([
        [
          'create',
          {
            active: { before: null, after: false },
            casinoId: { before: null, after: 'lucky' },
            gameId: { before: null, after: 'aurora' },
          },
        ],
      ]);
    });

    it('refuses a game assigned already with 409 CASINO_GAME_ALREADY_ASSIGNED in German and English', async () => {
      await h.assigned('lucky', 'aurora');
      const before = await h.snapshot();
      await expectBothLanguages(
        (headers) => h.assign('lucky', { gameId: 'aurora', active: true }, headers),
        409,
        'CASINO_GAME_ALREADY_ASSIGNED',
        { de: 'Das Spiel ist dem Casino bereits zugeordnet.', en: 'Game already assigned to the casino.' },
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses an unknown game with 404 GAME_NOT_FOUND and an unknown casino with 404 CASINO_NOT_FOUND', async () => {
      await expectBothLanguages(
        (headers) => h.assign('lucky', { gameId: 'nothing' }, headers),
        404,
        'GAME_NOT_FOUND',
        {
          de: 'Das Spiel existiert nicht.',
          en: 'Game does not exist.',
        },
      );
      expectError(await h.assign('nobody', { gameId: 'aurora' }), 404, 'CASINO_NOT_FOUND');
      expect(await h.db().select().from(casinoGames)).toEqual([]);
      expect((await h.allAudit()).filter((entry) => entry.entityType === 'casino-game')).toEqual([]);
    });

    it('lists the games paged, sorted and filtered', async () => {
      await h.assigned('lucky', 'midnight', true);
      await h.assigned('lucky', 'aurora');
      await h.assigned('lucky', 'fjord', true);
      const all = await h.gamePage('lucky');
      expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
      expect(all.items.map((item) => item.gameId)).toEqual(['aurora', 'fjord', 'midnight']);
      const byName = await h.gamePage('lucky', { sort: 'gameName', order: 'desc' });
      expect(byName.items.map((item) => item.gameName)).toEqual([
        'Midnight Sun',
        'Fjord Fortune',
        'Aurora Spins',
      ]);
      expect((await h.gamePage('lucky', { active: 'true' })).items.map((item) => item.gameId)).toEqual([
        'fjord',
        'midnight',
      ]);
      expect((await h.gamePage('lucky', { q: 'SPINS' })).items.map((item) => item.gameId)).toEqual([
        'aurora',
      ]);
      const second = await h.gamePage('lucky', { pageSize: '2', page: '2' });
      expect(second).toMatchObject({ total: 3, items: [{ gameId: 'midnight' }] });
      expectError(await h.inject({ method: 'GET', url: `${BASE}/nobody/games` }), 404, 'CASINO_NOT_FOUND');
    });

    it('activates and deactivates a game, auditing each as casino-game', async () => {
      await h.assigned('lucky', 'aurora');
      const on = await h.gameActivation('lucky', 'aurora', true);
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json<AssignedGame>()).toMatchObject({ gameId: 'aurora', active: true });
      const again = await h.gameActivation('lucky', 'aurora', true);
      expect(again.json<AssignedGame>().active).toBe(true);
      const off = await h.gameActivation('lucky', 'aurora', false);
      expect(off.json<AssignedGame>().active).toBe(false);
      const trail = await h.auditFor('casino-game', 'lucky/aurora');
      expect(trail.map((entry) => [entry.action, entry.changes])).toEqual([
        ['create', expect.any(Object)],
        ['activate', { active: { before: false, after: true } }],
        ['deactivate', { active: { before: true, after: false } }],
      ]);
    });

    it('answers 404 CASINO_GAME_NOT_ASSIGNED in German and English for a game that is not assigned', async () => {
      await expectBothLanguages(
        (headers) => h.gameActivation('lucky', 'aurora', true, headers),
        404,
        'CASINO_GAME_NOT_ASSIGNED',
        { de: 'Das Spiel ist dem Casino nicht zugeordnet.', en: 'Game is not assigned to the casino.' },
      );
      expectError(await h.removeGame('lucky', 'aurora'), 404, 'CASINO_GAME_NOT_ASSIGNED');
      expectError(await h.removeGame('nobody', 'aurora'), 404, 'CASINO_NOT_FOUND');
      expectError(await h.gameActivation('nobody', 'aurora', true), 404, 'CASINO_NOT_FOUND');
    });

    it('removes a game with 204, auditing it', async () => {
      await h.assigned('lucky', 'aurora', true);
      await h.assigned('lucky', 'fjord');
      const response = await h.removeGame('lucky', 'aurora');
      expect(response.statusCode).toBe(204);
      expect((await h.gamePage('lucky')).items.map((item) => item.gameId)).toEqual(['fjord']);
      const trail = await h.auditFor('casino-game', 'lucky/aurora');
      expect(trail.map((entry) => [entry.action, entry.changes])).toEqual([
        ['create', expect.any(Object)],
        [
          'delete',
          {
            active: { before: true, after: null },
            casinoId: { before: 'lucky', after: null },
            gameId: { before: 'aurora', after: null },
          },
        ],
      ]);
      expectError(await h.removeGame('lucky', 'aurora'), 404, 'CASINO_GAME_NOT_ASSIGNED');
    });
  });

  describe('delete', () => {
    it('deletes at the version read with its games, option values and settings, in one audit entry', async () => {
      await h.created();
      await h.assigned('lucky', 'aurora', true);
      await h.assigned('lucky', 'fjord');
      const response = await h.remove('lucky', 1);
      expect(response.statusCode, response.body).toBe(204);
      expect(await h.stored('lucky')).toBeUndefined();
      expect(await h.db().select().from(casinoGames)).toEqual([]);
      expect(await h.db().select().from(casinoOptionValues)).toEqual([]);
      expect(await h.db().select().from(casinoProviderConfigs)).toEqual([]);
      expectError(await h.get('lucky'), 404, 'CASINO_NOT_FOUND');

      const trail = await h.auditFor('casino', 'lucky');
      expect(trail.map((entry) => entry.action)).toEqual(['create', 'delete']);
      const changes = trail[1]!.changes as Record<string, { before: unknown; after: unknown }>;
      expect(changes).toMatchObject({
        name: { before: 'Lucky Casino', after: null },
        'secrets.secret': { before: SECRET_MASK, after: null },
        'config.apiUrl': { before: 'https://wallet.lucky.example/api', after: null },
        'providerConfigs.relax.account': { before: 'lucky-relax', after: null },
        [`optionValues.${h.f.options.number}`]: { before: '42.5', after: null },
        'games.aurora.active': { before: true, after: null },
        'games.fjord.active': { before: false, after: null },
      });
      expect(JSON.stringify(trail)).not.toContain(WALLET_SECRET);
      // The removed games have no entries of their own: the casino's entry holds them.
      expect((await h.auditFor('casino-game', 'lucky/aurora')).map((entry) => entry.action)).toEqual([
        'create',
      ]);
      expect((await h.create(h.body())).statusCode).toBe(201);
    });

    it('refuses a stale version with 409 STALE_VERSION and an unknown casino with 404', async () => {
      const casino = await h.created();
      await h.updated('lucky', h.changeOf(casino, { name: 'Changed' }));
      const before = await h.snapshot();
      expectError(await h.remove('lucky', 1), 409, 'STALE_VERSION');
      expectError(await h.remove('nobody', 1), 404, 'CASINO_NOT_FOUND');
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses the default casino of an integration with 409 CASINO_IS_INTEGRATION_DEFAULT', async () => {
      await h.created();
      await h.integrationWith('int-1', { defaultCasinoId: 'lucky', bound: ['lucky'] });
      const before = await h.snapshot();
      await expectBothLanguages(
        (headers) => h.remove('lucky', 1, headers),
        409,
        'CASINO_IS_INTEGRATION_DEFAULT',
        {
          de: 'Das Casino ist das Standard-Casino einer Integration.',
          en: 'Casino is the default of an integration.',
        },
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses a casino bound to an integration with 409 CASINO_BOUND_TO_INTEGRATION', async () => {
      await h.created();
      await h.assigned('lucky', 'aurora');
      await h.integrationWith('int-1', { bound: ['lucky'] });
      const before = await h.snapshot();
      await expectBothLanguages(
        (headers) => h.remove('lucky', 1, headers),
        409,
        'CASINO_BOUND_TO_INTEGRATION',
        {
          de: 'Das Casino ist an eine Integration gebunden.',
          en: 'Casino is bound to an integration.',
        },
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('maps the database refusals too, when an integration takes the casino after the check', async () => {
      await h.created();
      const real = createCasinosRepository();
      // A repository that sees no integration: as if one was bound between the check and the delete.
      const service = createCasinosService(h.db(), testSecretBox(), {
        ...real,
        isIntegrationDefault: async () => false,
        findById: async (db, id) => {
          const found = await real.findById(db, id);
          return found && { ...found, integrationIds: [] };
        },
      });
      const caller = { scope: { unlimited: true as const }, actor: null };
      await h.integrationWith('int-1', { defaultCasinoId: 'lucky' });
      await expect(service.delete('lucky', 1, caller)).rejects.toMatchObject({
        code: 'CASINO_IS_INTEGRATION_DEFAULT',
      });
      await h.db().delete(integrations);
      await h.integrationWith('int-2', { bound: ['lucky'] });
      await expect(service.delete('lucky', 1, caller)).rejects.toMatchObject({
        code: 'CASINO_BOUND_TO_INTEGRATION',
      });
      expect(await h.stored('lucky')).toBeDefined();
    });
  });

  describe('audit trail', () => {
    it('records a create and a change with the secrets masked and settings field by field', async () => {
      const casino = await h.created();
      await h.updated(
        'lucky',
        h.changeOf(casino, {
          config: { ...casino.config, secret: 'SECRET-rotated-1234' },
          providerConfigs: [{ providerId: 'relax', config: { account: 'lucky-2' } }],
          optionValues: [{ optionId: h.f.options.number, value: '7' }],
        }),
      );
      const [create, update] = await h.auditFor('casino', 'lucky');
      expect(create!.changes).toMatchObject({
        'secrets.secret': { before: null, after: SECRET_MASK },
        'providerConfigs.relax.account': { before: null, after: 'lucky-relax' },
        active: { before: null, after: false },
      });
      expect(update!.changes).toEqual({
        'secrets.secret': { before: SECRET_MASK, after: SECRET_MASK },
        'providerConfigs.relax.account': { before: 'lucky-relax', after: 'lucky-2' },
        [`optionValues.${h.f.options.number}`]: { before: '42.5', after: '7' },
      });
      expect(JSON.stringify(await h.allAudit())).not.toMatch(/SECRET-/);
    });

    it('records no change of a secret that is left empty', async () => {
      const casino = await h.created();
      await h.updated('lucky', h.changeOf(casino, { name: 'Renamed' }));
      const [, update] = await h.auditFor('casino', 'lucky');
      expect(update!.changes).toEqual({ name: { before: 'Lucky Casino', after: 'Renamed' } });
    });
  });

  describe('scoping', () => {
    let scoped: SignedIn;

    beforeEach(async () => {
      await h.created({ id: 'lucky' });
      await h.created({ id: 'other', name: 'Other Casino' });
      await h.assigned('other', 'aurora');
      scoped = await ctx().signIn('developer', { casinoIds: ['lucky'] });
    });

    it('lists only the casinos of the scope', async () => {
      const response = await scoped.inject({ method: 'GET', url: BASE });
      expect(response.json<Page<Casino>>()).toMatchObject({ total: 1, items: [{ id: 'lucky' }] });
      const searched = await scoped.inject({ method: 'GET', url: BASE, query: { q: 'other' } });
      expect(searched.json<Page<Casino>>()).toMatchObject({ total: 0, items: [] });
    });

    it('answers 404 CASINO_NOT_FOUND to everything about a casino outside the scope, changing nothing', async () => {
      const before = await h.snapshot();
      const other = (await h.get('other')).json<Casino>();
      const requests: InjectOptions[] = [
        { method: 'GET', url: `${BASE}/other` },
        { method: 'PUT', url: `${BASE}/other`, payload: h.changeOf(other, { name: 'Taken over' }) },
        { method: 'DELETE', url: `${BASE}/other`, query: { version: '1' } },
        { method: 'PUT', url: `${BASE}/other/activation`, payload: { active: true, version: 1 } },
        { method: 'GET', url: `${BASE}/other/games` },
        { method: 'POST', url: `${BASE}/other/games`, payload: { gameId: 'fjord' } },
        { method: 'PUT', url: `${BASE}/other/games/aurora/activation`, payload: { active: true } },
        { method: 'DELETE', url: `${BASE}/other/games/aurora` },
      ];
      for (const request of requests) {
        const body = expectError(await scoped.inject(request), 404, 'CASINO_NOT_FOUND');
        expect(body.message).toBe('Das Casino existiert nicht.');
      }
      // The same answer as for a casino that does not exist at all.
      expectError(await scoped.inject({ method: 'GET', url: `${BASE}/nobody` }), 404, 'CASINO_NOT_FOUND');
      expect(await h.snapshot()).toEqual(before);
    });

    it('lets the scoped user work on the casinos of the scope', async () => {
      const got = await scoped.inject({ method: 'GET', url: `${BASE}/lucky` });
      expect(got.statusCode).toBe(200);
      const on = await scoped.inject({
        method: 'PUT',
        url: `${BASE}/lucky/activation`,
        payload: { active: true, version: 1 },
      });
      expect(on.statusCode, on.body).toBe(200);
      const assign = await scoped.inject({
        method: 'POST',
        url: `${BASE}/lucky/games`,
        payload: { gameId: 'fjord' },
      });
      expect(assign.statusCode, assign.body).toBe(201);
      expect((await h.auditFor('casino', 'lucky')).at(-1)).toMatchObject({
        action: 'activate',
        actorId: scoped.userId,
      });
    });

    it('lets a scoped user create only a casino their scope names', async () => {
      const outside = expectError(
        await scoped.inject({ method: 'POST', url: BASE, payload: h.body({ id: 'elsewhere' }) }),
        403,
        'NO_PERMISSION',
      );
      expect(outside.message).toBe('Keine Berechtigung.');
      // A taken id outside the scope answers the same: nothing is learned about other casinos.
      expectError(
        await scoped.inject({ method: 'POST', url: BASE, payload: h.body({ id: 'other' }) }),
        403,
        'NO_PERMISSION',
      );
      expect(await h.stored('elsewhere')).toBeUndefined();
      const planned = await ctx().signIn('developer', { casinoIds: ['planned'] });
      const response = await planned.inject({
        method: 'POST',
        url: BASE,
        payload: h.body({ id: 'planned' }),
      });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('shows a user without any casino in scope no casino', async () => {
      const empty = await ctx().signIn('developer');
      const response = await empty.inject({ method: 'GET', url: BASE });
      expect(response.json<Page<Casino>>()).toMatchObject({ total: 0, items: [] });
      expectError(await empty.inject({ method: 'GET', url: `${BASE}/lucky` }), 404, 'CASINO_NOT_FOUND');
    });

    it('names only the integrations of the scope', async () => {
      await h.integrationWith('int-mine', { bound: ['lucky'] });
      await h.integrationWith('int-theirs', { bound: ['lucky'] });
      const user = await ctx().signIn('developer', { casinoIds: ['lucky'], integrationIds: ['int-mine'] });
      const got = await user.inject({ method: 'GET', url: `${BASE}/lucky` });
      expect(got.json<Casino>().integrationIds).toEqual(['int-mine']);
      // The list's rows name no integrations (nor any other configuration): only the record's screen does.
      const listed = await user.inject({ method: 'GET', url: BASE });
      expect(Object.keys(listed.json<Page<CasinoListItem>>().items[0]!).sort()).toEqual(
        [
          'active',
          'api',
          'bridgeId',
          'bridgeName',
          'createdAt',
          'gameCount',
          'id',
          'jurisdictionId',
          'jurisdictionName',
          'name',
          'updatedAt',
          'version',
        ].sort(),
      );
      expect((await h.get('lucky')).json<Casino>().integrationIds).toEqual(['int-mine', 'int-theirs']);
    });
  });

  describe('permissions', () => {
    const writes = (): [string, InjectOptions][] => [
      ['create', { method: 'POST', url: BASE, payload: h.body({ id: 'intruder' }) }],
      ['change', { method: 'PUT', url: `${BASE}/lucky`, payload: { ...h.body(), version: 1 } }],
      ['delete', { method: 'DELETE', url: `${BASE}/lucky`, query: { version: '1' } }],
      [
        'activation',
        { method: 'PUT', url: `${BASE}/lucky/activation`, payload: { active: true, version: 1 } },
      ],
      ['assign', { method: 'POST', url: `${BASE}/lucky/games`, payload: { gameId: 'fjord' } }],
      [
        'game activation',
        { method: 'PUT', url: `${BASE}/lucky/games/aurora/activation`, payload: { active: true } },
      ],
      ['game removal', { method: 'DELETE', url: `${BASE}/lucky/games/aurora` }],
    ];
    const reads: InjectOptions[] = [
      { method: 'GET', url: BASE },
      { method: 'GET', url: `${BASE}/lucky` },
      { method: 'GET', url: `${BASE}/lucky/games` },
    ];

    beforeEach(async () => {
      await h.created();
      await h.assigned('lucky', 'aurora');
    });

    it.each<Role>(['qa', 'support', 'visitor'])(
      '%s may read (without secret values) but gets 403 NO_PERMISSION on every write',
      async (role) => {
        const user = await ctx().signIn(role, { casinoIds: ['lucky', 'intruder'] });
        for (const request of reads) {
          const response = await user.inject(request);
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(200);
          expect(response.body).not.toContain(WALLET_SECRET);
        }
        const before = await h.snapshot();
        for (const [label, request] of writes()) {
          const body = expectError(await user.inject(request), 403, 'NO_PERMISSION');
          expect(body.message, label).toBe('Keine Berechtigung.');
        }
        const english = expectError(
          await user.inject({ ...writes()[0]![1], headers: ENGLISH }),
          403,
          'NO_PERMISSION',
        );
        expect(english.message).toBe('No permission.');
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it('accountant gets 403 on reads too', async () => {
      const user = await ctx().signIn('accountant', { casinoIds: ['lucky'] });
      const before = await h.snapshot();
      for (const request of [...reads, ...writes().map(([, request]) => request)]) {
        expectError(await user.inject(request), 403, 'NO_PERMISSION');
      }
      expect(await h.snapshot()).toEqual(before);
    });

    it('developer may write, signing the audit entry', async () => {
      const user = await ctx().signIn('developer', { casinoIds: ['intruder'] });
      const response = await user.inject(writes()[0]![1]);
      expect(response.statusCode, response.body).toBe(201);
      expect(await h.auditFor('casino', 'intruder')).toMatchObject([
        { action: 'create', actorId: user.userId, actorName: user.username },
      ]);
    });

    it('answers 401 UNAUTHENTICATED without a session', async () => {
      const before = await h.snapshot();
      for (const request of [...reads, ...writes().map(([, request]) => request)]) {
        const response = await ctx().app.inject({
          ...request,
          headers: { 'x-requested-with': 'backoffice' },
        });
        expectError(response, 401, 'UNAUTHENTICATED');
      }
      expect(await h.snapshot()).toEqual(before);
    });
  });

  describe('other areas refuse to delete what casinos use', () => {
    beforeEach(async () => {
      await h.created();
    });

    it('a jurisdiction of a casino: 409 JURISDICTION_IN_USE', async () => {
      await expectBothLanguages(
        (headers) =>
          h.inject({
            method: 'DELETE',
            url: `/api/jurisdictions/${h.f.maltaId}`,
            query: { version: '1' },
            headers,
          }),
        409,
        'JURISDICTION_IN_USE',
        { de: 'Die Jurisdiktion wird von einem Casino verwendet.', en: 'Jurisdiction in use by a casino.' },
      );
      const unused = await h.inject({
        method: 'DELETE',
        url: `/api/jurisdictions/${h.f.swedenId}`,
        query: { version: '1' },
      });
      expect(unused.statusCode, unused.body).toBe(204);
    });

    it('a bridge of a casino: 409 BRIDGE_USED_BY_CASINOS', async () => {
      await expectBothLanguages(
        (headers) =>
          h.inject({
            method: 'DELETE',
            url: `/api/bridges/${h.f.bridgeId}`,
            query: { version: '1' },
            headers,
          }),
        409,
        'BRIDGE_USED_BY_CASINOS',
        { de: 'Die Bridge wird von Casinos verwendet.', en: 'Bridge in use by casinos.' },
      );
      expect(await h.db().select().from(bridges).where(eq(bridges.id, h.f.bridgeId))).toHaveLength(1);
      const unused = await h.inject({
        method: 'DELETE',
        url: `/api/bridges/${h.f.otherBridgeId}`,
        query: { version: '1' },
      });
      expect(unused.statusCode, unused.body).toBe(204);
    });

    it('a game assigned to a casino: 409 GAME_IN_USE', async () => {
      await h.assigned('lucky', 'aurora');
      await expectBothLanguages(
        (headers) =>
          h.inject({ method: 'DELETE', url: '/api/games/aurora', query: { version: '1' }, headers }),
        409,
        'GAME_IN_USE',
        {
          de: 'Das Spiel ist Casinos oder Integrationen zugeordnet.',
          en: 'Game is assigned to casinos or integrations.',
        },
      );
      expect(await h.db().select().from(games).where(eq(games.gameId, 'aurora'))).toHaveLength(1);
      expect((await h.allAudit()).filter((entry) => entry.entityType === 'game')).toEqual([]);
      const unused = await h.inject({ method: 'DELETE', url: '/api/games/fjord', query: { version: '1' } });
      expect(unused.statusCode, unused.body).toBe(204);
    });

    it('a game provider with settings of a casino: 409 GAME_PROVIDER_CONFIGURED_FOR_CASINOS', async () => {
      await expectBothLanguages(
        (headers) =>
          h.inject({ method: 'DELETE', url: '/api/game-providers/relax', query: { version: '1' }, headers }),
        409,
        'GAME_PROVIDER_CONFIGURED_FOR_CASINOS',
        {
          de: 'Der Spieleanbieter ist für Casinos konfiguriert.',
          en: 'Game provider is configured for casinos.',
        },
      );
      expect(await h.db().select().from(gameProviders).where(eq(gameProviders.id, 'relax'))).toHaveLength(1);
      const unused = await h.inject({
        method: 'DELETE',
        url: '/api/game-providers/spare',
        query: { version: '1' },
      });
      expect(unused.statusCode, unused.body).toBe(204);
    });
  });
});
