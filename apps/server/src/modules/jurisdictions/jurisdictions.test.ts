import {
  errorMessage,
  type ErrorBody,
  type Jurisdiction,
  type Page,
  type RecordUsage,
} from '@backoffice/contracts';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bridges,
  casinos,
  gameVersionJurisdictions,
  gameVersions,
  jurisdictions,
} from '../../db/schema/index';
import { ENGLISH, resetCatalogue, seedAlphaAndBeta, usageIn, usedByRecords } from '../../test/api';
import { describeEachEngine, type TestContext } from '../../test/app';
import { auditEntriesOf, auditEntryCount, clearAuditTrail } from '../../test/databases';

const BASE = '/api/jurisdictions';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Request helpers bound to one suite's app and database. */
function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);

  async function create(name: string, headers: InjectOptions['headers'] = {}) {
    return inject({ method: 'POST', url: BASE, payload: { name }, headers });
  }

  /** Creates a jurisdiction that must succeed and returns it. */
  async function created(name: string): Promise<Jurisdiction> {
    const response = await create(name);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Jurisdiction>();
  }

  async function list(query: Record<string, string> = {}) {
    return inject({ method: 'GET', url: BASE, query });
  }

  async function listNames(query: Record<string, string> = {}): Promise<string[]> {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<Jurisdiction>>().items.map((item) => item.name);
  }

  async function update(id: string, body: Record<string, unknown>) {
    return inject({ method: 'PUT', url: `${BASE}/${id}`, payload: body });
  }

  async function remove(id: string, version?: number | string) {
    const query: Record<string, string> = version === undefined ? {} : { version: String(version) };
    return inject({ method: 'DELETE', url: `${BASE}/${id}`, query });
  }

  async function stored(id: string) {
    const [row] = await ctx().database.db.select().from(jurisdictions).where(eq(jurisdictions.id, id));
    return row;
  }

  async function storedByName(name: string) {
    return ctx()
      .database.db.select()
      .from(jurisdictions)
      .where(sql`lower(${jurisdictions.name}) = lower(${name})`);
  }

  const auditFor = (id: string) => auditEntriesOf(ctx().database.db, id);

  const auditCount = () => auditEntryCount(ctx().database.db);

  /** Makes every audit insert for jurisdictions fail at the database, for the duration of `fn`. */
  async function withFailingAudit(fn: () => Promise<void>) {
    const { db } = ctx().database;
    await db.execute(
      sql`alter table audit_entries add constraint test_reject_audit check (entity_type <> 'jurisdiction') not valid`,
    );
    try {
      await fn();
    } finally {
      await db.execute(sql`alter table audit_entries drop constraint test_reject_audit`);
    }
  }

  /**
   * Makes every commit that wrote a jurisdiction fail (a deferred trigger raises at commit), for the
   * duration of `fn`: an audit entry written outside the write's transaction would survive this.
   */
  async function withFailingCommit(fn: () => Promise<void>) {
    const { db } = ctx().database;
    await db.execute(
      sql.raw(`create function test_reject_commit() returns trigger language plpgsql
        as $$ begin raise exception 'rejected at commit'; end $$`),
    );
    await db.execute(
      sql.raw(`create constraint trigger test_reject_commit after insert or update or delete on jurisdictions
        deferrable initially deferred for each row execute function test_reject_commit()`),
    );
    try {
      await fn();
    } finally {
      await db.execute(sql.raw('drop trigger test_reject_commit on jurisdictions'));
      await db.execute(sql.raw('drop function test_reject_commit()'));
    }
  }

  return {
    inject,
    create,
    created,
    list,
    listNames,
    update,
    remove,
    stored,
    storedByName,
    auditFor,
    auditCount,
    withFailingAudit,
    withFailingCommit,
  };
}

function expectError(
  response: { statusCode: number; json: <T>() => T; body: string },
  statusCode: number,
  code: ErrorBody['code'],
) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json<ErrorBody>();
  expect(body.statusCode).toBe(statusCode);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  return body;
}

describeEachEngine('jurisdictions API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(jurisdictions);
    await clearAuditTrail(db);
  });

  describe('create', () => {
    it('answers 201 with the new record at version 1', async () => {
      const before = Date.now();
      const response = await h.create('Malta');
      expect(response.statusCode).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json<Jurisdiction>();
      expect(Object.keys(body).sort()).toEqual(['createdAt', 'id', 'name', 'updatedAt', 'version']);
      expect(body).toMatchObject({ name: 'Malta', version: 1 });
      expect(body.id).toMatch(UUID);
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
      expect(Date.parse(body.createdAt)).toBeGreaterThanOrEqual(before - 60_000);
      expect(body.updatedAt).toBe(body.createdAt);
      expect(await h.stored(body.id)).toMatchObject({ name: 'Malta', version: 1 });
    });

    it('trims the name before storing it', async () => {
      const body = await h.created('   Gibraltar  ');
      expect(body.name).toBe('Gibraltar');
      expect((await h.stored(body.id))?.name).toBe('Gibraltar');
    });

    it('accepts a name of exactly 100 characters', async () => {
      const name = 'N'.repeat(100);
      expect((await h.created(name)).name).toBe(name);
    });

    it.each(['Curacao', 'CURACAO', 'curacao', '  cUrAcAo '])(
      'refuses "%s" when "Curacao" exists: 409 JURISDICTION_NAME_TAKEN in German by default',
      async (duplicate) => {
        await h.created('Curacao');
        const body = expectError(await h.create(duplicate), 409, 'JURISDICTION_NAME_TAKEN');
        expect(body).toEqual({
          statusCode: 409,
          code: 'JURISDICTION_NAME_TAKEN',
          message: errorMessage('JURISDICTION_NAME_TAKEN', 'de'),
        });
        expect(body.message).not.toBe('Jurisdiction name already taken.');
        expect(await h.storedByName('curacao')).toHaveLength(1);
      },
    );

    it.each([
      ['the language cookie', { cookie: 'lang=en' }],
      ['Accept-Language', { 'accept-language': 'en' }],
      ['Accept-Language with a region and weights', { 'accept-language': 'fr-CH, en-GB;q=0.8, de;q=0.5' }],
      [
        'an unsupported cookie, falling back to Accept-Language',
        { cookie: 'lang=fr', 'accept-language': 'en' },
      ],
    ])('answers the duplicate in English when asked through %s', async (_label, headers) => {
      await h.created('Anjouan');
      const body = expectError(await h.create('anjouan', headers), 409, 'JURISDICTION_NAME_TAKEN');
      expect(body.message).toBe('Jurisdiction name already taken.');
    });

    it('prefers the language cookie over Accept-Language', async () => {
      await h.created('Anjouan');
      const body = expectError(
        await h.create('Anjouan', { cookie: 'lang=de', 'accept-language': 'en' }),
        409,
        'JURISDICTION_NAME_TAKEN',
      );
      expect(body.message).toBe(errorMessage('JURISDICTION_NAME_TAKEN', 'de'));
    });

    it.each([
      ['an empty name', ''],
      ['a blank name', '    '],
      ['a name of 101 characters', 'x'.repeat(101)],
      ['a name that is too long even after trimming', ` ${'y'.repeat(101)} `],
    ])('refuses %s with 400 VALIDATION_FAILED on body.name and writes nothing', async (_label, name) => {
      const body = expectError(await h.create(name), 400, 'VALIDATION_FAILED');
      expect(body.message).toBe(errorMessage('VALIDATION_FAILED', 'de'));
      expect(body.details).toEqual([{ path: 'body.name', message: expect.any(String) }]);
      expect(body.details![0]!.message).not.toBe('');
      expect(await ctx().database.db.select().from(jurisdictions)).toEqual([]);
      expect(await h.auditCount()).toBe(0);
    });

    it.each([
      ['no name', {}],
      ['a number as name', { name: 42 }],
      ['null as name', { name: null }],
    ])('refuses a body with %s on body.name', async (_label, payload) => {
      const body = expectError(
        await h.inject({ method: 'POST', url: BASE, payload }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['body.name']);
      expect(await ctx().database.db.select().from(jurisdictions)).toEqual([]);
    });

    it('localises validation details in English when asked', async () => {
      const german = expectError(await h.create(''), 400, 'VALIDATION_FAILED');
      const english = expectError(await h.create('', { cookie: 'lang=en' }), 400, 'VALIDATION_FAILED');
      expect(english.message).toBe('The input is not valid.');
      expect(english.details![0]!.message).not.toBe(german.details![0]!.message);
    });
  });

  describe('list', () => {
    const names = ['Malta', 'Alderney', 'Gibraltar', 'Kahnawake', 'Curacao', 'Ontario'];
    const sorted = [...names].sort();

    beforeEach(async () => {
      for (const name of names) await h.created(name);
    });

    it('answers the first 20 rows sorted by name ascending by default', async () => {
      const response = await h.list();
      expect(response.statusCode).toBe(200);
      const page = response.json<Page<Jurisdiction>>();
      expect(page).toMatchObject({ total: 6, page: 1, pageSize: 20 });
      expect(page.items.map((item) => item.name)).toEqual(sorted);
      expect(Object.keys(page.items[0]!).sort()).toEqual(['createdAt', 'id', 'name', 'updatedAt', 'version']);
    });

    it('pages through the rows with page and pageSize, counting all of them', async () => {
      const pages = [];
      for (const page of ['1', '2', '3', '4']) {
        const response = await h.list({ page, pageSize: '2' });
        expect(response.statusCode).toBe(200);
        pages.push(response.json<Page<Jurisdiction>>());
      }
      expect(pages.map((page) => [page.page, page.pageSize, page.total])).toEqual([
        [1, 2, 6],
        [2, 2, 6],
        [3, 2, 6],
        [4, 2, 6],
      ]);
      expect(pages.map((page) => page.items.map((item) => item.name))).toEqual([
        sorted.slice(0, 2),
        sorted.slice(2, 4),
        sorted.slice(4, 6),
        [],
      ]);
    });

    it('sorts by name descending', async () => {
      expect(await h.listNames({ sort: 'name', order: 'desc' })).toEqual([...sorted].reverse());
    });

    it('sorts by creation time in both directions', async () => {
      expect(await h.listNames({ sort: 'createdAt' })).toEqual(names);
      expect(await h.listNames({ sort: 'createdAt', order: 'desc' })).toEqual([...names].reverse());
    });

    it('sorts by update time', async () => {
      const [first] = (await h.list({ sort: 'createdAt' })).json<Page<Jurisdiction>>().items;
      expect((await h.update(first!.id, { name: 'Malta Gaming', version: 1 })).statusCode).toBe(200);
      const names = await h.listNames({ sort: 'updatedAt', order: 'desc' });
      expect(names[0]).toBe('Malta Gaming');
    });

    it('answers instants in UTC to the millisecond, cut (not rounded), alike in list, record and write', async () => {
      const [first] = (await h.list({ sort: 'createdAt' })).json<Page<Jurisdiction>>().items;
      await ctx()
        .database.db.update(jurisdictions)
        .set({ createdAt: sql`'2026-03-04 07:06:07.891999+02'`, updatedAt: sql`'2026-03-04 05:06:08.5+00'` })
        .where(eq(jurisdictions.id, first!.id));
      const instants = { createdAt: '2026-03-04T05:06:07.891Z', updatedAt: '2026-03-04T05:06:08.500Z' };
      const listed = (await h.list({ q: first!.name })).json<Page<Jurisdiction>>().items;
      expect(listed).toEqual([expect.objectContaining(instants)]);
      const read = await ctx().inject({ method: 'GET', url: `${BASE}/${first!.id}` });
      expect(read.json<Jurisdiction>()).toMatchObject(instants);
      const changed = (await h.update(first!.id, { name: 'Malta Gaming', version: 1 })).json<Jurisdiction>();
      expect(changed.createdAt).toBe(instants.createdAt);
      expect(changed.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect((await h.list({ q: 'Malta Gaming' })).json<Page<Jurisdiction>>().items[0]).toEqual(changed);
    });

    it('filters by name case-insensitively, with total counting only the matches', async () => {
      const response = await h.list({ q: 'AL' });
      const page = response.json<Page<Jurisdiction>>();
      expect(page.items.map((item) => item.name)).toEqual(['Alderney', 'Gibraltar', 'Malta']);
      expect(page.total).toBe(3);
    });

    it('pages within the filtered rows', async () => {
      const page = (await h.list({ q: 'al', pageSize: '2', page: '2' })).json<Page<Jurisdiction>>();
      expect(page.items.map((item) => item.name)).toEqual(['Malta']);
      expect(page.total).toBe(3);
    });

    it('ignores surrounding blanks in the search text', async () => {
      expect(await h.listNames({ q: '  tario ' })).toEqual(['Ontario']);
    });

    it('answers an empty page when nothing matches', async () => {
      const page = (await h.list({ q: 'Nevada' })).json<Page<Jurisdiction>>();
      expect(page).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 20 });
    });

    it.each([
      ['%', ['100% Fair']],
      ['_', ['Isle_of_Man']],
      ['0%', ['100% Fair']],
      ['\\', ['Back\\slash']],
    ])('matches the LIKE wildcard %s literally', async (q, expected) => {
      for (const name of ['100% Fair', '1000 Fair', 'Isle_of_Man', 'IsleXofXMan', 'Back\\slash'])
        await h.created(name);
      expect(await h.listNames({ q })).toEqual(expected);
    });

    it.each([
      ['pageSize above 100', { pageSize: '101' }, 'querystring.pageSize'],
      ['page 0', { page: '0' }, 'querystring.page'],
      ['a non-numeric page', { page: 'two' }, 'querystring.page'],
      ['an unknown sort field', { sort: 'version' }, 'querystring.sort'],
      ['an unknown order', { order: 'sideways' }, 'querystring.order'],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, query, path) => {
      const body = expectError(await h.list(query), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
    });
  });

  describe('get', () => {
    it('answers the record by id', async () => {
      const record = await h.created('Isle of Man');
      const response = await h.inject({ method: 'GET', url: `${BASE}/${record.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(record);
    });

    it('answers 404 RECORD_NOT_FOUND for an unknown id', async () => {
      const body = expectError(
        await h.inject({ method: 'GET', url: `${BASE}/${UNKNOWN_ID}`, headers: { cookie: 'lang=en' } }),
        404,
        'RECORD_NOT_FOUND',
      );
      expect(body.message).toBe(errorMessage('RECORD_NOT_FOUND', 'en'));
    });

    it('answers 400 VALIDATION_FAILED on params.id for an id that is not a uuid', async () => {
      const body = expectError(
        await h.inject({ method: 'GET', url: `${BASE}/not-a-uuid` }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });
  });

  describe('update', () => {
    it('changes the name at the current version and raises the version', async () => {
      const record = await h.created('Alderney');
      const response = await h.update(record.id, { name: ' Alderney Gambling ', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<Jurisdiction>();
      expect(body).toMatchObject({
        id: record.id,
        name: 'Alderney Gambling',
        version: 2,
        createdAt: record.createdAt,
      });
      expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(record.updatedAt));
      expect(await h.stored(record.id)).toMatchObject({ name: 'Alderney Gambling', version: 2 });

      const again = await h.update(record.id, { name: 'Alderney GC', version: 2 });
      expect(again.json<Jurisdiction>()).toMatchObject({ name: 'Alderney GC', version: 3 });
    });

    it('refuses a stale version with 409 STALE_VERSION and leaves the row unchanged', async () => {
      const record = await h.created('Ontario');
      expect((await h.update(record.id, { name: 'Ontario iGaming', version: 1 })).statusCode).toBe(200);
      const storedBefore = await h.stored(record.id);

      expectError(await h.update(record.id, { name: 'Lost update', version: 1 }), 409, 'STALE_VERSION');
      expectError(await h.update(record.id, { name: 'From the future', version: 5 }), 409, 'STALE_VERSION');
      expect(await h.stored(record.id)).toEqual(storedBefore);
      expect(storedBefore).toMatchObject({ name: 'Ontario iGaming', version: 2 });
    });

    it('refuses a name another record has (any case) with 409 and leaves the row unchanged', async () => {
      await h.created('Malta');
      const other = await h.created('Curacao');
      const body = expectError(
        await h.update(other.id, { name: 'MALTA', version: 1 }),
        409,
        'JURISDICTION_NAME_TAKEN',
      );
      expect(body.message).toBe(errorMessage('JURISDICTION_NAME_TAKEN', 'de'));
      expect(await h.stored(other.id)).toMatchObject({ name: 'Curacao', version: 1 });
    });

    it('allows changing only the case of the own name', async () => {
      const record = await h.created('kahnawake');
      const response = await h.update(record.id, { name: 'Kahnawake', version: 1 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Jurisdiction>()).toMatchObject({ name: 'Kahnawake', version: 2 });
    });

    it('answers 404 RECORD_NOT_FOUND for an unknown id', async () => {
      expectError(await h.update(UNKNOWN_ID, { name: 'Nowhere', version: 1 }), 404, 'RECORD_NOT_FOUND');
    });

    it.each([
      ['a missing version', { name: 'Valid' }, 'body.version'],
      ['version 0', { name: 'Valid', version: 0 }, 'body.version'],
      ['a version as text', { name: 'Valid', version: '1' }, 'body.version'],
      ['a blank name', { name: ' ', version: 1 }, 'body.name'],
    ])(
      'refuses %s with 400 VALIDATION_FAILED and leaves the row unchanged',
      async (_label, payload, path) => {
        const record = await h.created('Gibraltar');
        const body = expectError(await h.update(record.id, payload), 400, 'VALIDATION_FAILED');
        expect(body.details?.map((detail) => detail.path)).toEqual([path]);
        expect(await h.stored(record.id)).toMatchObject({ name: 'Gibraltar', version: 1 });
      },
    );

    it('refuses an id that is not a uuid with 400', async () => {
      const body = expectError(
        await h.update('123', { name: 'Valid', version: 1 }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });
  });

  describe('delete', () => {
    it('refuses a delete without version with 400 VALIDATION_FAILED', async () => {
      const record = await h.created('Anjouan');
      const body = expectError(await h.remove(record.id), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['querystring.version']);
      expect(await h.stored(record.id)).toBeDefined();
    });

    it.each(['0', 'latest'])('refuses version=%s with 400', async (version) => {
      const record = await h.created('Anjouan');
      expectError(await h.remove(record.id, version), 400, 'VALIDATION_FAILED');
      expect(await h.stored(record.id)).toBeDefined();
    });

    it('refuses a stale version with 409 STALE_VERSION and keeps the row', async () => {
      const record = await h.created('Malta');
      await h.update(record.id, { name: 'Malta GA', version: 1 });
      expectError(await h.remove(record.id, 1), 409, 'STALE_VERSION');
      expect(await h.stored(record.id)).toMatchObject({ name: 'Malta GA', version: 2 });
    });

    it('deletes at the current version with 204, after which the record is gone', async () => {
      const record = await h.created('Curacao');
      const response = await h.remove(record.id, 1);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await h.stored(record.id)).toBeUndefined();
      expectError(await h.inject({ method: 'GET', url: `${BASE}/${record.id}` }), 404, 'RECORD_NOT_FOUND');
      expectError(await h.remove(record.id, 1), 404, 'RECORD_NOT_FOUND');
    });

    it('frees the name for a new record', async () => {
      const record = await h.created('Curacao');
      await h.remove(record.id, 1);
      expect((await h.create('curacao')).statusCode).toBe(201);
    });
  });

  describe('audit trail', () => {
    it('records a create with the name going from nothing to the new name', async () => {
      const record = await h.created('Malta');
      const entries = await h.auditFor(record.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        entityType: 'jurisdiction',
        entityId: record.id,
        action: 'create',
      });
      // Who did it: the signed-in user of the request.
      const who = await ctx().inject({ method: 'GET', url: '/api/account' });
      expect(entries[0]).toMatchObject({
        actorId: who.json<{ id: string }>().id,
        actorName: who.json<{ username: string }>().username,
      });
      expect(entries[0]!.changes).toMatchObject({ name: { before: null, after: 'Malta' } });
      expect(entries[0]!.changes).not.toHaveProperty('version');
      expect(entries[0]!.changedAt).toBeInstanceOf(Date);
    });

    it('records an update with exactly the before and after of the name', async () => {
      const record = await h.created('Malta');
      await h.update(record.id, { name: 'Malta Gaming Authority', version: 1 });
      const entries = await h.auditFor(record.id);
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
      expect(entries[1]!.changes).toEqual({ name: { before: 'Malta', after: 'Malta Gaming Authority' } });
    });

    it('records a delete with the name going from the last name to nothing', async () => {
      const record = await h.created('Malta');
      await h.update(record.id, { name: 'MGA', version: 1 });
      expect((await h.remove(record.id, 2)).statusCode).toBe(204);
      const entries = await h.auditFor(record.id);
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
      expect(entries[2]!.changes).toMatchObject({ name: { before: 'MGA', after: null } });
    });

    it('writes no entry when a write fails', async () => {
      const record = await h.created('Malta');
      await h.created('Gibraltar');
      const before = await h.auditCount();

      expectError(await h.create('MALTA'), 409, 'JURISDICTION_NAME_TAKEN');
      expectError(await h.create(''), 400, 'VALIDATION_FAILED');
      expectError(
        await h.update(record.id, { name: 'gibraltar', version: 1 }),
        409,
        'JURISDICTION_NAME_TAKEN',
      );
      expectError(await h.update(record.id, { name: 'Other', version: 9 }), 409, 'STALE_VERSION');
      expectError(await h.update(UNKNOWN_ID, { name: 'Other', version: 1 }), 404, 'RECORD_NOT_FOUND');
      expectError(await h.remove(record.id, 9), 409, 'STALE_VERSION');
      expectError(await h.remove(UNKNOWN_ID, 1), 404, 'RECORD_NOT_FOUND');

      expect(await h.auditCount()).toBe(before);
    });

    it('rolls the create back when its audit entry cannot be written (same transaction)', async () => {
      await h.withFailingAudit(async () => {
        expectError(await h.create('Nevada'), 500, 'INTERNAL');
      });
      expect(await h.storedByName('Nevada')).toEqual([]);
      expect(await h.auditCount()).toBe(0);
    });

    it('rolls the update back when its audit entry cannot be written (same transaction)', async () => {
      const record = await h.created('Nevada');
      await h.withFailingAudit(async () => {
        expectError(await h.update(record.id, { name: 'New Jersey', version: 1 }), 500, 'INTERNAL');
      });
      expect(await h.stored(record.id)).toMatchObject({ name: 'Nevada', version: 1 });
    });

    it('rolls the delete back when its audit entry cannot be written (same transaction)', async () => {
      const record = await h.created('Nevada');
      await h.withFailingAudit(async () => {
        expectError(await h.remove(record.id, 1), 500, 'INTERNAL');
      });
      expect(await h.stored(record.id)).toMatchObject({ name: 'Nevada', version: 1 });
      expect((await h.auditFor(record.id)).map((entry) => entry.action)).toEqual(['create']);
    });
  });

  describe('audit trail when the commit fails', () => {
    it('keeps no entry of a create whose commit fails', async () => {
      await h.withFailingCommit(async () => {
        expectError(await h.create('Nevada'), 500, 'INTERNAL');
      });
      expect(await h.storedByName('Nevada')).toEqual([]);
      expect(await h.auditCount()).toBe(0);
    });

    it('keeps no entry of an update whose commit fails', async () => {
      const record = await h.created('Nevada');
      await h.withFailingCommit(async () => {
        expectError(await h.update(record.id, { name: 'New Jersey', version: 1 }), 500, 'INTERNAL');
      });
      expect(await h.stored(record.id)).toMatchObject({ name: 'Nevada', version: 1 });
      expect((await h.auditFor(record.id)).map((entry) => entry.action)).toEqual(['create']);
    });

    it('keeps no entry of a delete whose commit fails', async () => {
      const record = await h.created('Nevada');
      await h.withFailingCommit(async () => {
        expectError(await h.remove(record.id, 1), 500, 'INTERNAL');
      });
      expect(await h.stored(record.id)).toBeDefined();
      expect((await h.auditFor(record.id)).map((entry) => entry.action)).toEqual(['create']);
    });
  });

  describe('concurrent writes', () => {
    it('lets exactly one of 10 parallel creates of the same name through', async () => {
      const responses = await Promise.all(Array.from({ length: 10 }, () => h.create('Kahnawake')));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json<ErrorBody>().code).toBe('JURISDICTION_NAME_TAKEN');
      }
      const rows = await h.storedByName('Kahnawake');
      expect(rows).toHaveLength(1);
      expect(await h.auditFor(rows[0]!.id)).toHaveLength(1);
      expect(await h.auditCount()).toBe(1);
    });

    it('lets exactly one of 5 parallel updates at the same version through', async () => {
      const record = await h.created('Alderney');
      const names = ['A1', 'A2', 'A3', 'A4', 'A5'];
      const responses = await Promise.all(names.map((name) => h.update(record.id, { name, version: 1 })));

      const winners = responses.filter((response) => response.statusCode === 200);
      const losers = responses.filter((response) => response.statusCode !== 200);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(4);
      for (const loser of losers) expectError(loser, 409, 'STALE_VERSION');

      const winner = winners[0]!.json<Jurisdiction>();
      expect(winner.version).toBe(2);
      expect(await h.stored(record.id)).toMatchObject({ name: winner.name, version: 2 });
      const updates = (await h.auditFor(record.id)).filter((entry) => entry.action === 'update');
      expect(updates).toHaveLength(1);
      expect(updates[0]!.changes).toEqual({ name: { before: 'Alderney', after: winner.name } });
    });
  });

  describe('delete of a jurisdiction in use', () => {
    /** A jurisdiction certified for three versions of alpha and set on casinos `lucky` and `nova`. */
    async function inUse(): Promise<Jurisdiction> {
      const { db } = ctx().database;
      const jurisdiction = await h.created('Malta');
      await seedAlphaAndBeta(db);
      const versions = await db
        .insert(gameVersions)
        .values(['1.0.0', '1.1.0', '2.0.0'].map((versionNumber) => ({ gameId: 'alpha', versionNumber })))
        .returning();
      await db
        .insert(gameVersionJurisdictions)
        .values(versions.map((version) => ({ gameVersionId: version.id, jurisdictionId: jurisdiction.id })));
      const [bridge] = await db
        .insert(bridges)
        .values({ name: 'Bridge', routerUrl: 'http://127.0.0.1:1', secret: 'x'.repeat(16) })
        .returning();
      const casino = {
        bridgeId: bridge!.id,
        jurisdictionId: jurisdiction.id,
        api: 'seamlessWallet' as const,
      };
      await db.insert(casinos).values([
        { ...casino, id: 'nova', name: 'Nova Casino' },
        { ...casino, id: 'lucky', name: 'Lucky Casino' },
      ]);
      return jurisdiction;
    }

    afterEach(async () => {
      const { db } = ctx().database;
      await db.delete(casinos);
      await db.delete(bridges);
      await resetCatalogue(db);
    });

    // The code is that of the first foreign key the database finds violated; the details name both kinds.
    it('says by what, versions and casinos at once, in both languages: 409 with the usage in details', async () => {
      const jurisdiction = await inUse();
      const answer = (headers: InjectOptions['headers'] = {}) =>
        h.inject({ method: 'DELETE', url: `${BASE}/${jurisdiction.id}`, query: { version: '1' }, headers });
      const german = (await answer()).json<ErrorBody<RecordUsage>>();
      const english = (await answer(ENGLISH)).json<ErrorBody<RecordUsage>>();
      expect(german.statusCode).toBe(409);
      expect(['JURISDICTION_IN_USE', 'JURISDICTION_USED_BY_GAME_VERSIONS']).toContain(german.code);
      expect(german.message).toBe(errorMessage(german.code, 'de'));
      expect(english.message).toBe(errorMessage(german.code, 'en'));
      const details = german.details;
      expect(details).toEqual([
        usedByRecords('gameVersions', [
          [expect.stringMatching(UUID), 'alpha 1.0.0'],
          [expect.stringMatching(UUID), 'alpha 1.1.0'],
          [expect.stringMatching(UUID), 'alpha 2.0.0'],
        ]),
        usedByRecords('casinos', [
          ['lucky', 'Lucky Casino'],
          ['nova', 'Nova Casino'],
        ]),
      ]);
      expect(english.details).toEqual(details);
      expect(await h.stored(jurisdiction.id)).toBeDefined();
    });

    it('names the casinos alone once no game version is certified for it: 409 JURISDICTION_IN_USE', async () => {
      const jurisdiction = await inUse();
      const { db } = ctx().database;
      const kinds = async (code: ErrorBody['code']) =>
        usageIn(expectError(await h.remove(jurisdiction.id, 1), 409, code)).map(
          ({ kind, count, othersHidden }) => ({ kind, count, othersHidden }),
        );
      await db.delete(gameVersionJurisdictions);
      expect(await kinds('JURISDICTION_IN_USE')).toEqual([
        { kind: 'casinos', count: 2, othersHidden: false },
      ]);
    });

    it('tells a user limited to one casino only that casino, and how many others there are', async () => {
      const jurisdiction = await inUse();
      const developer = await ctx().signIn('developer', { casinoIds: ['lucky'] });
      const response = await developer.inject({
        method: 'DELETE',
        url: `${BASE}/${jurisdiction.id}`,
        query: { version: '1' },
      });
      const body = response.json<ErrorBody<RecordUsage>>();
      expect(response.statusCode).toBe(409);
      expect(body.details?.find((usage) => usage.kind === 'casinos')).toEqual({
        kind: 'casinos',
        count: 1,
        records: [{ id: 'lucky', name: 'Lucky Casino' }],
        othersHidden: true,
      });
      expect(response.body).not.toContain('nova');
      expect(response.body).not.toContain('Nova Casino');
    });
  });
});
