import { createHash } from 'node:crypto';
import type { AllowedHash, AuditEntry, Page, Role } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { allowedHashes } from '../../db/schema/index';
import { describeEachEngine, type TestContext } from '../../test/app';
import { ENGLISH, UNKNOWN_UUID, expectError } from '../../test/api';
import { auditEntriesOf, auditEntryCount, clearAuditTrail } from '../../test/databases';

const BASE = '/api/cpv/allowed-hashes';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A SHA-256 in lower-case hex, different for every text. */
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const HASH = sha('frontend of starburst 1.2.0');
const OTHER = sha('bridge build 42');

/** The body of an add, confirmed as the screen asks: the hash's first 8 characters, in lower case. */
function addBody(component: string, hash: string, extra: Record<string, unknown> = {}) {
  return { component, hash, note: '', confirmation: hash.trim().toLowerCase().slice(0, 8), ...extra };
}

function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);

  const create = (payload: unknown, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: BASE, payload: payload as InjectOptions['payload'], headers });

  async function added(component: string, hash: string, note = ''): Promise<AllowedHash> {
    const response = await create(addBody(component, hash, { note }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AllowedHash>();
  }

  const retire = (id: string, version: unknown, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: `${BASE}/${id}/retire`, payload: { version }, headers });

  async function retired(hash: AllowedHash): Promise<AllowedHash> {
    const response = await retire(hash.id, hash.version);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AllowedHash>();
  }

  async function page(query: Record<string, string> = {}): Promise<Page<AllowedHash>> {
    const response = await inject({ method: 'GET', url: BASE, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<AllowedHash>>();
  }

  const components = async (query: Record<string, string> = {}) =>
    (await page(query)).items.map((item) => item.component);

  async function stored() {
    return ctx().database.db.select().from(allowedHashes).orderBy(allowedHashes.component);
  }

  const auditFor = (id: string) => auditEntriesOf(ctx().database.db, id);

  const auditCount = () => auditEntryCount(ctx().database.db);

  return { inject, create, added, retire, retired, page, components, stored, auditFor, auditCount };
}

describeEachEngine('CPV allowed hashes API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(allowedHashes);
    await clearAuditTrail(db);
  });

  describe('add', () => {
    it('answers 201 with the allowed hash at version 1, not retired', async () => {
      const response = await h.create(addBody('game:starburst@1.2.0', HASH, { note: 'release 1.2.0' }));
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<AllowedHash>();
      expect(Object.keys(body).sort()).toEqual([
        'component',
        'createdAt',
        'hash',
        'id',
        'note',
        'retiredAt',
        'retiredBy',
        'updatedAt',
        'version',
      ]);
      expect(body).toMatchObject({
        component: 'game:starburst@1.2.0',
        hash: HASH,
        note: 'release 1.2.0',
        retiredAt: null,
        retiredBy: null,
        version: 1,
      });
      expect(body.id).toMatch(UUID);
      expect(await h.stored()).toMatchObject([{ component: 'game:starburst@1.2.0', hash: HASH, version: 1 }]);
    });

    it('stores an upper-case hash in lower case, trimmed, and confirms it with the lower-case start', async () => {
      const upper = `  ${HASH.toUpperCase()} `;
      const response = await h.create({
        component: '  bridge-core  ',
        hash: upper,
        confirmation: HASH.slice(0, 8),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<AllowedHash>()).toMatchObject({ component: 'bridge-core', hash: HASH, note: '' });
      const [row] = await h.stored();
      expect(row).toMatchObject({ component: 'bridge-core', hash: HASH, note: null });
    });

    it('keeps several hashes for one component (a new build is added before the old one is retired)', async () => {
      await h.added('game:starburst@1.2.0', HASH);
      await h.added('game:starburst@1.2.0', OTHER);
      expect(await h.components()).toEqual(['game:starburst@1.2.0', 'game:starburst@1.2.0']);
    });

    it.each([
      ['63 characters', HASH.slice(1)],
      ['65 characters', `${HASH}0`],
      ['a letter beyond f', `g${HASH.slice(1)}`],
      ['a space inside', `${HASH.slice(0, 30)} ${HASH.slice(31)}`],
      ['nothing', ''],
      ['a 0x prefix', `0x${HASH.slice(2)}`],
    ])(
      'refuses a hash of %s with 400 VALIDATION_FAILED on body.hash and writes nothing',
      async (_label, hash) => {
        const body = expectError(
          await h.create({ component: 'bridge-core', hash, confirmation: hash.slice(0, 8) }),
          400,
          'VALIDATION_FAILED',
        );
        expect(body.details?.map((detail) => detail.path)).toEqual(['body.hash']);
        expect(await h.stored()).toEqual([]);
        expect(await h.auditCount()).toBe(0);
      },
    );

    it.each([
      ['an empty component', { component: '' }, 'body.component'],
      ['a blank component', { component: '   ' }, 'body.component'],
      ['a component of 201 characters', { component: 'c'.repeat(201) }, 'body.component'],
      ['a number as component', { component: 7 }, 'body.component'],
      ['a note of 501 characters', { note: 'n'.repeat(501) }, 'body.note'],
      ['no confirmation', { confirmation: undefined }, 'body.confirmation'],
    ])('refuses %s with 400 VALIDATION_FAILED and writes nothing', async (_label, change, path) => {
      const body = expectError(
        await h.create({ ...addBody('bridge-core', HASH), ...change }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await h.stored()).toEqual([]);
    });

    it('accepts a component of exactly 200 characters and a note of 500', async () => {
      const component = 'c'.repeat(200);
      const note = 'n'.repeat(500);
      expect(await h.added(component, HASH, note)).toMatchObject({ component, note });
    });

    it.each([
      ['the start in upper case', HASH.slice(0, 8).toUpperCase()],
      ['the component', 'bridge-core'],
      ['the start of another hash', OTHER.slice(0, 8)],
      ['nothing', ''],
    ])(
      'refuses %s as confirmation with 400 CONFIRMATION_MISMATCH, in German and English',
      async (_l, typed) => {
        const german = expectError(
          await h.create(addBody('bridge-core', HASH, { confirmation: typed })),
          400,
          'CONFIRMATION_MISMATCH',
        );
        expect(german.message).toBe(
          'Die Bestätigung stimmt nicht überein. Geben Sie den angezeigten Text genau ein.',
        );
        const english = expectError(
          await h.create(addBody('bridge-core', HASH, { confirmation: typed }), ENGLISH),
          400,
          'CONFIRMATION_MISMATCH',
        );
        expect(english.message).toBe('The confirmation does not match. Type the text shown exactly.');
        expect(await h.stored()).toEqual([]);
        expect(await h.auditCount()).toBe(0);
      },
    );

    it('refuses a hash that exists with 409 "Hash must be unique." in German by default and in English', async () => {
      await h.added('game:starburst@1.2.0', HASH);
      const german = expectError(await h.create(addBody('bridge-core', HASH)), 409, 'HASH_NOT_UNIQUE');
      expect(german).toEqual({
        statusCode: 409,
        code: 'HASH_NOT_UNIQUE',
        message: 'Der Hash muss eindeutig sein.',
      });
      const english = expectError(
        await h.create(addBody('bridge-core', HASH), { 'accept-language': 'en-GB,en;q=0.9' }),
        409,
        'HASH_NOT_UNIQUE',
      );
      expect(english.message).toBe('Hash must be unique.');
      const cookie = expectError(
        await h.create(addBody('bridge-core', HASH), ENGLISH),
        409,
        'HASH_NOT_UNIQUE',
      );
      expect(cookie.message).toBe('Hash must be unique.');
      expect(await h.stored()).toHaveLength(1);
      expect(await h.auditCount()).toBe(1);
    });

    it('refuses the same hash in upper case, and a retired hash too (it stays on record)', async () => {
      const first = await h.added('game:starburst@1.2.0', HASH);
      expectError(await h.create(addBody('bridge-core', HASH.toUpperCase())), 409, 'HASH_NOT_UNIQUE');
      await h.retired(first);
      expectError(await h.create(addBody('game:starburst@1.2.0', HASH)), 409, 'HASH_NOT_UNIQUE');
      expect(await h.stored()).toHaveLength(1);
    });

    it('lets exactly one of 6 concurrent adds of the same hash through', async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) => h.create(addBody(`component-${index}`, HASH))),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const loser of responses.filter((response) => response.statusCode === 409)) {
        expectError(loser, 409, 'HASH_NOT_UNIQUE');
      }
      expect(await h.stored()).toHaveLength(1);
      expect(await h.auditCount()).toBe(1);
    });
  });

  describe('retire', () => {
    it('retires at the version read: 200 with when and by whom, version 2, kept in the table', async () => {
      const hash = await h.added('bridge-core', HASH);
      const account = (await h.inject({ method: 'GET', url: '/api/account' })).json<{ username: string }>();
      const before = Date.now();
      const body = await h.retired(hash);
      expect(body).toMatchObject({ id: hash.id, hash: HASH, version: 2, retiredBy: account.username });
      expect(Date.parse(body.retiredAt!)).toBeGreaterThanOrEqual(before - 5_000);
      expect(body.retiredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(await h.stored()).toMatchObject([{ id: hash.id, hash: HASH, version: 2 }]);
    });

    it('refuses retiring twice with 409 ALLOWED_HASH_RETIRED, in German and English, changing nothing', async () => {
      const once = await h.retired(await h.added('bridge-core', HASH));
      const german = expectError(await h.retire(once.id, 2), 409, 'ALLOWED_HASH_RETIRED');
      expect(german.message).toBe('Dieser Hash wurde bereits außer Dienst gestellt.');
      const english = expectError(await h.retire(once.id, 2, ENGLISH), 409, 'ALLOWED_HASH_RETIRED');
      expect(english.message).toBe('This hash has already been retired.');
      // From a page read before the first retire: that version is gone.
      expectError(await h.retire(once.id, 1), 409, 'STALE_VERSION');
      expect(await h.stored()).toMatchObject([{ version: 2, retiredBy: once.retiredBy }]);
      expect((await h.auditFor(once.id)).map((entry) => entry.action)).toEqual(['create', 'retire']);
    });

    it('lets exactly one of 5 concurrent retires through', async () => {
      const hash = await h.added('bridge-core', HASH);
      const responses = await Promise.all(Array.from({ length: 5 }, () => h.retire(hash.id, 1)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect((await h.auditFor(hash.id)).map((entry) => entry.action)).toEqual(['create', 'retire']);
    });

    it('answers 404 ALLOWED_HASH_NOT_FOUND for an unknown id, in German and English', async () => {
      const german = expectError(await h.retire(UNKNOWN_UUID, 1), 404, 'ALLOWED_HASH_NOT_FOUND');
      expect(german.message).toBe('Der erlaubte Hash existiert nicht.');
      const english = expectError(await h.retire(UNKNOWN_UUID, 1, ENGLISH), 404, 'ALLOWED_HASH_NOT_FOUND');
      expect(english.message).toBe('The allowed hash does not exist.');
    });

    it.each([
      ['no version', undefined, 'body.version'],
      ['version 0', 0, 'body.version'],
      ['a version as text', '1', 'body.version'],
      ['a fractional version', 1.5, 'body.version'],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, version, path) => {
      const hash = await h.added('bridge-core', HASH);
      const body = expectError(await h.retire(hash.id, version), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await h.stored()).toMatchObject([{ version: 1, retiredAt: null }]);
    });

    it('refuses an id that is not a uuid with 400 on params.id', async () => {
      const body = expectError(await h.retire('not-a-uuid', 1), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });

    it('is never edited nor deleted: there is no route to change or delete a hash', async () => {
      const hash = await h.added('bridge-core', HASH);
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const response = await h.inject({
          method,
          url: `${BASE}/${hash.id}`,
          payload: { component: 'other', hash: OTHER, version: 1 },
          query: { version: '1' },
        });
        expect([404, 405], `${method}: ${response.body}`).toContain(response.statusCode);
      }
      expect(await h.stored()).toMatchObject([{ component: 'bridge-core', hash: HASH, version: 1 }]);
    });
  });

  describe('list', () => {
    async function seed() {
      const first = await h.added('game:starburst@1.2.0', sha('1'));
      await h.added('game:starburst@1.3.0', sha('2'));
      await h.added('Bridge-Core', sha('3'));
      await h.added('game:gonzo@2.0.0', sha('4'));
      await h.added('rgs_backend 100%', sha('5'));
      await h.retired(first);
    }

    it('answers the allowed hashes that are not retired, sorted by component, with their total', async () => {
      await seed();
      const body = await h.page();
      expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
      expect(body.items.map((item) => item.component)).toEqual([
        'Bridge-Core',
        'game:gonzo@2.0.0',
        'game:starburst@1.3.0',
        'rgs_backend 100%',
      ]);
    });

    it('shows the retired ones too on request, marked as retired', async () => {
      await seed();
      const body = await h.page({ showRetired: 'true' });
      expect(body.total).toBe(5);
      const retired = body.items.filter((item) => item.retiredAt !== null);
      expect(retired.map((item) => item.component)).toEqual(['game:starburst@1.2.0']);
      expect(await h.components({ showRetired: 'false' })).toHaveLength(4);
    });

    it('finds part of the component, case-insensitively, with wildcards taken literally', async () => {
      await seed();
      expect(await h.components({ q: 'STARBURST' })).toEqual(['game:starburst@1.3.0']);
      expect(await h.components({ q: 'starburst', showRetired: 'true' })).toEqual([
        'game:starburst@1.2.0',
        'game:starburst@1.3.0',
      ]);
      expect(await h.components({ q: '100%' })).toEqual(['rgs_backend 100%']);
      expect(await h.components({ q: '_' })).toEqual(['rgs_backend 100%']);
      expect((await h.page({ q: 'nothing like it' })).total).toBe(0);
    });

    it('finds part of the hash, in either case', async () => {
      await seed();
      const wanted = sha('4');
      expect(await h.components({ hash: wanted.slice(10, 30).toUpperCase() })).toEqual(['game:gonzo@2.0.0']);
      expect(await h.components({ hash: wanted })).toEqual(['game:gonzo@2.0.0']);
      expect(await h.components({ hash: sha('1'), showRetired: 'true' })).toEqual(['game:starburst@1.2.0']);
      expect(await h.components({ hash: sha('1') })).toEqual([]);
    });

    it('pages, counting all matches, and sorts by component, hash and time in both directions', async () => {
      await seed();
      const second = await h.page({ pageSize: '3', page: '2' });
      expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(second.items.map((item) => item.component)).toEqual(['rgs_backend 100%']);
      expect(await h.components({ sort: 'component', order: 'desc' })).toEqual([
        'rgs_backend 100%',
        'game:starburst@1.3.0',
        'game:gonzo@2.0.0',
        'Bridge-Core',
      ]);
      const byHash = (await h.page({ sort: 'hash' })).items.map((item) => item.hash);
      expect(byHash).toEqual([...byHash].sort());
      expect(await h.components({ sort: 'createdAt', order: 'desc' })).toEqual([
        'rgs_backend 100%',
        'game:gonzo@2.0.0',
        'Bridge-Core',
        'game:starburst@1.3.0',
      ]);
      expect((await h.page({ sort: 'retiredAt', showRetired: 'true' })).items[0]!.component).toBe(
        'game:starburst@1.2.0',
      );
    });

    it.each([
      ['an unknown sort field', { sort: 'note' }, 'querystring.sort'],
      ['page 0', { page: '0' }, 'querystring.page'],
      ['a page size of 101', { pageSize: '101' }, 'querystring.pageSize'],
      ['a hash filter of 65 characters', { hash: 'a'.repeat(65) }, 'querystring.hash'],
      ['showRetired other than true or false', { showRetired: 'yes' }, 'querystring.showRetired'],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, query, path) => {
      const body = expectError(await h.inject({ method: 'GET', url: BASE, query }), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
    });
  });

  describe('permissions', () => {
    const writes = (id: string): InjectOptions[] => [
      { method: 'POST', url: BASE, payload: addBody('intruder', OTHER) },
      { method: 'POST', url: `${BASE}/${id}/retire`, payload: { version: 1 } },
    ];

    it('a developer may list (200) but gets 403 NO_PERMISSION on add and retire, changing nothing', async () => {
      const hash = await h.added('bridge-core', HASH);
      const developer = await ctx().signIn('developer');
      const listed = await developer.inject({ method: 'GET', url: BASE });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json<Page<AllowedHash>>().items).toEqual([hash]);
      for (const request of writes(hash.id)) {
        const body = expectError(await developer.inject(request), 403, 'NO_PERMISSION');
        expect(body.message).toBe('Keine Berechtigung.');
      }
      expect(await h.stored()).toMatchObject([{ hash: HASH, version: 1, retiredAt: null }]);
      expect(await h.auditCount()).toBe(1);
    });

    it.each<Role>(['visitor', 'qa', 'support', 'accountant'])(
      '%s gets 403 NO_PERMISSION on the list and on every write',
      async (role) => {
        const hash = await h.added('bridge-core', HASH);
        const user = await ctx().signIn(role);
        expectError(await user.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
        for (const request of writes(hash.id)) expectError(await user.inject(request), 403, 'NO_PERMISSION');
        const english = expectError(
          await user.inject({ method: 'GET', url: BASE, headers: ENGLISH }),
          403,
          'NO_PERMISSION',
        );
        expect(english.message).toBe('No permission.');
        expect(await h.stored()).toMatchObject([{ version: 1, retiredAt: null }]);
      },
    );

    it('answers 401 UNAUTHENTICATED without a session', async () => {
      const hash = await h.added('bridge-core', HASH);
      for (const request of [{ method: 'GET', url: BASE } as InjectOptions, ...writes(hash.id)]) {
        const response = await ctx().app.inject({
          ...request,
          headers: { 'x-requested-with': 'backoffice' },
        });
        expectError(response, 401, 'UNAUTHENTICATED');
      }
      expect(await h.stored()).toHaveLength(1);
    });
  });

  describe('audit trail', () => {
    it('appends a create entry with the fields and a retire entry with when and by whom, by the signed-in user', async () => {
      const hash = await h.added('game:starburst@1.2.0', HASH, 'release build');
      const retired = await h.retired(hash);
      const account = (await h.inject({ method: 'GET', url: '/api/account' })).json<{
        id: string;
        username: string;
      }>();
      const entries = await h.auditFor(hash.id);
      expect(entries).toMatchObject([
        { entityType: 'allowed-hash', action: 'create', actorId: account.id, actorName: account.username },
        { entityType: 'allowed-hash', action: 'retire', actorId: account.id, actorName: account.username },
      ]);
      expect(entries[0]!.changes).toEqual({
        id: { before: null, after: hash.id },
        component: { before: null, after: 'game:starburst@1.2.0' },
        hash: { before: null, after: HASH },
        note: { before: null, after: 'release build' },
      });
      expect(entries[1]!.changes).toEqual({
        retiredAt: { before: null, after: retired.retiredAt },
        retiredBy: { before: null, after: account.username },
      });
    });

    it('records no note as nothing', async () => {
      const hash = await h.added('bridge-core', HASH);
      const [entry] = await h.auditFor(hash.id);
      expect(Object.keys(entry!.changes as object).sort()).toEqual(['component', 'hash', 'id']);
    });

    it('shows the entries to developers, who read the trail of what belongs to no casino', async () => {
      const hash = await h.added('bridge-core', HASH);
      const developer = await ctx().signIn('developer');
      const response = await developer.inject({
        method: 'GET',
        url: '/api/audit-entries',
        query: { entityType: 'allowed-hash' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Page<AuditEntry>>().items.map((entry) => entry.entityId)).toEqual([hash.id]);
    });

    it('appends nothing when a write is refused', async () => {
      const hash = await h.retired(await h.added('bridge-core', HASH));
      const before = await h.auditCount();
      expectError(await h.create(addBody('other', HASH)), 409, 'HASH_NOT_UNIQUE');
      expectError(
        await h.create(addBody('other', OTHER, { confirmation: 'nope' })),
        400,
        'CONFIRMATION_MISMATCH',
      );
      expectError(await h.retire(hash.id, 2), 409, 'ALLOWED_HASH_RETIRED');
      expectError(await h.retire(hash.id, 1), 409, 'STALE_VERSION');
      expectError(await h.retire(UNKNOWN_UUID, 1), 404, 'ALLOWED_HASH_NOT_FOUND');
      expect(await h.auditCount()).toBe(before);
    });

    it('rolls the write back when its audit entry cannot be written (same transaction)', async () => {
      const hash = await h.added('bridge-core', HASH);
      const { db } = ctx().database;
      await db.execute(
        sql`alter table audit_entries add constraint test_reject_audit check (entity_type <> 'allowed-hash') not valid`,
      );
      try {
        expectError(await h.create(addBody('other', OTHER)), 500, 'INTERNAL');
        expectError(await h.retire(hash.id, 1), 500, 'INTERNAL');
      } finally {
        await db.execute(sql`alter table audit_entries drop constraint test_reject_audit`);
      }
      expect(await h.stored()).toMatchObject([{ hash: HASH, version: 1, retiredAt: null }]);
    });
  });

  describe('hostile input', () => {
    const big = 'x'.repeat(1_000_000);
    const bodies: [string, unknown][] = [
      ['NUL in the component', addBody('a\u0000b', HASH)],
      ['a lone surrogate in the note', addBody('bridge-core', HASH, { note: 'a\ud800b' })],
      ['NUL in the hash', addBody('bridge-core', `${HASH.slice(0, 63)}\u0000`)],
      ['a 1 MB component', addBody(big, HASH)],
      ['a 1 MB hash', { ...addBody('bridge-core', HASH), hash: big }],
      ['a hash as an object', { ...addBody('bridge-core', HASH), hash: { $ne: '' } }],
      ['a hash as an array', { ...addBody('bridge-core', HASH), hash: [HASH] }],
      ['__proto__', JSON.parse(`{"__proto__": {"admin": true}, "component": "c", "hash": "${HASH}"}`)],
      ['an array', [addBody('bridge-core', HASH)]],
      ['null', null],
      ['a number', 42],
    ];

    it.each(bodies)('answers %s when adding with a 4xx and writes nothing', async (_label, payload) => {
      const response = await h.inject({
        method: 'POST',
        url: BASE,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(await h.stored()).toEqual([]);
    });

    it('stores SQL text as plain text', async () => {
      const component = "x'); drop table allowed_hashes; --";
      expect(await h.added(component, HASH)).toMatchObject({ component });
      expect(await h.stored()).toHaveLength(1);
    });

    it.each([
      ['NUL in q', { q: 'a\u0000' }],
      ['NUL in the hash filter', { hash: '\u0000' }],
      ['SQL in q', { q: "' or 1=1 --" }],
      ['a 1 MB q', { q: big }],
      ['a huge page', { page: '1e308' }],
      ['a negative page size', { pageSize: '-5' }],
      ['sort by a column that is not offered', { sort: 'id; drop table allowed_hashes' }],
    ])('answers %s in the list below 500', async (_label, query) => {
      await h.added('bridge-core', HASH);
      const response = await h.inject({ method: 'GET', url: BASE, query });
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (response.statusCode === 200) expect(response.json<Page<AllowedHash>>().total).toBe(0);
      expect(await h.stored()).toHaveLength(1);
    });

    it.each([
      ['a huge version', 1e308],
      ['a negative version', -1],
      ['a version as an object', { $gt: 0 }],
      ['a version beyond 32 bits', 2 ** 31],
    ])('answers %s when retiring below 500 and changes nothing', async (_label, version) => {
      const hash = await h.added('bridge-core', HASH);
      const response = await h.retire(hash.id, version);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(await h.stored()).toMatchObject([{ version: 1, retiredAt: null }]);
    });

    it.each(["1' or '1'='1", '..%2F..%2Fetc%2Fpasswd', '%00', 'a'.repeat(10_000)])(
      'answers the id "%s" when retiring with a 4xx',
      async (id) => {
        const response = await h.inject({
          method: 'POST',
          url: `${BASE}/${id}/retire`,
          payload: { version: 1 },
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
      },
    );
  });
});
