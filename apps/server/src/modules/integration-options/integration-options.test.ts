import {
  errorMessage,
  integrationOptionDataTypes,
  type IntegrationOption,
  type Page,
  type Role,
} from '@backoffice/contracts';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bridges,
  casinoOptionValues,
  casinos,
  integrationOptions,
  jurisdictions,
} from '../../db/schema/index';
import { auditEntriesOf, auditEntryCount, clearAuditTrail } from '../../test/databases';
import { describeEachEngine, type TestContext } from '../../test/app';
import { ENGLISH, UNKNOWN_UUID, expectError, usageIn, usedByRecords } from '../../test/api';
import { UNLIMITED } from '../../lib/scope';
import { createIntegrationOptionsRepository } from './integration-options.repository';
import { createIntegrationOptionsService } from './integration-options.service';

const BASE = '/api/integration-options';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Request helpers bound to one suite's app and database. */
function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);
  const db = () => ctx().database.db;

  const create = (payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });

  async function created(name: string, dataType = 'text'): Promise<IntegrationOption> {
    const response = await create({ name, dataType });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<IntegrationOption>();
  }

  const get = (id: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'GET', url: `${BASE}/${id}`, headers });

  const list = (query: Record<string, string> = {}) => inject({ method: 'GET', url: BASE, query });

  async function page(query: Record<string, string> = {}): Promise<Page<IntegrationOption>> {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<IntegrationOption>>();
  }

  async function listNames(query: Record<string, string> = {}): Promise<string[]> {
    return (await page(query)).items.map((item) => item.name);
  }

  const update = (id: string, payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}`, payload, headers });

  const remove = (id: string, version: number, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'DELETE', url: `${BASE}/${id}`, query: { version: String(version) }, headers });

  async function stored(id: string) {
    const [row] = await db().select().from(integrationOptions).where(eq(integrationOptions.id, id));
    return row;
  }

  async function storedByName(name: string) {
    return db()
      .select()
      .from(integrationOptions)
      .where(sql`lower(${integrationOptions.name}) = lower(${name})`);
  }

  const auditFor = (id: string) => auditEntriesOf(db(), id);

  const auditCount = () => auditEntryCount(db());

  /** A casino (with the bridge and jurisdiction it needs) that gives the option a value. */
  async function casinoValue(optionId: string, casinoId: string, value: string) {
    let [bridge] = await db().select().from(bridges);
    bridge ??= (
      await db()
        .insert(bridges)
        .values({ name: 'Test bridge', routerUrl: 'https://bridge.test', secret: 's'.repeat(32) })
        .returning()
    )[0]!;
    let [jurisdiction] = await db().select().from(jurisdictions);
    jurisdiction ??= (await db().insert(jurisdictions).values({ name: 'MGA' }).returning())[0]!;
    const [casino] = await db().select().from(casinos).where(eq(casinos.id, casinoId));
    if (!casino) {
      await db().insert(casinos).values({
        id: casinoId,
        name: casinoId,
        bridgeId: bridge.id,
        api: 'seamlessWallet',
        jurisdictionId: jurisdiction.id,
      });
    }
    // Behind the app's back: heard before the next read, which may otherwise still be the answer kept.
    await ctx().changeBehindTheApp(() =>
      db().insert(casinoOptionValues).values({ casinoId, optionId, value }),
    );
  }

  /** Makes every audit insert for integration options fail at the database, for the duration of `fn`. */
  async function withFailingAudit(fn: () => Promise<void>) {
    await db().execute(
      sql`alter table audit_entries add constraint test_reject_audit check (entity_type <> 'integration-option') not valid`,
    );
    try {
      await fn();
    } finally {
      await db().execute(sql`alter table audit_entries drop constraint test_reject_audit`);
    }
  }

  return {
    inject,
    create,
    created,
    get,
    list,
    page,
    listNames,
    update,
    remove,
    stored,
    storedByName,
    auditFor,
    auditCount,
    casinoValue,
    withFailingAudit,
  };
}

describeEachEngine('integration options API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(casinoOptionValues);
    await db.delete(casinos);
    await db.delete(integrationOptions);
    await clearAuditTrail(db);
  });

  describe('create', () => {
    it('answers 201 with the new option at version 1, used by no casino', async () => {
      const response = await h.create({ name: 'Max stake', dataType: 'currency' });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<IntegrationOption>();
      expect(Object.keys(body).sort()).toEqual([
        'casinoCount',
        'createdAt',
        'dataType',
        'id',
        'name',
        'updatedAt',
        'version',
      ]);
      expect(body).toMatchObject({ name: 'Max stake', dataType: 'currency', casinoCount: 0, version: 1 });
      expect(body.id).toMatch(UUID);
      expect(body.updatedAt).toBe(body.createdAt);
      expect(await h.stored(body.id)).toMatchObject({ name: 'Max stake', dataType: 'currency', version: 1 });
    });

    it.each(integrationOptionDataTypes)('accepts the data type %s', async (dataType) => {
      expect(await h.created(`Option ${dataType}`, dataType)).toMatchObject({ dataType });
    });

    it('trims the name', async () => {
      expect(await h.created('  Session timeout  ', 'duration')).toMatchObject({ name: 'Session timeout' });
    });

    it.each([
      ['an empty name', { name: '', dataType: 'text' }, 'body.name'],
      ['a blank name', { name: '   ', dataType: 'text' }, 'body.name'],
      ['a name of 101 characters', { name: 'x'.repeat(101), dataType: 'text' }, 'body.name'],
      ['no data type', { name: 'Valid' }, 'body.dataType'],
      ['an unknown data type', { name: 'Valid', dataType: 'money' }, 'body.dataType'],
    ])('refuses %s with 400 VALIDATION_FAILED and writes nothing', async (_label, payload, path) => {
      const body = expectError(await h.create(payload), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await ctx().database.db.select().from(integrationOptions)).toEqual([]);
      expect(await h.auditCount()).toBe(0);
    });

    it('accepts a name of exactly 100 characters', async () => {
      const name = 'N'.repeat(100);
      expect(await h.created(name)).toMatchObject({ name });
    });

    it.each(['Max stake', 'MAX STAKE', '  max stake '])(
      'refuses "%s" when "Max stake" exists: 409 INTEGRATION_OPTION_NAME_TAKEN, in German and English',
      async (duplicate) => {
        await h.created('Max stake', 'currency');
        const german = expectError(
          await h.create({ name: duplicate, dataType: 'number' }),
          409,
          'INTEGRATION_OPTION_NAME_TAKEN',
        );
        expect(german).toEqual({
          statusCode: 409,
          code: 'INTEGRATION_OPTION_NAME_TAKEN',
          message: 'Der Name der Integrationsoption ist bereits vergeben.',
        });
        const english = expectError(
          await h.create({ name: duplicate, dataType: 'number' }, ENGLISH),
          409,
          'INTEGRATION_OPTION_NAME_TAKEN',
        );
        expect(english.message).toBe('Integration option name already taken.');
        expect(await h.storedByName('max stake')).toHaveLength(1);
      },
    );

    it('lets exactly one of 6 concurrent creates of the same name through', async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => h.create({ name: 'Jackpot', dataType: 'boolean' })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([
        201,
        ...Array<number>(5).fill(409),
      ]);
      expect(await h.storedByName('jackpot')).toHaveLength(1);
      expect(await h.auditCount()).toBe(1);
    });
  });

  describe('get', () => {
    it('answers the option by id, with the number of casinos that give it a value', async () => {
      const option = await h.created('Launch delay', 'duration');
      const response = await h.get(option.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(option);

      await h.casinoValue(option.id, 'casino-a', 'PT0H5M');
      await h.casinoValue(option.id, 'casino-b', 'PT1H0M');
      expect((await h.get(option.id)).json<IntegrationOption>().casinoCount).toBe(2);
    });

    it('answers 404 INTEGRATION_OPTION_NOT_FOUND for an unknown id, in German and in English', async () => {
      const german = expectError(await h.get(UNKNOWN_UUID), 404, 'INTEGRATION_OPTION_NOT_FOUND');
      expect(german.message).toBe('Die Integrationsoption existiert nicht.');
      const english = expectError(await h.get(UNKNOWN_UUID, ENGLISH), 404, 'INTEGRATION_OPTION_NOT_FOUND');
      expect(english.message).toBe('Integration option does not exist.');
    });

    it('answers 400 on params.id for an id that is not a uuid', async () => {
      const body = expectError(await h.get('not-a-uuid'), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });
  });

  describe('update', () => {
    it('changes name and data type at the current version and raises the version', async () => {
      const option = await h.created('Stake', 'number');
      const response = await h.update(option.id, { name: ' Max stake ', dataType: 'currency', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<IntegrationOption>();
      expect(body).toMatchObject({
        id: option.id,
        name: 'Max stake',
        dataType: 'currency',
        casinoCount: 0,
        version: 2,
        createdAt: option.createdAt,
      });
      expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(option.updatedAt));
      expect(await h.stored(option.id)).toMatchObject({
        name: 'Max stake',
        dataType: 'currency',
        version: 2,
      });
    });

    it('renames an option in use, keeping its data type and casino count', async () => {
      const option = await h.created('Stake', 'number');
      await h.casinoValue(option.id, 'casino-a', '12.5');
      const response = await h.update(option.id, { name: 'Stake limit', dataType: 'number', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<IntegrationOption>()).toMatchObject({ name: 'Stake limit', casinoCount: 1 });
    });

    it('refuses to change the data type while a casino has a value: 409 INTEGRATION_OPTION_IN_USE', async () => {
      const option = await h.created('Stake', 'number');
      await h.casinoValue(option.id, 'casino-a', '12.5');
      const german = expectError(
        await h.update(option.id, { name: 'Stake', dataType: 'text', version: 1 }),
        409,
        'INTEGRATION_OPTION_IN_USE',
      );
      expect(german.message).toBe('Die Integrationsoption wird verwendet.');
      const english = expectError(
        await h.update(option.id, { name: 'Other', dataType: 'boolean', version: 1 }, ENGLISH),
        409,
        'INTEGRATION_OPTION_IN_USE',
      );
      expect(english.message).toBe('Integration option in use.');
      expect(await h.stored(option.id)).toMatchObject({ name: 'Stake', dataType: 'number', version: 1 });
      expect((await h.auditFor(option.id)).map((entry) => entry.action)).toEqual(['create']);
    });

    it('refuses a stale version with 409 STALE_VERSION and changes nothing', async () => {
      const option = await h.created('Stake', 'number');
      expect(
        (await h.update(option.id, { name: 'Stake 2', dataType: 'number', version: 1 })).statusCode,
      ).toBe(200);
      const before = await h.stored(option.id);
      const stale = expectError(
        await h.update(option.id, { name: 'Lost', dataType: 'text', version: 1 }),
        409,
        'STALE_VERSION',
      );
      expect(stale.message).toBe(errorMessage('STALE_VERSION', 'de'));
      expect(await h.stored(option.id)).toEqual(before);
    });

    it('refuses the name of another option with 409 INTEGRATION_OPTION_NAME_TAKEN', async () => {
      await h.created('Jackpot', 'boolean');
      const other = await h.created('Stake', 'number');
      expectError(
        await h.update(other.id, { name: 'JACKPOT', dataType: 'number', version: 1 }),
        409,
        'INTEGRATION_OPTION_NAME_TAKEN',
      );
      expect(await h.stored(other.id)).toMatchObject({ name: 'Stake', version: 1 });
    });

    it('answers 404 INTEGRATION_OPTION_NOT_FOUND for an unknown id', async () => {
      expectError(
        await h.update(UNKNOWN_UUID, { name: 'Nowhere', dataType: 'text', version: 1 }),
        404,
        'INTEGRATION_OPTION_NOT_FOUND',
      );
    });

    it.each([
      ['a missing version', { name: 'Valid', dataType: 'text' }, 'body.version'],
      ['an unknown data type', { name: 'Valid', dataType: 'list', version: 1 }, 'body.dataType'],
    ])('refuses %s with 400', async (_label, payload, path) => {
      const option = await h.created('Stake');
      const body = expectError(await h.update(option.id, payload), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
    });
  });

  describe('delete', () => {
    it('deletes at the current version with 204, after which the option is gone', async () => {
      const option = await h.created('Stake');
      const response = await h.remove(option.id, 1);
      expect(response.statusCode).toBe(204);
      expect(await h.stored(option.id)).toBeUndefined();
      expectError(await h.get(option.id), 404, 'INTEGRATION_OPTION_NOT_FOUND');
      expectError(await h.remove(option.id, 1), 404, 'INTEGRATION_OPTION_NOT_FOUND');
    });

    it('refuses while a casino has a value with 409 INTEGRATION_OPTION_IN_USE and keeps it', async () => {
      const option = await h.created('Jackpot', 'boolean');
      await h.casinoValue(option.id, 'casino-a', 'true');
      await h.casinoValue(option.id, 'casino-b', 'false');
      const german = expectError(await h.remove(option.id, 1), 409, 'INTEGRATION_OPTION_IN_USE');
      expect(german.message).toBe('Die Integrationsoption wird verwendet.');
      // The answer says by what: the casinos that gave it a value.
      expect(usageIn(german)).toEqual([
        usedByRecords('casinos', [
          ['casino-a', 'casino-a'],
          ['casino-b', 'casino-b'],
        ]),
      ]);
      const english = expectError(await h.remove(option.id, 1, ENGLISH), 409, 'INTEGRATION_OPTION_IN_USE');
      expect(english.message).toBe('Integration option in use.');
      expect(await h.stored(option.id)).toMatchObject({ name: 'Jackpot', version: 1 });

      // Once the casinos are gone (their values go with them) the option can go.
      await ctx().database.db.delete(casinos);
      expect((await h.remove(option.id, 1)).statusCode).toBe(204);
    });

    it('maps a value added after the check (the foreign key) to INTEGRATION_OPTION_IN_USE', async () => {
      const option = await h.created('Jackpot', 'boolean');
      await h.casinoValue(option.id, 'casino-a', 'true');
      // A repository that read the option before the casino's value arrived.
      const real = createIntegrationOptionsRepository();
      const service = createIntegrationOptionsService(ctx().database.db, {
        ...real,
        findById: async (db, id) => {
          const found = await real.findById(db, id);
          return found && { ...found, casinoCount: 0 };
        },
      });
      // The foreign key refuses; the transaction, still usable, says by what.
      await expect(service.delete(option.id, 1, null, UNLIMITED)).rejects.toMatchObject({
        code: 'INTEGRATION_OPTION_IN_USE',
        details: [usedByRecords('casinos', [['casino-a', 'casino-a']])],
      });
      expect(await h.stored(option.id)).toBeDefined();
    });

    it('refuses a stale version with 409 STALE_VERSION and keeps the option', async () => {
      const option = await h.created('Stake');
      await h.update(option.id, { name: 'Stake 2', dataType: 'text', version: 1 });
      expectError(await h.remove(option.id, 1), 409, 'STALE_VERSION');
      expect(await h.stored(option.id)).toMatchObject({ name: 'Stake 2', version: 2 });
    });

    it('answers 404 for an unknown id and 400 for a bad one or a missing version', async () => {
      expectError(await h.remove(UNKNOWN_UUID, 1), 404, 'INTEGRATION_OPTION_NOT_FOUND');
      expectError(await h.remove('bad-id', 1), 400, 'VALIDATION_FAILED');
      const option = await h.created('Stake');
      const body = expectError(
        await h.inject({ method: 'DELETE', url: `${BASE}/${option.id}` }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['querystring.version']);
    });
  });

  describe('list', () => {
    const options: [string, string][] = [
      ['Max stake', 'currency'],
      ['Jackpot enabled', 'boolean'],
      ['Launch date', 'date'],
      ['Session timeout', 'duration'],
      ['Brand', 'text'],
      ['Bonus factor', 'number'],
    ];
    const byName = options.map(([name]) => name).sort();

    beforeEach(async () => {
      for (const [name, dataType] of options) await h.created(name, dataType);
    });

    it('answers the first 20 options sorted by name ascending by default', async () => {
      const page = await h.page();
      expect(page).toMatchObject({ total: 6, page: 1, pageSize: 20 });
      expect(page.items.map((item) => item.name)).toEqual(byName);
    });

    it('pages, sorts by name descending and by data type', async () => {
      const second = await h.page({ page: '2', pageSize: '4' });
      expect(second.items.map((item) => item.name)).toEqual(byName.slice(4));
      expect(second.total).toBe(6);
      expect(await h.listNames({ sort: 'name', order: 'desc' })).toEqual([...byName].reverse());
      expect((await h.page({ sort: 'dataType' })).items.map((item) => item.dataType)).toEqual([
        'boolean',
        'currency',
        'date',
        'duration',
        'number',
        'text',
      ]);
    });

    it('searches the name, case-insensitively and with wildcards taken literally', async () => {
      expect(await h.listNames({ q: 'SE' })).toEqual(['Session timeout']);
      expect(await h.listNames({ q: 'a' })).toEqual([
        'Bonus factor',
        'Brand',
        'Jackpot enabled',
        'Launch date',
        'Max stake',
      ]);
      expect(await h.listNames({ q: '%' })).toEqual([]);
    });

    it('answers each option with the number of casinos that give it a value', async () => {
      const { items } = await h.page();
      const stake = items.find((item) => item.name === 'Max stake')!;
      await h.casinoValue(stake.id, 'casino-a', 'EUR 10.00');
      await h.casinoValue(stake.id, 'casino-b', 'EUR 20.00');
      const counts = Object.fromEntries((await h.page()).items.map((item) => [item.name, item.casinoCount]));
      expect(counts).toMatchObject({ 'Max stake': 2, Brand: 0 });
    });

    it('refuses an unknown sort field with 400', async () => {
      const body = expectError(await h.list({ sort: 'casinoCount' }), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['querystring.sort']);
    });
  });

  describe('permissions', () => {
    const writes = (option: IntegrationOption): [string, InjectOptions][] => [
      ['POST', { method: 'POST', url: BASE, payload: { name: 'Intruder', dataType: 'text' } }],
      [
        'PUT',
        {
          method: 'PUT',
          url: `${BASE}/${option.id}`,
          payload: { name: 'Intruder', dataType: 'text', version: 1 },
        },
      ],
      ['DELETE', { method: 'DELETE', url: `${BASE}/${option.id}`, query: { version: '1' } }],
    ];

    it.each<Role>(['visitor', 'support', 'qa'])(
      '%s may read (200) but gets 403 NO_PERMISSION on every write, changing nothing',
      async (role) => {
        const option = await h.created('Stake');
        const user = await ctx().signIn(role);
        expect((await user.inject({ method: 'GET', url: BASE })).statusCode).toBe(200);
        const got = await user.inject({ method: 'GET', url: `${BASE}/${option.id}` });
        expect(got.json()).toEqual(option);
        for (const [method, request] of writes(option)) {
          const body = expectError(await user.inject(request), 403, 'NO_PERMISSION');
          expect(body.message, method).toBe('Keine Berechtigung.');
        }
        expect(await h.stored(option.id)).toMatchObject({ name: 'Stake', version: 1 });
        expect(await h.auditCount()).toBe(1);
      },
    );

    it('accountant gets 403 even on reads', async () => {
      const option = await h.created('Stake');
      const user = await ctx().signIn('accountant');
      expectError(await user.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
      expectError(await user.inject({ method: 'GET', url: `${BASE}/${option.id}` }), 403, 'NO_PERMISSION');
    });

    it('developer may write, and the audit trail names them', async () => {
      const user = await ctx().signIn('developer');
      const response = await user.inject({
        method: 'POST',
        url: BASE,
        payload: { name: 'Dev', dataType: 'text' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const entries = await h.auditFor(response.json<IntegrationOption>().id);
      expect(entries).toMatchObject([{ actorId: user.userId, actorName: user.username, action: 'create' }]);
    });

    it('answers 401 UNAUTHENTICATED without a session', async () => {
      const option = await h.created('Stake');
      for (const request of [
        { method: 'GET', url: BASE } as InjectOptions,
        ...writes(option).map(([, r]) => r),
      ]) {
        const response = await ctx().app.inject({
          ...request,
          headers: { 'x-requested-with': 'backoffice' },
        });
        expectError(response, 401, 'UNAUTHENTICATED');
      }
    });
  });

  describe('audit trail', () => {
    it('records create, update (changed fields only) and delete, without the casino count', async () => {
      const option = await h.created('Stake', 'number');
      await h.update(option.id, { name: 'Stake', dataType: 'currency', version: 1 });
      await h.remove(option.id, 2);
      const entries = await h.auditFor(option.id);
      expect(entries.map((entry) => [entry.entityType, entry.action])).toEqual([
        ['integration-option', 'create'],
        ['integration-option', 'update'],
        ['integration-option', 'delete'],
      ]);
      expect(entries[0]!.changes).toEqual({
        id: { before: null, after: option.id },
        name: { before: null, after: 'Stake' },
        dataType: { before: null, after: 'number' },
      });
      expect(entries[1]!.changes).toEqual({ dataType: { before: 'number', after: 'currency' } });
      expect(entries[2]!.changes).toEqual({
        id: { before: option.id, after: null },
        name: { before: 'Stake', after: null },
        dataType: { before: 'currency', after: null },
      });
    });

    it('appends nothing when a write fails', async () => {
      const option = await h.created('Stake', 'number');
      const used = await h.created('Jackpot', 'boolean');
      await h.casinoValue(used.id, 'casino-a', 'false');
      const before = await h.auditCount();
      expectError(await h.create({ name: 'stake', dataType: 'text' }), 409, 'INTEGRATION_OPTION_NAME_TAKEN');
      expectError(
        await h.update(option.id, { name: 'New', dataType: 'text', version: 7 }),
        409,
        'STALE_VERSION',
      );
      expectError(
        await h.update(used.id, { name: 'Jackpot', dataType: 'text', version: 1 }),
        409,
        'INTEGRATION_OPTION_IN_USE',
      );
      expectError(await h.remove(used.id, 1), 409, 'INTEGRATION_OPTION_IN_USE');
      expect(await h.auditCount()).toBe(before);
    });

    it('rolls each write back when its audit entry cannot be written (same transaction)', async () => {
      const option = await h.created('Stake');
      await h.withFailingAudit(async () => {
        expectError(await h.create({ name: 'Brand', dataType: 'text' }), 500, 'INTERNAL');
        expectError(await h.update(option.id, { name: 'X', dataType: 'text', version: 1 }), 500, 'INTERNAL');
        expectError(await h.remove(option.id, 1), 500, 'INTERNAL');
      });
      expect(await h.storedByName('Brand')).toEqual([]);
      expect(await h.stored(option.id)).toMatchObject({ name: 'Stake', version: 1 });
    });
  });
});
