import {
  errorMessage,
  gameProviderApis,
  isProviderSecretField,
  providerConfigFields,
  providerSecretFields,
  providerUrlFields,
  SECRET_MASK,
  type GameProvider,
  type GameProviderApi,
  type Page,
  type ProviderConfigField,
  type Role,
} from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, gameProviders, gameStudios } from '../../db/schema/index';
import { describeEachEngine, type TestContext } from '../../test/app';
import { ENGLISH, expectError, resetCatalogue } from '../../test/api';
import { openedSecrets } from '../../test/secrets';
import { auditEntriesOf } from '../../test/databases';

const BASE = '/api/game-providers';

const isUrlField = (field: string) => (providerUrlFields as readonly string[]).includes(field);

/** A recognisable value for each field: URLs for URL fields, unmistakable strings for secrets. */
function valueOf(field: ProviderConfigField): string {
  if (isUrlField(field)) return `https://${field.toLowerCase()}.example.com/v1`;
  if (isProviderSecretField(field)) return `SECRET-${field}-7f3a9c`;
  return `${field}-value`;
}

/** Every field of an API, filled in. */
function fullConfig(api: GameProviderApi): Record<string, string> {
  return Object.fromEntries(gameProviderApis[api].map((field) => [field, valueOf(field)]));
}

const apisWithFields = (Object.keys(gameProviderApis) as GameProviderApi[]).filter(
  (api) => gameProviderApis[api].length > 0,
);

/** A configuration field that the API does not have. */
function foreignField(api: GameProviderApi): ProviderConfigField {
  return providerConfigFields.find((field) => !(gameProviderApis[api] as readonly string[]).includes(field))!;
}

/**
 * The detail path of a missing required first field: `config.<field>` (the service's check) or
 * `body.config.<field>` (the same rule checked by the request schema).
 */
const firstFieldPath = (field: string) => new RegExp(`^(body\\.)?config\\.${field}$`);

const RELAX_SECRET = 'SECRET-apiSecret-7f3a9c';
const relaxConfig = {
  apiUrl: 'https://relax.example.com/api',
  apiSecret: RELAX_SECRET,
  operatorId: '42',
};

/** Request helpers bound to one suite's app and database. */
function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);

  const create = (payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });

  async function created(payload: Record<string, unknown>): Promise<GameProvider> {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<GameProvider>();
  }

  const relax = (extra: Record<string, unknown> = {}) =>
    created({ id: 'relax', name: 'Relax Gaming', api: 'relax', config: relaxConfig, ...extra });

  const get = (id: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'GET', url: `${BASE}/${encodeURIComponent(id)}`, headers });

  const list = (query: Record<string, string> = {}) => inject({ method: 'GET', url: BASE, query });

  async function page(query: Record<string, string> = {}): Promise<Page<GameProvider>> {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<GameProvider>>();
  }

  const ids = async (query: Record<string, string> = {}) => (await page(query)).items.map((item) => item.id);

  const update = (id: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}`, payload, headers });

  async function updated(id: string, payload: Record<string, unknown>): Promise<GameProvider> {
    const response = await update(id, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GameProvider>();
  }

  const remove = (id: string, version: number, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'DELETE', url: `${BASE}/${id}`, query: { version: String(version) }, headers });

  /** The stored provider with its secrets opened (they are stored sealed: secrets-at-rest.test). */
  async function stored(id: string) {
    const [row] = await ctx().database.db.select().from(gameProviders).where(eq(gameProviders.id, id));
    return row && { ...row, secrets: openedSecrets(row.secrets) };
  }

  const allStored = () => ctx().database.db.select().from(gameProviders).orderBy(gameProviders.id);

  const auditFor = (id: string) => auditEntriesOf(ctx().database.db, id);

  const allAudit = () => ctx().database.db.select().from(auditEntries).orderBy(auditEntries.id);

  /** A game bound to the provider (and a studio for it). */
  async function gameOf(providerId: string, gameId: string) {
    let [studio] = await ctx().database.db.select().from(gameStudios);
    if (!studio) {
      const response = await inject({
        method: 'POST',
        url: '/api/game-studios',
        payload: { name: 'Studio', relaxId: '' },
      });
      expect(response.statusCode, response.body).toBe(201);
      studio = response.json();
    }
    const response = await inject({
      method: 'POST',
      url: '/api/games',
      payload: {
        gameId,
        name: gameId,
        studioId: studio!.id,
        providerId,
        gameProviderGameId: '',
        theoreticalRtp: 96,
        maxExposureFactor: 1000,
        minBetCents: 10,
        requiredPropertyKeys: [],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  return {
    inject,
    create,
    created,
    relax,
    get,
    list,
    page,
    ids,
    update,
    updated,
    remove,
    stored,
    allStored,
    auditFor,
    allAudit,
    gameOf,
  };
}

describeEachEngine('game providers API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await resetCatalogue(db);
  });

  describe('create', () => {
    it('answers 201 with the provider, its non-secret config and which secrets are set', async () => {
      const response = await h.create({
        id: 'relax',
        name: 'Relax Gaming',
        api: 'relax',
        config: relaxConfig,
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<GameProvider>();
      expect(Object.keys(body).sort()).toEqual([
        'api',
        'config',
        'createdAt',
        'gameCount',
        'id',
        'name',
        'secretsSet',
        'updatedAt',
        'version',
      ]);
      expect(body).toMatchObject({
        id: 'relax',
        name: 'Relax Gaming',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/api', operatorId: '42' },
        secretsSet: ['apiSecret'],
        gameCount: 0,
        version: 1,
      });
      expect(body.config).toEqual({ apiUrl: 'https://relax.example.com/api', operatorId: '42' });
      expect(response.body).not.toContain(RELAX_SECRET);
    });

    it('stores the secret values in the database', async () => {
      await h.relax();
      expect(await h.stored('relax')).toMatchObject({
        config: { apiUrl: 'https://relax.example.com/api', operatorId: '42' },
        secrets: { apiSecret: RELAX_SECRET },
      });
    });

    it('trims the id, the name and the config values', async () => {
      const body = await h.created({
        id: '  house ',
        name: '  In House ',
        api: 'rgsNode',
        config: { apiUrl: ' https://rgs.example.com ', nodeId: '  n7 ', salt: '  pepper  ' },
      });
      expect(body).toMatchObject({ id: 'house', name: 'In House', config: { nodeId: 'n7' } });
      expect(await h.stored('house')).toMatchObject({ secrets: { salt: 'pepper' } });
    });

    it('accepts an internal provider without any configuration', async () => {
      const body = await h.created({ id: 'house', name: 'House', api: 'internal', config: {} });
      expect(body).toMatchObject({ api: 'internal', config: {}, secretsSet: [] });
      expect(await h.stored('house')).toMatchObject({ config: {}, secrets: {} });
    });

    it.each(['relax', 'Relax.EU_2-b', '0day', 'a', 'x'.repeat(64)])('accepts the id "%s"', async (id) => {
      expect((await h.created({ id, name: 'P', api: 'internal', config: {} })).id).toBe(id);
      expect(await h.stored(id)).toBeDefined();
    });

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['starting with a dash', '-relax'],
      ['starting with a dot', '.relax'],
      ['starting with an underscore', '_relax'],
      ['with a blank inside', 'relax gaming'],
      ['with a slash', 'relax/eu'],
      ['with an umlaut', 'spielbär'],
      ['with a colon', 'relax:1'],
      ['of 65 characters', 'x'.repeat(65)],
    ])('refuses an id %s with 400 on body.id and writes nothing', async (_label, id) => {
      const body = expectError(
        await h.create({ id, name: 'P', api: 'internal', config: {} }),
        400,
        'VALIDATION_FAILED',
      );
      expect([...new Set(body.details?.map((detail) => detail.path))]).toEqual(['body.id']);
      expect(await h.allStored()).toEqual([]);
      expect(await h.allAudit()).toEqual([]);
    });

    it('refuses an id that is taken with 409 GAME_PROVIDER_ID_TAKEN, in German and English', async () => {
      await h.relax();
      const german = expectError(
        await h.create({ id: 'relax', name: 'Other', api: 'internal', config: {} }),
        409,
        'GAME_PROVIDER_ID_TAKEN',
      );
      expect(german.message).toBe('Die ID des Spieleanbieters ist bereits vergeben.');
      const english = expectError(
        await h.create({ id: ' relax ', name: 'Other', api: 'internal', config: {} }, ENGLISH),
        409,
        'GAME_PROVIDER_ID_TAKEN',
      );
      expect(english.message).toBe('Game provider id already taken.');
      expect(await h.allStored()).toHaveLength(1);
      expect(await h.stored('relax')).toMatchObject({ name: 'Relax Gaming', api: 'relax' });
    });

    it.each(['Relax Gaming', 'RELAX GAMING', ' relax gaming '])(
      'refuses the name "%s" when "Relax Gaming" exists with 409 GAME_PROVIDER_NAME_TAKEN',
      async (name) => {
        await h.relax();
        const body = expectError(
          await h.create({ id: 'other', name, api: 'internal', config: {} }),
          409,
          'GAME_PROVIDER_NAME_TAKEN',
        );
        expect(body.message).toBe(errorMessage('GAME_PROVIDER_NAME_TAKEN', 'de'));
        expect(await h.stored('other')).toBeUndefined();
      },
    );

    it('answers the name taken in English when asked through Accept-Language', async () => {
      await h.relax();
      const body = expectError(
        await h.create(
          { id: 'other', name: 'relax gaming', api: 'internal', config: {} },
          { 'accept-language': 'en' },
        ),
        409,
        'GAME_PROVIDER_NAME_TAKEN',
      );
      expect(body.message).toBe('Game provider name already taken.');
    });

    it.each([
      ['an unknown API', { id: 'p', name: 'P', api: 'soap', config: {} }, 'body.api'],
      ['no config', { id: 'p', name: 'P', api: 'internal' }, 'body.config'],
      ['a blank name', { id: 'p', name: ' ', api: 'internal', config: {} }, 'body.name'],
      [
        'a name of 101 characters',
        { id: 'p', name: 'n'.repeat(101), api: 'internal', config: {} },
        'body.name',
      ],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, payload, path) => {
      const body = expectError(await h.create(payload), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await h.allStored()).toEqual([]);
    });
  });

  describe('API configuration', () => {
    it.each(apisWithFields)('accepts every field of the %s API, answering no secret value', async (api) => {
      const config = fullConfig(api);
      const response = await h.create({ id: `p-${api}`, name: `P ${api}`, api, config });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<GameProvider>();
      const secrets = gameProviderApis[api].filter((field) => isProviderSecretField(field));
      const plain = gameProviderApis[api].filter((field) => !isProviderSecretField(field));
      expect(secrets.length).toBeGreaterThan(0);
      expect(body.config).toEqual(Object.fromEntries(plain.map((field) => [field, config[field]])));
      expect(body.secretsSet).toEqual(providerSecretFields.filter((field) => secrets.includes(field)));
      for (const field of secrets) expect(response.body).not.toContain(config[field]);
      expect(await h.stored(`p-${api}`)).toMatchObject({
        config: body.config,
        secrets: Object.fromEntries(secrets.map((field) => [field, config[field]])),
      });
    });

    it.each(Object.keys(gameProviderApis) as GameProviderApi[])(
      'refuses a field of another API on the %s API with 400 GAME_PROVIDER_CONFIG_NOT_APPLICABLE naming it',
      async (api) => {
        const field = foreignField(api);
        const config = { ...fullConfig(api), [field]: valueOf(field) };
        const body = expectError(
          await h.create({ id: 'p', name: 'P', api, config }),
          400,
          'GAME_PROVIDER_CONFIG_NOT_APPLICABLE',
        );
        expect(body.message).toBe('Die Konfiguration des Spieleanbieters passt nicht zur API.');
        expect(body.details).toEqual([{ path: `config.${field}`, message: expect.any(String) }]);
        expect(await h.allStored()).toEqual([]);
        expect(await h.allAudit()).toEqual([]);
      },
    );

    it('names every field that does not apply, in English when asked', async () => {
      const body = expectError(
        await h.create(
          {
            id: 'p',
            name: 'P',
            api: 'cockpit',
            config: { casinoCockpitUrl: 'https://cockpit.example.com', nodeId: '1', apiKey: 'k' },
          },
          ENGLISH,
        ),
        400,
        'GAME_PROVIDER_CONFIG_NOT_APPLICABLE',
      );
      expect(body.message).toBe('Game provider config not applicable to the API.');
      expect(body.details?.map((detail) => detail.path).sort()).toEqual(['config.apiKey', 'config.nodeId']);
    });

    it('ignores a field of another API that is left empty', async () => {
      const body = await h.created({
        id: 'p',
        name: 'P',
        api: 'rgsNode',
        config: { apiUrl: 'https://rgs.example.com', nodeId: '3', casinoName: '', apiSecret: '' },
      });
      expect(body.config).toEqual({ apiUrl: 'https://rgs.example.com', nodeId: '3' });
      expect(body.secretsSet).toEqual([]);
    });

    it('refuses an unknown field name with 400 VALIDATION_FAILED on body.config', async () => {
      const body = expectError(
        await h.create({
          id: 'p',
          name: 'P',
          api: 'relax',
          config: { ...relaxConfig, colour: 'blue' },
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['body.config']);
      expect(body.details![0]!.message).toContain('colour');
      expect(await h.allStored()).toEqual([]);
    });

    it.each(apisWithFields)('requires the first field of the %s API (400 on config.<field>)', async (api) => {
      const fields: readonly ProviderConfigField[] = gameProviderApis[api];
      const first = fields[0]!;
      const rest = fields.slice(1);
      const config = fullConfig(api);
      delete config[first];
      expect(rest.length).toBeGreaterThan(0);
      const missing = expectError(
        await h.create({ id: 'p', name: 'P', api, config }),
        400,
        'VALIDATION_FAILED',
      );
      expect(missing.details).toEqual([
        { path: expect.stringMatching(firstFieldPath(first)), message: expect.any(String) },
      ]);
      const empty = expectError(
        await h.create({ id: 'p', name: 'P', api, config: { ...config, [first]: '' } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(empty.details).toEqual([
        { path: expect.stringMatching(firstFieldPath(first)), message: expect.any(String) },
      ]);
      expect(await h.allStored()).toEqual([]);
      // With only the first field the API is configured enough.
      expect(
        (await h.create({ id: 'p', name: 'P', api, config: { [first]: valueOf(first) } })).statusCode,
      ).toBe(201);
    });

    const urlCases = apisWithFields.flatMap((api) =>
      gameProviderApis[api].filter(isUrlField).map((field) => [api, field] as const),
    );

    it.each(urlCases)('%s: refuses a %s that is not an http(s) URL', async (api, field) => {
      for (const value of [
        'ftp://files.example.com',
        'relax.example.com',
        'javascript:alert(1)',
        'not a url',
      ]) {
        const body = expectError(
          await h.create({ id: 'p', name: 'P', api, config: { ...fullConfig(api), [field]: value } }),
          400,
          'VALIDATION_FAILED',
        );
        expect(
          body.details?.map((detail) => detail.path),
          value,
        ).toEqual([`body.config.${field}`]);
      }
      expect(await h.allStored()).toEqual([]);
      const plainHttp = await h.create({
        id: 'p',
        name: 'P',
        api,
        config: { ...fullConfig(api), [field]: 'http://10.0.0.7:8080/path' },
      });
      expect(plainHttp.statusCode, plainHttp.body).toBe(201);
    });
  });

  describe('get and list', () => {
    it('answers the provider by id, without secret values', async () => {
      const created = await h.relax();
      const response = await h.get('relax');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(created);
      expect(response.body).not.toContain(RELAX_SECRET);
    });

    it('answers 404 GAME_PROVIDER_NOT_FOUND for an unknown id, in German and English', async () => {
      const german = expectError(await h.get('nobody'), 404, 'GAME_PROVIDER_NOT_FOUND');
      expect(german.message).toBe('Der Spieleanbieter existiert nicht.');
      const english = expectError(await h.get('nobody', ENGLISH), 404, 'GAME_PROVIDER_NOT_FOUND');
      expect(english.message).toBe('Game provider does not exist.');
    });

    it.each(['-relax', 'relax gaming', 'x'.repeat(65)])('answers 400 on params.id for "%s"', async (id) => {
      const body = expectError(await h.get(id), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });

    describe('with several providers', () => {
      beforeEach(async () => {
        await h.relax();
        await h.created({
          id: 'bgaming',
          name: 'Zeta Node',
          api: 'rgsNode',
          config: { apiUrl: 'https://rgs.example.com', salt: 'SECRET-salt-7f3a9c' },
        });
        await h.created({
          id: 'yggdrasil',
          name: 'Alpha Keys',
          api: 'apiKey',
          config: { apiUrl: 'https://ygg.example.com', apiKey: 'SECRET-apiKey-7f3a9c' },
        });
        await h.created({ id: 'house', name: 'Mid House', api: 'internal', config: {} });
      });

      it('sorts by name by default, and by id and API in both directions', async () => {
        expect(await h.ids()).toEqual(['yggdrasil', 'house', 'relax', 'bgaming']);
        expect(await h.ids({ sort: 'name', order: 'desc' })).toEqual([
          'bgaming',
          'relax',
          'house',
          'yggdrasil',
        ]);
        expect(await h.ids({ sort: 'id' })).toEqual(['bgaming', 'house', 'relax', 'yggdrasil']);
        expect(await h.ids({ sort: 'id', order: 'desc' })).toEqual([
          'yggdrasil',
          'relax',
          'house',
          'bgaming',
        ]);
        expect(await h.ids({ sort: 'api' })).toEqual(['yggdrasil', 'house', 'relax', 'bgaming']);
      });

      it('pages, counting all providers', async () => {
        const second = await h.page({ sort: 'id', page: '2', pageSize: '3' });
        expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
        expect(second.items.map((item) => item.id)).toEqual(['yggdrasil']);
      });

      it('searches id and name case-insensitively', async () => {
        expect(await h.ids({ q: 'RELAX' })).toEqual(['relax']);
        expect(await h.ids({ q: 'ygg' })).toEqual(['yggdrasil']);
        expect(await h.ids({ q: 'node' })).toEqual(['bgaming']);
        const matches = await h.page({ q: 'E' });
        expect(matches.total).toBe(4);
        expect(await h.ids({ q: 'nothing-like-it' })).toEqual([]);
      });

      it('answers no secret value in the list, only which secrets are set', async () => {
        const response = await h.list({ pageSize: '100' });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toMatch(/SECRET-/);
        const secretsSet = Object.fromEntries(
          response.json<Page<GameProvider>>().items.map((item) => [item.id, item.secretsSet]),
        );
        expect(secretsSet).toEqual({
          relax: ['apiSecret'],
          bgaming: ['salt'],
          yggdrasil: ['apiKey'],
          house: [],
        });
      });

      it('answers the number of games bound to each provider', async () => {
        await h.gameOf('relax', 'one');
        await h.gameOf('relax', 'two');
        await h.gameOf('house', 'three');
        const counts = Object.fromEntries((await h.page()).items.map((item) => [item.id, item.gameCount]));
        expect(counts).toEqual({ relax: 2, house: 1, bgaming: 0, yggdrasil: 0 });
        expect((await h.get('relax')).json<GameProvider>().gameCount).toBe(2);
      });
    });
  });

  describe('update', () => {
    const relaxUpdate = (
      config: Record<string, string>,
      version: number,
      extra: Record<string, unknown> = {},
    ) => ({
      name: 'Relax Gaming',
      api: 'relax',
      config,
      version,
      ...extra,
    });

    it('keeps a secret left empty, and answers none of its value', async () => {
      await h.relax();
      const response = await h.update(
        'relax',
        relaxUpdate({ apiUrl: 'https://relax.example.com/v2', apiSecret: '', operatorId: '42' }, 1),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(RELAX_SECRET);
      expect(response.json<GameProvider>()).toMatchObject({
        config: { apiUrl: 'https://relax.example.com/v2', operatorId: '42' },
        secretsSet: ['apiSecret'],
        version: 2,
      });
      expect((await h.stored('relax'))?.secrets).toEqual({ apiSecret: RELAX_SECRET });
    });

    it('keeps a secret that is not sent at all', async () => {
      await h.relax();
      const body = await h.updated('relax', relaxUpdate({ apiUrl: 'https://relax.example.com/api' }, 1));
      expect(body.secretsSet).toEqual(['apiSecret']);
      expect((await h.stored('relax'))?.secrets).toEqual({ apiSecret: RELAX_SECRET });
    });

    it('replaces a secret given a new value', async () => {
      await h.relax();
      const response = await h.update(
        'relax',
        relaxUpdate({ apiUrl: 'https://relax.example.com/api', apiSecret: 'SECRET-rotated-91' }, 1),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain('SECRET-');
      expect((await h.stored('relax'))?.secrets).toEqual({ apiSecret: 'SECRET-rotated-91' });
    });

    it('sets a secret that was not set before', async () => {
      await h.relax();
      const body = await h.updated(
        'relax',
        relaxUpdate({ apiUrl: 'https://relax.example.com/api', freeSpinsPassword: 'SECRET-fs-55' }, 1),
      );
      expect(body.secretsSet).toEqual(['apiSecret', 'freeSpinsPassword']);
      expect((await h.stored('relax'))?.secrets).toEqual({
        apiSecret: RELAX_SECRET,
        freeSpinsPassword: 'SECRET-fs-55',
      });
    });

    it('removes the secrets named in clearSecrets', async () => {
      await h.relax({ config: { ...relaxConfig, freeSpinsPassword: 'SECRET-fs-55' } });
      const body = await h.updated(
        'relax',
        relaxUpdate({ apiUrl: 'https://relax.example.com/api', apiSecret: '' }, 1, {
          clearSecrets: ['apiSecret'],
        }),
      );
      expect(body.secretsSet).toEqual(['freeSpinsPassword']);
      expect((await h.stored('relax'))?.secrets).toEqual({ freeSpinsPassword: 'SECRET-fs-55' });
    });

    it('refuses an unknown secret in clearSecrets with 400', async () => {
      await h.relax();
      const body = expectError(
        await h.update('relax', relaxUpdate(relaxConfig, 1, { clearSecrets: ['apiUrl'] })),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.[0]?.path).toMatch(/^body\.clearSecrets/);
      expect(await h.stored('relax')).toMatchObject({ version: 1, secrets: { apiSecret: RELAX_SECRET } });
    });

    it('drops a non-secret field that is left empty', async () => {
      await h.relax();
      const body = await h.updated(
        'relax',
        relaxUpdate({ apiUrl: 'https://relax.example.com/api', operatorId: '' }, 1),
      );
      expect(body.config).toEqual({ apiUrl: 'https://relax.example.com/api' });
      expect((await h.stored('relax'))?.config).toEqual({ apiUrl: 'https://relax.example.com/api' });
    });

    it('drops the fields and secrets that do not apply when the API changes', async () => {
      await h.relax({ config: { ...relaxConfig, freeSpinsPassword: 'SECRET-fs-55' } });
      const switched = await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'rgsNode',
        config: { apiUrl: 'https://rgs.example.com', nodeId: '9', salt: 'SECRET-salt-1' },
        version: 1,
      });
      expect(switched).toMatchObject({
        api: 'rgsNode',
        config: { apiUrl: 'https://rgs.example.com', nodeId: '9' },
        secretsSet: ['salt'],
        version: 2,
      });
      expect(switched.config).toEqual({ apiUrl: 'https://rgs.example.com', nodeId: '9' });
      expect(await h.stored('relax')).toMatchObject({
        api: 'rgsNode',
        config: { apiUrl: 'https://rgs.example.com', nodeId: '9' },
        secrets: { salt: 'SECRET-salt-1' },
      });

      // Switching back does not bring the dropped secrets back.
      const back = await h.updated(
        'relax',
        relaxUpdate({ apiUrl: 'https://relax.example.com/api', apiSecret: '' }, 2),
      );
      expect(back.secretsSet).toEqual([]);
      expect((await h.stored('relax'))?.secrets).toEqual({});
    });

    it('drops everything when switched to the internal API', async () => {
      await h.relax();
      const body = await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'internal',
        config: {},
        version: 1,
      });
      expect(body).toMatchObject({ api: 'internal', config: {}, secretsSet: [] });
      expect(await h.stored('relax')).toMatchObject({ config: {}, secrets: {} });
    });

    it('refuses a field of another API with 400 GAME_PROVIDER_CONFIG_NOT_APPLICABLE, changing nothing', async () => {
      await h.relax();
      const before = await h.stored('relax');
      const body = expectError(
        await h.update('relax', relaxUpdate({ apiUrl: 'https://x.example.com', nodeId: '7' }, 1)),
        400,
        'GAME_PROVIDER_CONFIG_NOT_APPLICABLE',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['config.nodeId']);
      expect(await h.stored('relax')).toEqual(before);
    });

    it('requires the first field of the API on update too', async () => {
      await h.relax();
      const body = expectError(
        await h.update('relax', relaxUpdate({ apiUrl: '', operatorId: '42' }, 1)),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details).toEqual([
        { path: expect.stringMatching(firstFieldPath('apiUrl')), message: expect.any(String) },
      ]);
      expect((await h.stored('relax'))?.config).toEqual({
        apiUrl: 'https://relax.example.com/api',
        operatorId: '42',
      });
    });

    it('changes the name, refusing one another provider has (any case)', async () => {
      await h.relax();
      await h.created({ id: 'house', name: 'House', api: 'internal', config: {} });
      const renamed = await h.updated('house', { name: 'In House', api: 'internal', config: {}, version: 1 });
      expect(renamed).toMatchObject({ id: 'house', name: 'In House', version: 2 });
      const body = expectError(
        await h.update('house', { name: 'RELAX gaming', api: 'internal', config: {}, version: 2 }, ENGLISH),
        409,
        'GAME_PROVIDER_NAME_TAKEN',
      );
      expect(body.message).toBe('Game provider name already taken.');
      expect(await h.stored('house')).toMatchObject({ name: 'In House', version: 2 });
    });

    it('refuses a stale version with 409 STALE_VERSION and changes nothing', async () => {
      await h.relax();
      await h.updated('relax', relaxUpdate({ apiUrl: 'https://relax.example.com/v2' }, 1));
      const before = await h.stored('relax');
      expectError(
        await h.update(
          'relax',
          relaxUpdate({ apiUrl: 'https://lost.example.com', apiSecret: 'SECRET-lost' }, 1),
        ),
        409,
        'STALE_VERSION',
      );
      expect(await h.stored('relax')).toEqual(before);
    });

    it('answers 404 GAME_PROVIDER_NOT_FOUND for an unknown id', async () => {
      expectError(
        await h.update('nobody', { name: 'N', api: 'internal', config: {}, version: 1 }),
        404,
        'GAME_PROVIDER_NOT_FOUND',
      );
      expect(await h.stored('nobody')).toBeUndefined();
    });

    it('cannot change the id: an id in the body does not rename the provider', async () => {
      await h.relax();
      const response = await h.update('relax', relaxUpdate(relaxConfig, 1, { id: 'renamed' }));
      if (response.statusCode === 200) expect(response.json<GameProvider>().id).toBe('relax');
      else expectError(response, 400, 'VALIDATION_FAILED');
      expect(await h.stored('renamed')).toBeUndefined();
      expect(await h.stored('relax')).toBeDefined();
    });
  });

  describe('delete', () => {
    it('deletes at the current version with 204', async () => {
      await h.relax();
      const response = await h.remove('relax', 1);
      expect(response.statusCode).toBe(204);
      expect(await h.stored('relax')).toBeUndefined();
      expectError(await h.get('relax'), 404, 'GAME_PROVIDER_NOT_FOUND');
      expectError(await h.remove('relax', 1), 404, 'GAME_PROVIDER_NOT_FOUND');
    });

    it('refuses while games are bound with 409 GAME_PROVIDER_HAS_GAMES and keeps the provider', async () => {
      await h.relax();
      await h.gameOf('relax', 'aurora');
      const german = expectError(await h.remove('relax', 1), 409, 'GAME_PROVIDER_HAS_GAMES');
      expect(german.message).toBe('An den Spieleanbieter sind Spiele gebunden.');
      const english = expectError(await h.remove('relax', 1, ENGLISH), 409, 'GAME_PROVIDER_HAS_GAMES');
      expect(english.message).toBe('Games are bound to the game provider.');
      expect(await h.stored('relax')).toMatchObject({ version: 1, secrets: { apiSecret: RELAX_SECRET } });
      expect((await h.auditFor('relax')).map((entry) => entry.action)).toEqual(['create']);
    });

    it('refuses a stale version with 409 STALE_VERSION and keeps the provider', async () => {
      await h.relax();
      await h.updated('relax', {
        name: 'Relax Gaming AB',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/api' },
        version: 1,
      });
      expectError(await h.remove('relax', 1), 409, 'STALE_VERSION');
      expect(await h.stored('relax')).toMatchObject({ name: 'Relax Gaming AB', version: 2 });
    });

    it('frees the id and the name', async () => {
      await h.relax();
      await h.remove('relax', 1);
      expect(
        (await h.create({ id: 'relax', name: 'RELAX GAMING', api: 'internal', config: {} })).statusCode,
      ).toBe(201);
    });
  });

  describe('audit trail', () => {
    it('records a create with masked secrets and dotted config fields', async () => {
      await h.relax();
      const entries = await h.auditFor('relax');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ entityType: 'game-provider', entityId: 'relax', action: 'create' });
      expect(entries[0]!.changes).toEqual({
        id: { before: null, after: 'relax' },
        name: { before: null, after: 'Relax Gaming' },
        api: { before: null, after: 'relax' },
        'config.apiUrl': { before: null, after: 'https://relax.example.com/api' },
        'config.operatorId': { before: null, after: '42' },
        'secrets.apiSecret': { before: null, after: SECRET_MASK },
      });
    });

    it('shows a changed secret as mask to mask, a new one as nothing to mask, a removed one as mask to nothing', async () => {
      await h.relax({ config: { ...relaxConfig, freeSpinsPassword: 'SECRET-fs-55' } });
      await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/api', operatorId: '42', apiSecret: 'SECRET-rotated-91' },
        version: 1,
      });
      await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/api', operatorId: '42' },
        clearSecrets: ['freeSpinsPassword'],
        version: 2,
      });
      await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'relax',
        config: {
          apiUrl: 'https://relax.example.com/api',
          operatorId: '42',
          freeSpinsPassword: 'SECRET-fs-66',
        },
        version: 3,
      });
      const entries = await h.auditFor('relax');
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'update']);
      expect(entries[1]!.changes).toEqual({
        'secrets.apiSecret': { before: SECRET_MASK, after: SECRET_MASK },
      });
      expect(entries[2]!.changes).toEqual({
        'secrets.freeSpinsPassword': { before: SECRET_MASK, after: null },
      });
      expect(entries[3]!.changes).toEqual({
        'secrets.freeSpinsPassword': { before: null, after: SECRET_MASK },
      });
    });

    it('records no secret change when a secret is left empty', async () => {
      await h.relax();
      await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/v2', apiSecret: '', operatorId: '42' },
        version: 1,
      });
      const [, update] = await h.auditFor('relax');
      expect(update!.changes).toEqual({
        'config.apiUrl': { before: 'https://relax.example.com/api', after: 'https://relax.example.com/v2' },
      });
    });

    it('records an API switch with the dropped fields and masked secrets', async () => {
      await h.relax();
      await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'rgsNode',
        config: { apiUrl: 'https://relax.example.com/api', nodeId: '9', salt: 'SECRET-salt-1' },
        version: 1,
      });
      const [, update] = await h.auditFor('relax');
      expect(update!.changes).toEqual({
        api: { before: 'relax', after: 'rgsNode' },
        'config.nodeId': { before: null, after: '9' },
        'config.operatorId': { before: '42', after: null },
        'secrets.apiSecret': { before: SECRET_MASK, after: null },
        'secrets.salt': { before: null, after: SECRET_MASK },
      });
    });

    it('records a delete with the secrets masked', async () => {
      await h.relax();
      expect((await h.remove('relax', 1)).statusCode).toBe(204);
      const entries = await h.auditFor('relax');
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'delete']);
      expect(entries[1]!.changes).toMatchObject({
        id: { before: 'relax', after: null },
        'secrets.apiSecret': { before: SECRET_MASK, after: null },
      });
    });

    it('never writes a secret value to the trail, nor answers one through the audit API', async () => {
      await h.relax({ config: { ...relaxConfig, freeSpinsPassword: 'SECRET-fs-55' } });
      await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'relax',
        config: { apiUrl: 'https://relax.example.com/api', apiSecret: 'SECRET-rotated-91' },
        version: 1,
      });
      await h.updated('relax', {
        name: 'Relax Gaming',
        api: 'cockpit',
        config: { casinoCockpitUrl: 'https://cockpit.example.com', boPassword: 'SECRET-bo-1' },
        version: 2,
      });
      await h.remove('relax', 3);
      const text = JSON.stringify((await h.allAudit()).map((entry) => entry.changes));
      expect(text).toContain(SECRET_MASK);
      expect(text).not.toMatch(/SECRET-/);
      const trail = await h.inject({ method: 'GET', url: '/api/audit-entries', query: { pageSize: '100' } });
      expect(trail.statusCode).toBe(200);
      expect(trail.body).not.toMatch(/SECRET-/);
    });

    it('appends nothing when a write fails', async () => {
      await h.relax();
      await h.gameOf('relax', 'aurora');
      const before = await h.allAudit();
      expectError(
        await h.create({ id: 'relax', name: 'X', api: 'internal', config: {} }),
        409,
        'GAME_PROVIDER_ID_TAKEN',
      );
      expectError(
        await h.create({ id: 'x', name: 'relax gaming', api: 'internal', config: {} }),
        409,
        'GAME_PROVIDER_NAME_TAKEN',
      );
      expectError(
        await h.create({ id: 'x', name: 'X', api: 'internal', config: { apiUrl: 'https://x.example.com' } }),
        400,
        'GAME_PROVIDER_CONFIG_NOT_APPLICABLE',
      );
      expectError(await h.create({ id: 'x', name: 'X', api: 'relax', config: {} }), 400, 'VALIDATION_FAILED');
      expectError(
        await h.update('relax', { name: 'Relax', api: 'relax', config: relaxConfig, version: 5 }),
        409,
        'STALE_VERSION',
      );
      expectError(await h.remove('relax', 1), 409, 'GAME_PROVIDER_HAS_GAMES');
      expectError(await h.remove('nobody', 1), 404, 'GAME_PROVIDER_NOT_FOUND');
      expect(await h.allAudit()).toEqual(before);
    });
  });

  describe('permissions', () => {
    const writes: [string, InjectOptions][] = [
      [
        'POST',
        { method: 'POST', url: BASE, payload: { id: 'intruder', name: 'I', api: 'internal', config: {} } },
      ],
      [
        'PUT',
        {
          method: 'PUT',
          url: `${BASE}/relax`,
          payload: { name: 'Intruder', api: 'internal', config: {}, version: 1 },
        },
      ],
      ['DELETE', { method: 'DELETE', url: `${BASE}/relax`, query: { version: '1' } }],
    ];

    it.each<Role>(['visitor', 'support', 'qa'])(
      '%s may read (without secret values) but gets 403 NO_PERMISSION on writes',
      async (role) => {
        await h.relax();
        const before = await h.allStored();
        const user = await ctx().signIn(role);
        const listed = await user.inject({ method: 'GET', url: BASE });
        expect(listed.statusCode).toBe(200);
        expect(listed.json<Page<GameProvider>>().items.map((item) => item.id)).toEqual(['relax']);
        expect(listed.body).not.toContain(RELAX_SECRET);
        const got = await user.inject({ method: 'GET', url: `${BASE}/relax` });
        expect(got.statusCode).toBe(200);
        expect(got.body).not.toContain(RELAX_SECRET);
        for (const [, request] of writes) {
          const body = expectError(await user.inject(request), 403, 'NO_PERMISSION');
          expect(body.message).toBe('Keine Berechtigung.');
        }
        const english = expectError(
          await user.inject({ ...writes[0]![1], headers: ENGLISH }),
          403,
          'NO_PERMISSION',
        );
        expect(english.message).toBe('No permission.');
        expect(await h.allStored()).toEqual(before);
      },
    );

    it('accountant gets 403 on reads too', async () => {
      await h.relax();
      const user = await ctx().signIn('accountant');
      expectError(await user.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
      expectError(await user.inject({ method: 'GET', url: `${BASE}/relax` }), 403, 'NO_PERMISSION');
      for (const [, request] of writes) expectError(await user.inject(request), 403, 'NO_PERMISSION');
    });

    it('developer may write', async () => {
      const user = await ctx().signIn('developer');
      const response = await user.inject(writes[0]![1]);
      expect(response.statusCode, response.body).toBe(201);
      expect(await h.auditFor('intruder')).toMatchObject([
        { actorId: user.userId, actorName: user.username },
      ]);
    });

    it('answers 401 UNAUTHENTICATED without a session', async () => {
      await h.relax();
      const before = await h.allStored();
      for (const request of [
        { method: 'GET', url: BASE },
        { method: 'GET', url: `${BASE}/relax` },
        ...writes.map(([, request]) => request),
      ] as InjectOptions[]) {
        const response = await ctx().app.inject({
          ...request,
          headers: { 'x-requested-with': 'backoffice' },
        });
        expect(expectError(response, 401, 'UNAUTHENTICATED').message).toBe('Bitte melden Sie sich an.');
      }
      expect(await h.allStored()).toEqual(before);
    });
  });
});
