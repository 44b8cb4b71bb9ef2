import {
  FX_IMPORT_MAX_LINES,
  type ErrorBody,
  type FxRate,
  type GlobalSettings,
  type Page,
  type Role,
} from '@backoffice/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, fxRates, globalSettings } from '../../db/schema/index';
import { changeEntries, clearAuditTrail } from '../../test/databases';
import { describeEachEngine, type TestContext } from '../../test/app';
import { ENGLISH, expectError } from '../../test/api';

const RATES = '/api/masterdata/fx-rates';
const SETTINGS = '/api/masterdata/settings';
const HEADER = 'day,currency,rateToEur';

function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);
  const db = () => ctx().database.db;

  const create = (payload: Record<string, unknown>, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: RATES, payload, headers });

  async function created(day: string, currency: string, rateToEur: string): Promise<FxRate> {
    const response = await create({ day, currency, rateToEur });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FxRate>();
  }

  const get = (day: string, currency: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'GET', url: `${RATES}/${day}/${currency}`, headers });

  const list = (query: Record<string, string> = {}) => inject({ method: 'GET', url: RATES, query });

  async function page(query: Record<string, string> = {}): Promise<Page<FxRate>> {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<FxRate>>();
  }

  const keys = async (query: Record<string, string> = {}) =>
    (await page(query)).items.map((rate) => `${rate.day}/${rate.currency}`);

  const update = (
    day: string,
    currency: string,
    payload: Record<string, unknown>,
    headers: InjectOptions['headers'] = {},
  ) => inject({ method: 'PUT', url: `${RATES}/${day}/${currency}`, payload, headers });

  const remove = (day: string, currency: string, version: number, headers: InjectOptions['headers'] = {}) =>
    inject({
      method: 'DELETE',
      url: `${RATES}/${day}/${currency}`,
      query: { version: String(version) },
      headers,
    });

  const importCsv = (csv: string, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: `${RATES}/import`, payload: { csv }, headers });

  async function stored(day: string, currency: string) {
    const [row] = await db()
      .select()
      .from(fxRates)
      .where(and(eq(fxRates.day, day), eq(fxRates.currency, currency)));
    return row;
  }

  const allRates = () => db().select().from(fxRates).orderBy(fxRates.day, fxRates.currency);

  async function auditFor(entityId: string) {
    return db()
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, entityId))
      .orderBy(auditEntries.id);
  }

  const allAudit = () => changeEntries(db());

  return {
    inject,
    create,
    created,
    get,
    list,
    page,
    keys,
    update,
    remove,
    importCsv,
    stored,
    allRates,
    auditFor,
    allAudit,
  };
}

describeEachEngine('master data API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(fxRates);
    await ctx().changeBehindTheApp(() =>
      db
        .update(globalSettings)
        .set({ defaultGameRoundValidityPeriodDays: 30, version: 1 })
        .where(eq(globalSettings.id, 1)),
    );
    await clearAuditTrail(db);
  });

  describe('exchange rates: create and get', () => {
    it('answers 201 with the new rate at version 1, the currency upper-cased', async () => {
      const response = await h.create({ day: '2025-01-31', currency: ' usd ', rateToEur: '0.9234' });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<FxRate>();
      expect(Object.keys(body).sort()).toEqual([
        'createdAt',
        'currency',
        'day',
        'rateToEur',
        'updatedAt',
        'version',
      ]);
      expect(body).toMatchObject({ day: '2025-01-31', currency: 'USD', rateToEur: '0.9234', version: 1 });
      expect((await h.get('2025-01-31', 'USD')).json()).toEqual(body);
      expect((await h.get('2025-01-31', 'usd')).json()).toEqual(body);
      expect(await h.stored('2025-01-31', 'USD')).toMatchObject({ rateToEur: '0.9234000000' });
    });

    it('keeps the rate exact to ten decimals', async () => {
      expect(await h.created('2025-01-31', 'JPY', '0.0061234567')).toMatchObject({
        rateToEur: '0.0061234567',
      });
      expect(await h.created('2025-01-31', 'KWD', '12345678.1234567891')).toMatchObject({
        rateToEur: '12345678.1234567891',
      });
      expect(await h.created('2025-01-31', 'CHF', '1.0000')).toMatchObject({ rateToEur: '1' });
    });

    it.each([
      ['a day that does not exist', { day: '2025-02-30', currency: 'USD', rateToEur: '1' }, 'body.day'],
      ['EUR', { day: '2025-01-31', currency: 'EUR', rateToEur: '1' }, 'body.currency'],
      ['a two-letter currency', { day: '2025-01-31', currency: 'US', rateToEur: '1' }, 'body.currency'],
      ['"NaN" (no ISO 4217 code)', { day: '2025-01-31', currency: 'NaN', rateToEur: '1' }, 'body.currency'],
      ['an unknown code', { day: '2025-01-31', currency: 'ABC', rateToEur: '1' }, 'body.currency'],
      ['a rate of 0', { day: '2025-01-31', currency: 'USD', rateToEur: '0' }, 'body.rateToEur'],
      ['a negative rate', { day: '2025-01-31', currency: 'USD', rateToEur: '-1' }, 'body.rateToEur'],
      ['a decimal comma', { day: '2025-01-31', currency: 'USD', rateToEur: '0,9' }, 'body.rateToEur'],
      ['11 decimals', { day: '2025-01-31', currency: 'USD', rateToEur: '0.00000000001' }, 'body.rateToEur'],
      ['a number', { day: '2025-01-31', currency: 'USD', rateToEur: 0.9 }, 'body.rateToEur'],
    ])('refuses %s with 400 VALIDATION_FAILED and writes nothing', async (_label, payload, path) => {
      const body = expectError(await h.create(payload), 400, 'VALIDATION_FAILED');
      expect(new Set(body.details?.map((detail) => detail.path))).toEqual(new Set([path]));
      expect(await h.allRates()).toEqual([]);
      expect(await h.allAudit()).toEqual([]);
    });

    it('refuses a second rate of the currency on the day: 409 FX_RATE_EXISTS, in German and English', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      const german = expectError(
        await h.create({ day: '2025-01-31', currency: 'usd', rateToEur: '0.95' }),
        409,
        'FX_RATE_EXISTS',
      );
      expect(german.message).toBe('Für diese Währung gibt es an diesem Tag bereits einen Kurs.');
      const english = expectError(
        await h.create({ day: '2025-01-31', currency: 'USD', rateToEur: '0.95' }, ENGLISH),
        409,
        'FX_RATE_EXISTS',
      );
      expect(english.message).toBe('There is already a rate for this currency on this day.');
      expect(await h.stored('2025-01-31', 'USD')).toMatchObject({ rateToEur: '0.9200000000', version: 1 });
      expect(await h.allAudit()).toHaveLength(1);
    });

    it('lets exactly one of 5 concurrent creates of the same day and currency through', async () => {
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, n) =>
          h.create({ day: '2025-01-31', currency: 'USD', rateToEur: `0.9${n}` }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(await h.allRates()).toHaveLength(1);
      expect(await h.allAudit()).toHaveLength(1);
    });

    it('answers 404 RECORD_NOT_FOUND for an unknown rate, in German and English', async () => {
      const german = expectError(await h.get('2025-01-31', 'USD'), 404, 'RECORD_NOT_FOUND');
      expect(german.message).toBe('Der Datensatz existiert nicht (mehr).');
      const english = expectError(await h.get('2025-01-31', 'USD', ENGLISH), 404, 'RECORD_NOT_FOUND');
      expect(english.message).toBe('The record does not exist (any more).');
    });

    it.each([
      ['2025-13-01/USD', 'params.day'],
      ['2025-01-31/US1', 'params.currency'],
    ])('answers 400 for %s', async (key, path) => {
      const body = expectError(
        await h.inject({ method: 'GET', url: `${RATES}/${key}` }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
    });
  });

  describe('exchange rates: change and delete', () => {
    it('changes the rate at the current version and raises the version', async () => {
      const rate = await h.created('2025-01-31', 'USD', '0.92');
      const response = await h.update('2025-01-31', 'usd', { rateToEur: '0.9300', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<FxRate>();
      expect(body).toMatchObject({ day: '2025-01-31', currency: 'USD', rateToEur: '0.93', version: 2 });
      expect(body.createdAt).toBe(rate.createdAt);
      expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(rate.updatedAt));
    });

    it('refuses a stale version with 409 STALE_VERSION (German and English) and changes nothing', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      await h.update('2025-01-31', 'USD', { rateToEur: '0.93', version: 1 });
      const german = expectError(
        await h.update('2025-01-31', 'USD', { rateToEur: '0.99', version: 1 }),
        409,
        'STALE_VERSION',
      );
      expect(german.message).toBe(
        'Jemand anderes hat diesen Datensatz inzwischen geändert. Laden Sie ihn neu und wiederholen Sie Ihre Änderung.',
      );
      const english = expectError(await h.remove('2025-01-31', 'USD', 1, ENGLISH), 409, 'STALE_VERSION');
      expect(english.message).toBe(
        'Someone else changed this record in the meantime. Reload it and apply your change again.',
      );
      expect(await h.stored('2025-01-31', 'USD')).toMatchObject({ rateToEur: '0.9300000000', version: 2 });
    });

    it('answers 404 RECORD_NOT_FOUND on changing or deleting an unknown rate', async () => {
      expectError(
        await h.update('2025-01-31', 'USD', { rateToEur: '1', version: 1 }),
        404,
        'RECORD_NOT_FOUND',
      );
      expectError(await h.remove('2025-01-31', 'USD', 1), 404, 'RECORD_NOT_FOUND');
    });

    it('refuses a bad rate or a missing version with 400', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      const body = expectError(
        await h.update('2025-01-31', 'USD', { rateToEur: 'abc' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(new Set(body.details?.map((detail) => detail.path))).toEqual(
        new Set(['body.rateToEur', 'body.version']),
      );
      const noVersion = expectError(
        await h.inject({ method: 'DELETE', url: `${RATES}/2025-01-31/USD` }),
        400,
        'VALIDATION_FAILED',
      );
      expect(noVersion.details?.map((detail) => detail.path)).toEqual(['querystring.version']);
    });

    it('deletes at the current version with 204', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      const response = await h.remove('2025-01-31', 'USD', 1);
      expect(response.statusCode).toBe(204);
      expect(await h.stored('2025-01-31', 'USD')).toBeUndefined();
      // The day and currency are free again.
      expect((await h.create({ day: '2025-01-31', currency: 'USD', rateToEur: '0.9' })).statusCode).toBe(201);
    });
  });

  describe('exchange rates: list', () => {
    beforeEach(async () => {
      for (const [day, currency, rate] of [
        ['2025-01-30', 'USD', '0.91'],
        ['2025-01-31', 'USD', '0.92'],
        ['2025-02-01', 'USD', '0.93'],
        ['2025-01-31', 'GBP', '1.18'],
        ['2025-02-01', 'CHF', '1.05'],
      ] as const) {
        await h.created(day, currency, rate);
      }
    });

    it('answers newest day first, currencies in order within a day', async () => {
      const page = await h.page();
      expect(page).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      expect(page.items.map((rate) => `${rate.day}/${rate.currency}`)).toEqual([
        '2025-02-01/CHF',
        '2025-02-01/USD',
        '2025-01-31/GBP',
        '2025-01-31/USD',
        '2025-01-30/USD',
      ]);
      expect(await h.keys({ order: 'asc', pageSize: '2' })).toEqual(['2025-01-30/USD', '2025-01-31/GBP']);
    });

    it('filters by currency (any case) and by first and last day, paging within the matches', async () => {
      expect(await h.keys({ currency: 'usd' })).toEqual([
        '2025-02-01/USD',
        '2025-01-31/USD',
        '2025-01-30/USD',
      ]);
      expect(await h.keys({ from: '2025-01-31', to: '2025-01-31' })).toEqual([
        '2025-01-31/GBP',
        '2025-01-31/USD',
      ]);
      expect(await h.keys({ from: '2025-02-01' })).toEqual(['2025-02-01/CHF', '2025-02-01/USD']);
      expect(await h.keys({ to: '2025-01-30' })).toEqual(['2025-01-30/USD']);
      const second = await h.page({ currency: 'USD', pageSize: '2', page: '2' });
      expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(second.items.map((rate) => rate.day)).toEqual(['2025-01-30']);
    });

    it.each([
      ['a bad currency', { currency: 'US' }, 'querystring.currency'],
      ['a bad day', { from: '31.01.2025' }, 'querystring.from'],
      ['pageSize above 100', { pageSize: '101' }, 'querystring.pageSize'],
    ])('refuses %s with 400', async (_label, query, path) => {
      const body = expectError(await h.list(query), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
    });
  });

  describe('exchange rates: import', () => {
    it('creates new rates and updates existing ones, counting each', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      const response = await h.importCsv(
        [HEADER, '2025-01-31,USD,0.95', '2025-01-31,GBP,1.18', '2025-02-01,usd,0.96', ''].join('\n'),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ created: 2, updated: 1 });
      expect((await h.allRates()).map((row) => [row.day, row.currency, row.rateToEur, row.version])).toEqual([
        ['2025-01-31', 'GBP', '1.1800000000', 1],
        ['2025-01-31', 'USD', '0.9500000000', 2],
        ['2025-02-01', 'USD', '0.9600000000', 1],
      ]);
    });

    it('takes ; as separator with decimal commas', async () => {
      const response = await h.importCsv('day;currency;rateToEur\r\n2025-01-31;CHF;1,0512\r\n');
      expect(response.json()).toEqual({ created: 1, updated: 0 });
      expect((await h.get('2025-01-31', 'CHF')).json<FxRate>().rateToEur).toBe('1.0512');
    });

    it('writes one audit entry per created or updated rate', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      const user = await ctx().signIn('developer');
      const response = await user.inject({
        method: 'POST',
        url: `${RATES}/import`,
        payload: { csv: [HEADER, '2025-01-31,USD,0.95', '2025-01-31,GBP,1.18'].join('\n') },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await h.auditFor('2025-01-31/USD')).toMatchObject([
        { entityType: 'fx-rate', action: 'create' },
        {
          entityType: 'fx-rate',
          action: 'update',
          actorId: user.userId,
          actorName: user.username,
          changes: { rateToEur: { before: '0.92', after: '0.95' } },
        },
      ]);
      expect(await h.auditFor('2025-01-31/GBP')).toMatchObject([
        {
          action: 'create',
          actorId: user.userId,
          changes: {
            day: { before: null, after: '2025-01-31' },
            currency: { before: null, after: 'GBP' },
            rateToEur: { before: null, after: '1.18' },
          },
        },
      ]);
    });

    it('refuses the whole import when any line is bad: 400 FX_IMPORT_INVALID with each bad line, nothing written', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      const before = { rates: await h.allRates(), audit: await h.allAudit() };
      const csv = [
        HEADER,
        '2025-01-31,USD,0.95',
        '2025-01-31,GBP,1.18',
        '2025-01-32,CHF,1.05',
        '2025-01-31,GBP,1.19',
        '2025-02-01,EUR,1',
      ].join('\n');
      const german = expectError(await h.importCsv(csv), 400, 'FX_IMPORT_INVALID');
      expect(german.message).toBe('Der Import enthält ungültige Zeilen; es wurde nichts importiert.');
      expect(german.details).toEqual([
        { path: 'line 4', message: 'day: kein Datum der Form yyyy-MM-dd.' },
        { path: 'line 5', message: 'Derselbe Tag und dieselbe Währung wie in Zeile 3.' },
        { path: 'line 6', message: 'currency: kein dreibuchstabiger Währungscode außer EUR.' },
      ]);
      const english = expectError(await h.importCsv(csv, ENGLISH), 400, 'FX_IMPORT_INVALID');
      expect(english.message).toBe('The import has invalid lines; nothing was imported.');
      expect(english.details?.map((detail) => detail.message)).toEqual([
        'day: not a date of the form yyyy-MM-dd.',
        'The same day and currency as line 3.',
        'currency: not a three-letter currency code other than EUR.',
      ]);
      expect(await h.allRates()).toEqual(before.rates);
      expect(await h.allAudit()).toEqual(before.audit);
    });

    it('refuses a missing header and an import without rates', async () => {
      const body = expectError(await h.importCsv('2025-01-31,USD,0.95'), 400, 'FX_IMPORT_INVALID');
      expect(body.details).toEqual([
        { path: 'line 1', message: 'Die erste Zeile muss die Kopfzeile day,currency,rateToEur sein.' },
      ]);
      expectError(await h.importCsv(HEADER), 400, 'FX_IMPORT_INVALID');
      expectError(await h.importCsv(''), 400, 'FX_IMPORT_INVALID');
      expect(await h.allRates()).toEqual([]);
    });

    it('rolls the whole import back when a write fails midway', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      const before = { rates: await h.allRates(), audit: await h.allAudit() };
      const { db } = ctx().database;
      await db.execute(
        sql`alter table fx_rates add constraint test_reject_rate check (currency <> 'ZAR') not valid`,
      );
      try {
        const response = await h.importCsv(
          [HEADER, '2025-01-31,USD,0.95', '2025-01-31,GBP,1.18', '2025-01-31,ZAR,0.05'].join('\n'),
        );
        expectError(response, 500, 'INTERNAL');
      } finally {
        await db.execute(sql`alter table fx_rates drop constraint test_reject_rate`);
      }
      expect(await h.allRates()).toEqual(before.rates);
      expect(await h.allAudit()).toEqual(before.audit);
    });

    it(`imports ${FX_IMPORT_MAX_LINES} rates at once and refuses one more`, async () => {
      const day = (n: number) => new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      const lines = Array.from({ length: FX_IMPORT_MAX_LINES }, (_, n) => `${day(n)},USD,1.${n + 1}`);
      // Half of them exist already.
      await h.importCsv([HEADER, ...lines.slice(0, FX_IMPORT_MAX_LINES / 2)].join('\n'));
      const response = await h.importCsv([HEADER, ...lines].join('\n'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ created: FX_IMPORT_MAX_LINES / 2, updated: FX_IMPORT_MAX_LINES / 2 });
      expect(await h.allRates()).toHaveLength(FX_IMPORT_MAX_LINES);
      expect(await h.allAudit()).toHaveLength(FX_IMPORT_MAX_LINES * 1.5);

      const tooMany = expectError(
        await h.importCsv([HEADER, ...lines, `${day(FX_IMPORT_MAX_LINES)},USD,2`].join('\n'), ENGLISH),
        400,
        'FX_IMPORT_INVALID',
      );
      expect(tooMany.details).toEqual([
        {
          path: `line ${FX_IMPORT_MAX_LINES + 2}`,
          message: `At most ${FX_IMPORT_MAX_LINES} rates per import.`,
        },
      ]);
    }, 60_000);

    it('refuses a body without csv with 400', async () => {
      const body = expectError(
        await h.inject({ method: 'POST', url: `${RATES}/import`, payload: {} }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['body.csv']);
    });
  });

  describe('global settings', () => {
    it('answers the seeded defaults', async () => {
      const response = await h.inject({ method: 'GET', url: SETTINGS });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GlobalSettings>()).toMatchObject({
        defaultGameRoundValidityPeriodDays: 30,
        version: 1,
      });
    });

    it('changes the default at the current version, audited as settings', async () => {
      const response = await h.inject({
        method: 'PUT',
        url: SETTINGS,
        payload: { defaultGameRoundValidityPeriodDays: 45, version: 1 },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GlobalSettings>()).toMatchObject({
        defaultGameRoundValidityPeriodDays: 45,
        version: 2,
      });
      expect(await h.auditFor('global')).toMatchObject([
        {
          entityType: 'settings',
          action: 'update',
          changes: { defaultGameRoundValidityPeriodDays: { before: 30, after: 45 } },
        },
      ]);
    });

    it('defines a big win and the CPV deactivation, audited; leaves out fields as they are', async () => {
      const response = await h.inject({
        method: 'PUT',
        url: SETTINGS,
        payload: {
          defaultGameRoundValidityPeriodDays: 30,
          bigWinBetMultiple: 50.5,
          bigWinMinEur: null,
          cpvDeactivateOnMismatch: true,
          version: 1,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GlobalSettings>()).toMatchObject({
        bigWinBetMultiple: 50.5,
        bigWinMinEur: null,
        cpvDeactivateOnMismatch: true,
        version: 2,
      });
      expect(await h.auditFor('global')).toMatchObject([
        {
          entityType: 'settings',
          changes: {
            bigWinBetMultiple: { before: 20, after: 50.5 },
            bigWinMinEur: { before: 1000, after: null },
            cpvDeactivateOnMismatch: { before: false, after: true },
          },
        },
      ]);
      const unchanged = await h.inject({
        method: 'PUT',
        url: SETTINGS,
        payload: { defaultGameRoundValidityPeriodDays: 31, version: 2 },
      });
      expect(unchanged.json<GlobalSettings>()).toMatchObject({ bigWinBetMultiple: 50.5, bigWinMinEur: null });
      for (const bad of [
        { bigWinBetMultiple: 0 },
        { bigWinBetMultiple: -3 },
        { bigWinMinEur: 0 },
        { bigWinBetMultiple: 1.001 },
      ]) {
        expectError(
          await h.inject({
            method: 'PUT',
            url: SETTINGS,
            payload: { defaultGameRoundValidityPeriodDays: 31, version: 3, ...bad },
          }),
          400,
          'VALIDATION_FAILED',
        );
      }
    });

    it('refuses a stale version with 409 STALE_VERSION and a bad period with 400', async () => {
      await h.inject({
        method: 'PUT',
        url: SETTINGS,
        payload: { defaultGameRoundValidityPeriodDays: 45, version: 1 },
      });
      expectError(
        await h.inject({
          method: 'PUT',
          url: SETTINGS,
          payload: { defaultGameRoundValidityPeriodDays: 60, version: 1 },
        }),
        409,
        'STALE_VERSION',
      );
      for (const days of [0, 1.5, null, '30']) {
        const body = expectError(
          await h.inject({
            method: 'PUT',
            url: SETTINGS,
            payload: { defaultGameRoundValidityPeriodDays: days, version: 2 },
          }),
          400,
          'VALIDATION_FAILED',
        );
        expect(body.details?.map((detail) => detail.path)).toEqual([
          'body.defaultGameRoundValidityPeriodDays',
        ]);
      }
      expect((await h.inject({ method: 'GET', url: SETTINGS })).json<GlobalSettings>()).toMatchObject({
        defaultGameRoundValidityPeriodDays: 45,
        version: 2,
      });
      expect(await h.allAudit()).toHaveLength(1);
    });
  });

  describe('permissions', () => {
    const rateWrites: InjectOptions[] = [
      { method: 'POST', url: RATES, payload: { day: '2025-01-31', currency: 'GBP', rateToEur: '1.2' } },
      { method: 'PUT', url: `${RATES}/2025-01-31/USD`, payload: { rateToEur: '1', version: 1 } },
      { method: 'DELETE', url: `${RATES}/2025-01-31/USD`, query: { version: '1' } },
      { method: 'POST', url: `${RATES}/import`, payload: { csv: `${HEADER}\n2025-01-31,USD,1` } },
    ];
    const settingsWrite: InjectOptions = {
      method: 'PUT',
      url: SETTINGS,
      payload: { defaultGameRoundValidityPeriodDays: 7, version: 1 },
    };
    const rateReads: InjectOptions[] = [
      { method: 'GET', url: RATES },
      { method: 'GET', url: `${RATES}/2025-01-31/USD` },
    ];
    const settingsRead: InjectOptions = { method: 'GET', url: SETTINGS };

    beforeEach(async () => {
      await h.created('2025-01-31', 'USD', '0.92');
    });

    it.each<[Role, { rates: boolean; settings: boolean }]>([
      ['visitor', { rates: true, settings: true }],
      ['accountant', { rates: true, settings: false }],
      ['qa', { rates: false, settings: true }],
      ['support', { rates: false, settings: true }],
    ])('%s reads as the matrix says and may write nothing', async (role, may) => {
      const user = await ctx().signIn(role);
      for (const request of rateReads) {
        const response = await user.inject(request);
        if (may.rates) expect(response.statusCode, `${request.url}`).toBe(200);
        else expectError(response, 403, 'NO_PERMISSION');
      }
      const settings = await user.inject(settingsRead);
      if (may.settings) expect(settings.statusCode).toBe(200);
      else expectError(settings, 403, 'NO_PERMISSION');
      for (const request of [...rateWrites, settingsWrite]) {
        const body: ErrorBody = expectError(await user.inject(request), 403, 'NO_PERMISSION');
        expect(body.message).toBe('Keine Berechtigung.');
      }
      expect(await h.allRates()).toHaveLength(1);
      expect(await h.allAudit()).toHaveLength(1);
    });

    it('developer may write rates and settings', async () => {
      const user = await ctx().signIn('developer');
      for (const request of [rateWrites[0]!, rateWrites[1]!, settingsWrite]) {
        const response = await user.inject(request);
        expect(response.statusCode, response.body).toBeLessThan(300);
      }
    });

    it('answers 401 UNAUTHENTICATED without a session', async () => {
      for (const request of [...rateReads, settingsRead, ...rateWrites, settingsWrite]) {
        const response = await ctx().app.inject({
          ...request,
          headers: { 'x-requested-with': 'backoffice' },
        });
        expectError(response, 401, 'UNAUTHENTICATED');
      }
    });
  });

  describe('audit trail of single rates', () => {
    it('records create, update and delete under day/currency', async () => {
      await h.created('2025-01-31', 'USD', '0.92');
      await h.update('2025-01-31', 'USD', { rateToEur: '0.93', version: 1 });
      await h.remove('2025-01-31', 'USD', 2);
      const entries = await h.auditFor('2025-01-31/USD');
      expect(entries.map((entry) => [entry.entityType, entry.action])).toEqual([
        ['fx-rate', 'create'],
        ['fx-rate', 'update'],
        ['fx-rate', 'delete'],
      ]);
      expect(entries[1]!.changes).toEqual({ rateToEur: { before: '0.92', after: '0.93' } });
      expect(entries[2]!.changes).toEqual({
        day: { before: '2025-01-31', after: null },
        currency: { before: 'USD', after: null },
        rateToEur: { before: '0.93', after: null },
      });
    });
  });
});
