import {
  SECRET_MASK,
  type AuditEntry,
  type ErrorBody,
  type GameStudio,
  type Page,
  type Role,
} from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditEntries,
  gameProviders,
  games,
  gameStudios,
  gameVersions,
  jurisdictions,
} from '../../db/schema/index';
import { describeEachEngine, type SignedIn, type TestContext } from '../../test/app';
import { clearAuditTrail } from '../../test/databases';
import { diffFields } from './audit.service';

const BASE = '/api/audit-entries';

type Response = { statusCode: number; json: <T>() => T; body: string };

function expectError(response: Response, statusCode: number, code: ErrorBody['code']): ErrorBody {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json<ErrorBody>();
  expect(body.statusCode).toBe(statusCode);
  expect(body.code).toBe(code);
  return body;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The instant halfway between two timestamps, as ISO text with the given UTC offset in hours. */
function between(a: string, b: string, offsetHours = 0): string {
  const middle = (Date.parse(a) + Date.parse(b)) / 2;
  const local = new Date(middle + offsetHours * 3_600_000).toISOString();
  if (offsetHours === 0) return local;
  const sign = offsetHours > 0 ? '+' : '-';
  return local.replace('Z', `${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`);
}

function helpers(ctx: () => TestContext) {
  const inject = (options: InjectOptions) => ctx().inject(options);

  /** Creates a studio (as admin, or as `user`) and so appends one entry. */
  async function studio(name: string, user?: SignedIn): Promise<GameStudio> {
    const options: InjectOptions = {
      method: 'POST',
      url: '/api/game-studios',
      payload: { name, relaxId: '' },
    };
    const response = await (user ? user.inject(options) : inject(options));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<GameStudio>();
  }

  async function trail(query: Record<string, string> = {}, user?: SignedIn): Promise<Page<AuditEntry>> {
    const options: InjectOptions = { method: 'GET', url: BASE, query };
    const response = await (user ? user.inject(options) : inject(options));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<AuditEntry>>();
  }

  /** "entityType:entityId:action" of each entry of the answer. */
  const summary = async (query: Record<string, string> = {}) =>
    (await trail(query)).items.map((entry) => `${entry.entityType}:${entry.entityId}:${entry.action}`);

  const stored = () => ctx().database.db.select().from(auditEntries).orderBy(auditEntries.id);

  return { inject, studio, trail, summary, stored };
}

describeEachEngine('audit trail API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(gameVersions);
    await db.delete(games);
    await db.delete(gameStudios);
    await db.delete(gameProviders);
    await db.delete(jurisdictions);
    await clearAuditTrail(db);
  });

  describe('reading', () => {
    it('answers each entry with its time, actor, entity, action and changes', async () => {
      const before = Date.now();
      const studio = await h.studio('Avatar');
      const page = await h.trail();
      expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      const [entry] = page.items;
      expect(Object.keys(entry!).sort()).toEqual([
        'action',
        'actorId',
        'actorName',
        'changedAt',
        'changes',
        'entityId',
        'entityType',
        'id',
      ]);
      expect(entry).toMatchObject({ entityType: 'game-studio', entityId: studio.id, action: 'create' });
      expect(entry!.changes).toMatchObject({ name: { before: null, after: 'Avatar' } });
      expect(typeof entry!.id).toBe('number');
      expect(new Date(entry!.changedAt).toISOString()).toBe(entry!.changedAt);
      expect(Date.parse(entry!.changedAt)).toBeGreaterThanOrEqual(before - 60_000);
      expect(Date.parse(entry!.changedAt)).toBeLessThanOrEqual(Date.now() + 60_000);
    });

    it('names the signed-in user as the actor, by id and username', async () => {
      const developer = await ctx().signIn('developer');
      const studio = await h.studio('Elk', developer);
      const admin = (await h.inject({ method: 'GET', url: '/api/account' })).json<{
        id: string;
        username: string;
      }>();
      await h.inject({
        method: 'PUT',
        url: `/api/game-studios/${studio.id}`,
        payload: { name: 'Elk Studios', relaxId: '', version: 1 },
      });
      const [update, create] = (await h.trail()).items;
      expect(create).toMatchObject({
        action: 'create',
        actorId: developer.userId,
        actorName: developer.username,
      });
      expect(update).toMatchObject({ action: 'update', actorId: admin.id, actorName: admin.username });
      expect(developer.userId).not.toBe(admin.id);
    });

    it('answers the newest entry first by default, and the oldest first with order=asc', async () => {
      const a = await h.studio('A');
      const b = await h.studio('B');
      const c = await h.studio('C');
      expect(await h.summary()).toEqual([
        `game-studio:${c.id}:create`,
        `game-studio:${b.id}:create`,
        `game-studio:${a.id}:create`,
      ]);
      expect(await h.summary({ order: 'asc' })).toEqual([
        `game-studio:${a.id}:create`,
        `game-studio:${b.id}:create`,
        `game-studio:${c.id}:create`,
      ]);
      expect(await h.summary({ order: 'desc' })).toEqual(await h.summary());
    });

    it('pages through the entries, counting all of them', async () => {
      const names = ['A', 'B', 'C', 'D', 'E'];
      const ids = [];
      for (const name of names) ids.push((await h.studio(name)).id);
      const newestFirst = [...ids].reverse();
      const pages = [];
      for (const page of ['1', '2', '3', '4']) pages.push(await h.trail({ page, pageSize: '2' }));
      expect(pages.map((page) => [page.page, page.pageSize, page.total])).toEqual([
        [1, 2, 5],
        [2, 2, 5],
        [3, 2, 5],
        [4, 2, 5],
      ]);
      expect(pages.map((page) => page.items.map((entry) => entry.entityId))).toEqual([
        newestFirst.slice(0, 2),
        newestFirst.slice(2, 4),
        newestFirst.slice(4),
        [],
      ]);
      const ascending = await h.trail({ page: '2', pageSize: '2', order: 'asc' });
      expect(ascending.items.map((entry) => entry.entityId)).toEqual(ids.slice(2, 4));
    });

    it('filters by entity type and entity id, counting only the matches', async () => {
      const studio = await h.studio('Avatar');
      await h.studio('Elk');
      const jurisdiction = await h.inject({
        method: 'POST',
        url: '/api/jurisdictions',
        payload: { name: 'Malta' },
      });
      const malta = jurisdiction.json<{ id: string }>();
      await h.inject({
        method: 'PUT',
        url: `/api/game-studios/${studio.id}`,
        payload: { name: 'Avatar UX', relaxId: '', version: 1 },
      });

      const studios = await h.trail({ entityType: 'game-studio' });
      expect(studios.total).toBe(3);
      expect(studios.items.every((entry) => entry.entityType === 'game-studio')).toBe(true);

      expect(await h.summary({ entityType: 'jurisdiction' })).toEqual([`jurisdiction:${malta.id}:create`]);
      const one = await h.trail({ entityId: studio.id });
      expect(one.total).toBe(2);
      expect(one.items.map((entry) => entry.action)).toEqual(['update', 'create']);
      expect(await h.summary({ entityType: 'jurisdiction', entityId: studio.id })).toEqual([]);
      expect(await h.summary({ entityType: 'game' })).toEqual([]);
    });

    it('filters by actor', async () => {
      const developer = await ctx().signIn('developer');
      const other = await ctx().signIn('developer');
      const mine = await h.studio('Mine', developer);
      await h.studio('Theirs', other);
      await h.studio('Admins');
      const page = await h.trail({ actorId: developer.userId });
      expect(page.total).toBe(1);
      expect(page.items.map((entry) => [entry.entityId, entry.actorName])).toEqual([
        [mine.id, developer.username],
      ]);
      expect((await h.trail({ actorId: '00000000-0000-4000-8000-000000000000' })).total).toBe(0);
    });

    it('filters by time with from and to (inclusive bounds, any UTC offset)', async () => {
      const a = await h.studio('A');
      await sleep(60);
      const b = await h.studio('B');
      await sleep(60);
      const c = await h.studio('C');
      const times = Object.fromEntries(
        (await h.trail()).items.map((entry) => [entry.entityId, entry.changedAt]),
      );
      const [ta, tb, tc] = [times[a.id]!, times[b.id]!, times[c.id]!];
      expect(Date.parse(ta)).toBeLessThan(Date.parse(tb));
      expect(Date.parse(tb)).toBeLessThan(Date.parse(tc));

      const ids = async (query: Record<string, string>) =>
        (await h.trail(query)).items.map((entry) => entry.entityId);
      expect(await ids({ from: between(ta, tb) })).toEqual([c.id, b.id]);
      expect(await ids({ to: between(ta, tb) })).toEqual([a.id]);
      expect(await ids({ from: between(ta, tb), to: between(tb, tc) })).toEqual([b.id]);
      expect(await ids({ from: between(ta, tb, 2), to: between(tb, tc, -5) })).toEqual([b.id]);
      expect((await h.trail({ from: between(ta, tb), to: between(tb, tc) })).total).toBe(1);
      expect(await ids({ from: new Date(Date.now() + 3_600_000).toISOString() })).toEqual([]);
      expect(await ids({ to: '2000-01-01T00:00:00Z' })).toEqual([]);
      // Both bounds are inclusive, also at the (millisecond) time the API shows for an entry.
      expect(await ids({ from: tb, to: tb })).toEqual([b.id]);
      expect(await ids({ from: ta, to: tb })).toEqual([b.id, a.id]);
      expect(await ids({ to: new Date(Date.parse(tb) - 1).toISOString(), from: ta })).toEqual([a.id]);
    });

    it.each([
      ['a from that is not a time', { from: 'yesterday' }, 'querystring.from'],
      ['a to without a time of day', { to: '2024-01-01' }, 'querystring.to'],
      ['an unknown order', { order: 'sideways' }, 'querystring.order'],
      ['pageSize above 100', { pageSize: '101' }, 'querystring.pageSize'],
      ['page 0', { page: '0' }, 'querystring.page'],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, query, path) => {
      const body = expectError(await h.inject({ method: 'GET', url: BASE, query }), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
    });
  });

  describe('permissions', () => {
    it.each<Role>(['visitor', 'accountant', 'developer', 'admin'])('%s may read the trail', async (role) => {
      const studio = await h.studio('Avatar');
      const user = await ctx().signIn(role);
      const page = await h.trail({}, user);
      expect(page.items.map((entry) => entry.entityId)).toEqual([studio.id]);
    });

    it.each<Role>(['qa', 'support'])('%s gets 403 NO_PERMISSION', async (role) => {
      await h.studio('Avatar');
      const user = await ctx().signIn(role);
      const body = expectError(await user.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
      expect(body.message).toBe('Keine Berechtigung.');
      expect(body).not.toHaveProperty('items');
    });

    it('answers 401 without a session', async () => {
      await h.studio('Avatar');
      const response = await ctx().app.inject({ method: 'GET', url: BASE });
      expectError(response, 401, 'UNAUTHENTICATED');
      expect(response.body).not.toContain('Avatar');
    });
  });

  describe('append-only', () => {
    it.each(['PUT', 'PATCH', 'DELETE', 'POST'] as const)(
      'offers no %s route to change or remove entries',
      async (method) => {
        await h.studio('Avatar');
        await h.studio('Elk');
        const before = await h.stored();
        const id = String(before[0]!.id);
        for (const url of [BASE, `${BASE}/${id}`, `${BASE}/1`]) {
          const response = await h.inject({
            method,
            url,
            payload: method === 'DELETE' ? undefined : { action: 'tampered', changes: {} },
          });
          expect([404, 405], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
        }
        expect(await h.stored()).toEqual(before);
      },
    );

    it.each([
      ['UPDATE', sql`update audit_entries set action = 'tampered', changes = '{}'::jsonb`],
      [
        'UPDATE of one entry',
        sql`update audit_entries set actor_name = 'someone else' where id = (select min(id) from audit_entries)`,
      ],
      ['DELETE', sql`delete from audit_entries`],
      ['DELETE of one entry', sql`delete from audit_entries where id = (select max(id) from audit_entries)`],
      ['TRUNCATE', sql`truncate audit_entries`],
    ])('the database refuses %s, leaving the entries unchanged', async (_label, statement) => {
      await h.studio('Avatar');
      await h.studio('Elk');
      const before = await h.stored();
      expect(before).toHaveLength(2);
      await expect(ctx().database.db.execute(statement)).rejects.toThrow();
      expect(await h.stored()).toEqual(before);
      // The trail still takes new entries afterwards.
      await h.studio('Quickspin');
      expect(await h.stored()).toHaveLength(3);
    });

    it('refuses the change even inside a transaction that would otherwise commit', async () => {
      await h.studio('Avatar');
      const before = await h.stored();
      await expect(
        ctx().database.db.transaction(async (tx) => {
          await tx.execute(sql`update audit_entries set action = 'tampered'`);
        }),
      ).rejects.toThrow();
      expect(await h.stored()).toEqual(before);
    });
  });
});

describe('diffFields', () => {
  it('turns nested objects into dotted fields', () => {
    expect(
      diffFields(
        { name: 'P', config: { apiUrl: 'https://a.example.com', limits: { max: 1 } } },
        { name: 'P', config: { apiUrl: 'https://b.example.com', limits: { max: 2 } } },
      ),
    ).toEqual({
      'config.apiUrl': { before: 'https://a.example.com', after: 'https://b.example.com' },
      'config.limits.max': { before: 1, after: 2 },
    });
  });

  it('leaves unchanged fields out, and answers nothing when nothing changed', () => {
    expect(diffFields({ a: 1, b: 'x', c: [1, 2] }, { a: 1, b: 'y', c: [1, 2] })).toEqual({
      b: { before: 'x', after: 'y' },
    });
    expect(diffFields({ a: 1, nested: { b: 2 } }, { a: 1, nested: { b: 2 } })).toEqual({});
  });

  it('ignores version, createdAt and updatedAt of the record', () => {
    expect(
      diffFields(
        {
          name: 'A',
          version: 1,
          createdAt: '2024-01-01T00:00:00.000Z',
          updatedAt: '2024-01-01T00:00:00.000Z',
        },
        {
          name: 'A',
          version: 2,
          createdAt: '2024-01-01T00:00:00.000Z',
          updatedAt: '2024-02-01T00:00:00.000Z',
        },
      ),
    ).toEqual({});
    expect(diffFields(null, { name: 'A', version: 1, createdAt: new Date(), updatedAt: new Date() })).toEqual(
      {
        name: { before: null, after: 'A' },
      },
    );
  });

  it('keeps a nested field that happens to be called version', () => {
    expect(diffFields({ properties: { version: '1' } }, { properties: { version: '2' } })).toEqual({
      'properties.version': { before: '1', after: '2' },
    });
  });

  it('compares arrays as values, without splitting them', () => {
    expect(diffFields({ keys: ['a'] }, { keys: ['a', 'b'] })).toEqual({
      keys: { before: ['a'], after: ['a', 'b'] },
    });
    expect(diffFields({ keys: ['a', 'b'] }, { keys: ['b', 'a'] })).toEqual({
      keys: { before: ['a', 'b'], after: ['b', 'a'] },
    });
  });

  it('treats a missing state, a missing field and undefined as empty', () => {
    expect(diffFields(null, { a: 1, b: { c: 'x' } })).toEqual({
      a: { before: null, after: 1 },
      'b.c': { before: null, after: 'x' },
    });
    expect(diffFields({ a: 1 }, null)).toEqual({ a: { before: 1, after: null } });
    expect(diffFields({ a: undefined }, {})).toEqual({});
    expect(diffFields({ a: null }, { a: undefined })).toEqual({});
    expect(diffFields({ a: '' }, {})).toEqual({ a: { before: '', after: null } });
    expect(diffFields(null, null)).toEqual({});
  });

  it('masks the values of the named secret fields', () => {
    const secrets = new Set(['secrets.apiKey', 'secrets.salt', 'secrets.key1', 'secrets.key2']);
    const changes = diffFields(
      { secrets: { apiKey: 'old-key', salt: 'pepper', key1: 'same' }, config: { apiUrl: 'u1' } },
      { secrets: { apiKey: 'new-key', key1: 'same', key2: 'fresh' }, config: { apiUrl: 'u2' } },
      secrets,
    );
    expect(changes).toEqual({
      'config.apiUrl': { before: 'u1', after: 'u2' },
      'secrets.apiKey': { before: SECRET_MASK, after: SECRET_MASK },
      'secrets.key2': { before: null, after: SECRET_MASK },
      'secrets.salt': { before: SECRET_MASK, after: null },
    });
    expect(JSON.stringify(changes)).not.toMatch(/old-key|new-key|pepper|fresh|same/);
  });

  it('shows fields not named as secrets in the clear', () => {
    expect(
      diffFields({ secrets: { token: 'a' } }, { secrets: { token: 'b' } }, new Set(['secrets.apiKey'])),
    ).toEqual({ 'secrets.token': { before: 'a', after: 'b' } });
  });

  it('answers the fields in sorted order', () => {
    expect(Object.keys(diffFields(null, { zeta: 1, alpha: 2, mid: { b: 1, a: 2 } }))).toEqual([
      'alpha',
      'mid.a',
      'mid.b',
      'zeta',
    ]);
  });
});
