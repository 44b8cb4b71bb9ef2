import {
  errorMessage,
  SECRET_MASK,
  type AuditEntry,
  type Bridge,
  type ErrorBody,
  type Page,
  type RecordUsage,
} from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { bridges, casinos, integrations, jurisdictions } from '../../db/schema/index';
import { ENGLISH, expectError, UNKNOWN_UUID, usedByRecords } from '../../test/api';
import { KEEP_EVERYTHING } from '../../test/platform';
import { describeEachEngine } from '../../test/app';
import { clearAuditTrail } from '../../test/databases';
import { opened } from '../../test/secrets';

const BASE = '/api/bridges';
const SECRET = 'a-shared-secret-of-the-operator';

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Bridge Malta',
    routerUrl: 'https://bridge.operator.example/router',
    properties: { region: 'eu' },
    secret: SECRET,
    ...overrides,
  };
}

describeEachEngine('bridges API', (ctx) => {
  const inject = (options: InjectOptions) => ctx().inject(options);
  const create = (payload: Record<string, unknown>, headers = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });
  async function created(overrides: Record<string, unknown> = {}): Promise<Bridge> {
    const response = await create(body(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Bridge>();
  }
  /** The stored bridge with its secret opened (it is stored sealed: secrets-at-rest.test). */
  const stored = async (id: string) => {
    const [row] = await ctx().database.db.select().from(bridges).where(eq(bridges.id, id));
    return row && { ...row, secret: opened(row.secret) };
  };
  const trail = async (id: string) =>
    (
      await inject({
        method: 'GET',
        url: '/api/audit-entries',
        query: { entityType: 'bridge', entityId: id },
      })
    ).json<Page<AuditEntry>>().items;

  beforeEach(async () => {
    await ctx().database.db.delete(bridges);
    await clearAuditTrail(ctx().database.db);
  });

  it('creates a bridge and never answers its secret', async () => {
    const response = await create(body());
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain(SECRET);
    const bridge = response.json<Bridge>();
    expect(bridge).toMatchObject({
      name: 'Bridge Malta',
      routerUrl: 'https://bridge.operator.example/router',
      properties: { region: 'eu' },
      secretSet: true,
      version: 1,
    });
    expect((await stored(bridge.id))!.secret).toBe(SECRET);
    for (const url of [`${BASE}/${bridge.id}`, BASE]) {
      expect((await inject({ method: 'GET', url })).body).not.toContain(SECRET);
    }
  });

  it('refuses a taken name (any case) in German and English, and stores nothing', async () => {
    await created();
    const german = await create(body({ name: 'BRIDGE MALTA' }));
    expect(expectError(german, 409, 'BRIDGE_NAME_TAKEN').message).toBe(
      errorMessage('BRIDGE_NAME_TAKEN', 'de'),
    );
    const english = await create(body({ name: 'bridge malta' }), ENGLISH);
    expect(expectError(english, 409, 'BRIDGE_NAME_TAKEN').message).toBe('Bridge name already taken.');
    expect(await ctx().database.db.select().from(bridges)).toHaveLength(1);
  });

  it.each([
    ['a router URL that is not http(s)', { routerUrl: 'ftp://bridge.example' }],
    ['no router URL', { routerUrl: '' }],
    ['a short secret', { secret: 'short' }],
    ['no secret on create', { secret: '' }],
    ['a bad property key', { properties: { '1x': 'v' } }],
  ])('refuses %s with 400', async (_case, overrides) => {
    expectError(await create(body(overrides)), 400, 'VALIDATION_FAILED');
    expect(await ctx().database.db.select().from(bridges)).toHaveLength(0);
  });

  it('keeps the secret when it is left empty on change, replaces it when given, and masks it in the trail', async () => {
    const bridge = await created();
    const kept = await inject({
      method: 'PUT',
      url: `${BASE}/${bridge.id}`,
      payload: { ...body({ name: 'Bridge Malta 2', secret: '' }), version: 1 },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await stored(bridge.id))!.secret).toBe(SECRET);

    const rotated = await inject({
      method: 'PUT',
      url: `${BASE}/${bridge.id}`,
      payload: { ...body({ name: 'Bridge Malta 2', secret: 'another-secret-value-123' }), version: 2 },
    });
    expect(rotated.json<Bridge>().version).toBe(3);
    expect((await stored(bridge.id))!.secret).toBe('another-secret-value-123');

    const entries = await trail(bridge.id);
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(entries[0]!.changes).toEqual({ secret: { before: SECRET_MASK, after: SECRET_MASK } });
    expect(entries[1]!.changes).toEqual({ name: { before: 'Bridge Malta', after: 'Bridge Malta 2' } });
    expect(entries[2]!.changes.secret).toEqual({ before: null, after: SECRET_MASK });
    expect(JSON.stringify(entries)).not.toMatch(/a-shared-secret|another-secret/);
  });

  it('refuses a stale change and a stale delete with 409 and changes nothing', async () => {
    const bridge = await created();
    const stale = await inject({
      method: 'PUT',
      url: `${BASE}/${bridge.id}`,
      payload: { ...body(), version: 7 },
    });
    expectError(stale, 409, 'STALE_VERSION');
    expectError(
      await inject({ method: 'DELETE', url: `${BASE}/${bridge.id}`, query: { version: '2' } }),
      409,
      'STALE_VERSION',
    );
    expect((await stored(bridge.id))!.version).toBe(1);
  });

  it('deletes at the version read and audits it; an unknown bridge does not exist', async () => {
    const bridge = await created();
    const response = await inject({ method: 'DELETE', url: `${BASE}/${bridge.id}`, query: { version: '1' } });
    expect(response.statusCode).toBe(204);
    expect(await stored(bridge.id)).toBeUndefined();
    expect((await trail(bridge.id)).map((entry) => entry.action)).toEqual(['delete', 'create']);
    expectError(await inject({ method: 'GET', url: `${BASE}/${bridge.id}` }), 404, 'BRIDGE_NOT_FOUND');
    expectError(
      await inject({ method: 'GET', url: `${BASE}/${UNKNOWN_UUID}`, headers: ENGLISH }),
      404,
      'BRIDGE_NOT_FOUND',
    );
  });

  describe('permissions', () => {
    it('lets developers change bridges ("adjust bridge settings")', async () => {
      const developer = await ctx().signIn('developer');
      const response = await developer.inject({ method: 'POST', url: BASE, payload: body() });
      expect(response.statusCode).toBe(201);
    });

    it.each(['qa', 'support', 'visitor'] as const)('lets %s look but not change', async (role) => {
      const bridge = await created();
      const user = await ctx().signIn(role);
      expect((await user.inject({ method: 'GET', url: BASE })).statusCode).toBe(200);
      expectError(
        await user.inject({ method: 'POST', url: BASE, payload: body({ name: 'x' }) }),
        403,
        'NO_PERMISSION',
      );
      expectError(
        await user.inject({ method: 'DELETE', url: `${BASE}/${bridge.id}`, query: { version: '1' } }),
        403,
        'NO_PERMISSION',
      );
    });

    it('keeps bridges from accountants', async () => {
      const accountant = await ctx().signIn('accountant');
      expectError(await accountant.inject({ method: 'GET', url: BASE }), 403, 'NO_PERMISSION');
    });
  });

  it('lists with search and sort', async () => {
    await created({ name: 'Alpha', routerUrl: 'https://alpha.example/r' });
    await created({ name: 'Beta', routerUrl: 'https://beta.example/r' });
    const page = (await inject({ method: 'GET', url: BASE, query: { sort: 'name', order: 'desc' } })).json<
      Page<Bridge>
    >();
    expect(page.items.map((bridge) => bridge.name)).toEqual(['Beta', 'Alpha']);
    const found = (await inject({ method: 'GET', url: BASE, query: { q: 'alpha.ex' } })).json<Page<Bridge>>();
    expect(found.items.map((bridge) => bridge.name)).toEqual(['Alpha']);
  });

  it('refuses to delete a bridge in use and says by which casinos and integrations (409, details)', async () => {
    const bridge = await created();
    const { db } = ctx().database;
    const [jurisdiction] = await db.insert(jurisdictions).values({ name: 'Bridge test MGA' }).returning();
    await db.insert(casinos).values({
      id: 'bridge-casino',
      name: 'Bridge Casino',
      bridgeId: bridge.id,
      api: 'seamlessWallet',
      jurisdictionId: jurisdiction!.id,
    });
    await db.insert(integrations).values(
      ['int-b', 'int-a'].map((id) => ({
        id,
        name: `Integration ${id}`,
        bridgeId: bridge.id,
        persistence: KEEP_EVERYTHING,
      })),
    );
    try {
      const response = await inject({
        method: 'DELETE',
        url: `${BASE}/${bridge.id}`,
        query: { version: '1' },
      });
      expect(response.statusCode, response.body).toBe(409);
      const answer = response.json<ErrorBody<RecordUsage>>();
      expect(['BRIDGE_USED_BY_CASINOS', 'BRIDGE_IN_USE']).toContain(answer.code);
      expect(answer.details).toEqual([
        usedByRecords('casinos', [['bridge-casino', 'Bridge Casino']]),
        usedByRecords('integrations', [
          ['int-a', 'Integration int-a'],
          ['int-b', 'Integration int-b'],
        ]),
      ]);
      expect(await stored(bridge.id)).toBeDefined();
    } finally {
      await db.delete(integrations);
      await db.delete(casinos);
      await db.delete(jurisdictions).where(eq(jurisdictions.id, jurisdiction!.id));
    }
  });
});
