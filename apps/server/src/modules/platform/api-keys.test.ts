/**
 * API keys of the ingest API: created on an integration and answered once, listed without key or hash,
 * checked by `authenticateApiKey`, revoked for good, audited without the secret, scoped and permitted like
 * the integration, and gone with their integration.
 */
import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type CreatedApiKey, type Role } from '@backoffice/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { bridges, integrationApiKeys, integrations } from '../../db/schema/index';
import { changeEntries, clearAuditTrail } from '../../test/databases';
import { ENGLISH, UNKNOWN_UUID, expectError } from '../../test/api';
import { describeEachEngine, type SignedIn, type TestContext } from '../../test/app';
import { authenticateApiKey, generateApiKey, hashApiKey } from './api-keys';

const BASE = '/api/integrations';
const keysUrl = (integrationId: string) => `${BASE}/${integrationId}/api-keys`;
const revokeUrl = (integrationId: string, keyId: string) => `${keysUrl(integrationId)}/${keyId}/revoke`;

const persistence = {
  persistPlayer: true,
  persistGameRound: true,
  saveGameRoundDetails: false,
  gameRoundTtlDays: null,
  loseDetailsTtlDays: null,
  winDetailsTtlDays: null,
  bigWinDetailsTtlDays: null,
};

describe('generateApiKey', () => {
  it('makes a prefixed random key, shows its first 12 characters and hashes it with SHA-256', () => {
    const { key, prefix, hash } = generateApiKey();
    expect(key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(key.slice(API_KEY_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(prefix).toBe(key.slice(0, 12));
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).toBe(hash);
    const keys = new Set(Array.from({ length: 50 }, () => generateApiKey().key));
    expect(keys.size).toBe(50);
  });
});

describeEachEngine('integration API keys', (ctx) => {
  const db = () => ctx().database.db;

  async function reset() {
    await db().delete(integrations);
    await db().delete(bridges);
    await clearAuditTrail(db());
    const [bridge] = await db()
      .insert(bridges)
      .values({ name: 'Bridge', routerUrl: 'http://127.0.0.1:9', secret: 'api-keys-test-secret' })
      .returning();
    await db()
      .insert(integrations)
      .values(
        ['int-a', 'int-b'].map((id) => ({
          id,
          name: `Integration ${id}`,
          bridgeId: bridge!.id,
          persistence,
        })),
      );
  }

  async function createKey(
    integrationId: string,
    name: string,
    as: Pick<TestContext, 'inject'> = ctx(),
  ): Promise<CreatedApiKey> {
    const response = await as.inject({ method: 'POST', url: keysUrl(integrationId), payload: { name } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiKey>();
  }

  async function list(integrationId: string): Promise<ApiKey[]> {
    const response = await ctx().inject({ method: 'GET', url: keysUrl(integrationId) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApiKey[]>();
  }

  const storedKeys = () => db().select().from(integrationApiKeys).orderBy(asc(integrationApiKeys.createdAt));
  const audit = () => changeEntries(db());

  beforeEach(reset);

  describe('creating and listing', () => {
    it('answers the key once, stores only its hash and lists the key without it', async () => {
      const admin = await ctx().signIn('admin');
      const created = await createKey('int-a', '  Production platform  ', admin);
      expect(created.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
      expect(created.apiKey).toEqual({
        id: expect.any(String),
        integrationId: 'int-a',
        name: 'Production platform',
        prefix: created.key.slice(0, 12),
        createdAt: expect.any(String),
        createdBy: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(new Date(created.apiKey.createdAt).toISOString()).toBe(created.apiKey.createdAt);

      const [row, ...more] = await storedKeys();
      expect(more).toEqual([]);
      expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
      expect(Object.values(row!)).not.toContain(created.key);

      const listed = await list('int-a');
      expect(listed).toEqual([created.apiKey]);
      const body = (await ctx().inject({ method: 'GET', url: keysUrl('int-a') })).body;
      expect(body).not.toContain(created.key);
      expect(body).not.toContain(row!.keyHash);
      expect(body).not.toMatch(/hash/i);
      expect(await list('int-b')).toEqual([]);
    });

    it('lists the newest first, each key with its own prefix', async () => {
      const first = await createKey('int-a', 'First');
      await db()
        .update(integrationApiKeys)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(eq(integrationApiKeys.id, first.apiKey.id));
      const second = await createKey('int-a', 'Second');
      const listed = await list('int-a');
      expect(listed.map((key) => key.name)).toEqual(['Second', 'First']);
      expect(listed[0]!.prefix).not.toBe(listed[1]!.prefix);
      expect(second.key).not.toBe(first.key);
    });

    it('refuses a missing or empty name', async () => {
      for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(101) }]) {
        expectError(
          await ctx().inject({ method: 'POST', url: keysUrl('int-a'), payload }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expect(await storedKeys()).toEqual([]);
    });

    it('answers 404 for an unknown integration', async () => {
      for (const request of [
        { method: 'GET', url: keysUrl('nope') },
        { method: 'POST', url: keysUrl('nope'), payload: { name: 'Key' } },
        { method: 'POST', url: revokeUrl('nope', UNKNOWN_UUID) },
      ] as InjectOptions[]) {
        expectError(await ctx().inject(request), 404, 'INTEGRATION_NOT_FOUND');
      }
      expect(await storedKeys()).toEqual([]);
    });
  });

  describe('authenticateApiKey', () => {
    it('accepts a created key and names its integration', async () => {
      const created = await createKey('int-b', 'Platform');
      expect(await authenticateApiKey(db(), created.key)).toEqual({
        keyId: created.apiKey.id,
        integrationId: 'int-b',
      });
    });

    it('rejects unknown, malformed and altered keys', async () => {
      const created = await createKey('int-a', 'Platform');
      const altered = created.key.slice(0, -1) + (created.key.endsWith('A') ? 'B' : 'A');
      for (const key of [
        generateApiKey().key,
        altered,
        '',
        'garbage',
        created.key.slice(API_KEY_PREFIX.length),
        `${created.key} `,
        `Bearer ${created.key}`,
        hashApiKey(created.key),
        `${API_KEY_PREFIX}${'!'.repeat(43)}`,
        'x'.repeat(10_000),
      ]) {
        expect(await authenticateApiKey(db(), key), JSON.stringify(key.slice(0, 60))).toBeNull();
      }
      expect(await authenticateApiKey(db(), undefined as unknown as string)).toBeNull();
    });

    it('rejects a revoked key', async () => {
      const created = await createKey('int-a', 'Platform');
      const other = await createKey('int-a', 'Other');
      const revoked = await ctx().inject({ method: 'POST', url: revokeUrl('int-a', created.apiKey.id) });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(await authenticateApiKey(db(), created.key)).toBeNull();
      expect(await authenticateApiKey(db(), other.key)).toEqual({
        keyId: other.apiKey.id,
        integrationId: 'int-a',
      });
    });

    it('records the last use at most once a minute', async () => {
      const created = await createKey('int-a', 'Platform');
      const lastUsed = async () =>
        (
          await db()
            .select({ at: sql<string>`${integrationApiKeys.lastUsedAt}::text` })
            .from(integrationApiKeys)
            .where(eq(integrationApiKeys.id, created.apiKey.id))
        )[0]!.at;

      await authenticateApiKey(db(), created.key);
      const first = await lastUsed();
      expect(first).not.toBeNull();
      const [listed] = await list('int-a');
      expect(listed!.lastUsedAt).toBe(new Date(first).toISOString());

      await authenticateApiKey(db(), created.key);
      await authenticateApiKey(db(), created.key);
      expect(await lastUsed()).toBe(first);

      // Seen last more than a minute ago: the next use is written again.
      await db()
        .update(integrationApiKeys)
        .set({ lastUsedAt: sql`now() - interval '61 seconds'` })
        .where(eq(integrationApiKeys.id, created.apiKey.id));
      const old = await lastUsed();
      await authenticateApiKey(db(), created.key);
      const again = await lastUsed();
      expect(Date.parse(again)).toBeGreaterThan(Date.parse(old) + 60_000);
    });
  });

  describe('revoking', () => {
    it('revokes once; revoking again changes nothing and is no error', async () => {
      const created = await createKey('int-a', 'Platform');
      const first = await ctx().inject({ method: 'POST', url: revokeUrl('int-a', created.apiKey.id) });
      expect(first.statusCode, first.body).toBe(200);
      const revoked = first.json<ApiKey>();
      expect(revoked).toEqual({ ...created.apiKey, revokedAt: expect.any(String) });

      const second = await ctx().inject({ method: 'POST', url: revokeUrl('int-a', created.apiKey.id) });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<ApiKey>()).toEqual(revoked);
      expect(await list('int-a')).toEqual([revoked]);
      expect((await audit()).filter((entry) => entry.action === 'api-key-revoked')).toHaveLength(1);
    });

    it('answers 404 for a key that does not exist or belongs to another integration', async () => {
      const created = await createKey('int-b', 'Platform');
      expectError(
        await ctx().inject({ method: 'POST', url: revokeUrl('int-a', created.apiKey.id) }),
        404,
        'RECORD_NOT_FOUND',
      );
      expectError(
        await ctx().inject({ method: 'POST', url: revokeUrl('int-a', UNKNOWN_UUID) }),
        404,
        'RECORD_NOT_FOUND',
      );
      expectError(
        await ctx().inject({ method: 'POST', url: revokeUrl('int-a', 'not-a-uuid') }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await authenticateApiKey(db(), created.key)).not.toBeNull();
    });
  });

  describe('audit', () => {
    it('records creating and revoking on the integration, never the key or its hash', async () => {
      const admin = await ctx().signIn('admin');
      const created = await createKey('int-a', 'Platform', admin);
      const revoked = await admin.inject({ method: 'POST', url: revokeUrl('int-a', created.apiKey.id) });
      expect(revoked.statusCode, revoked.body).toBe(200);
      const revokedAt = revoked.json<ApiKey>().revokedAt;

      const entries = await audit();
      expect(entries.map((entry) => [entry.entityType, entry.entityId, entry.action])).toEqual([
        ['integration', 'int-a', 'api-key-created'],
        ['integration', 'int-a', 'api-key-revoked'],
      ]);
      const [createdEntry, revokedEntry] = entries;
      const id = created.apiKey.id;
      expect(createdEntry!.actorId).toBe(admin.userId);
      expect(createdEntry!.actorName).toBe(created.apiKey.createdBy);
      expect(createdEntry!.changes).toEqual({
        [`apiKeys.${id}.name`]: { before: null, after: 'Platform' },
        [`apiKeys.${id}.prefix`]: { before: null, after: created.apiKey.prefix },
      });
      expect(revokedEntry!.changes).toEqual({
        [`apiKeys.${id}.revokedAt`]: { before: null, after: revokedAt },
      });
      const [row] = await storedKeys();
      const trail = JSON.stringify(entries);
      expect(trail).not.toContain(created.key);
      expect(trail).not.toContain(created.key.slice(12));
      expect(trail).not.toContain(row!.keyHash);
    });
  });

  describe('scoping', () => {
    const scoped = (role: Role = 'developer') => ctx().signIn(role, { integrationIds: ['int-a'] });

    it('lets a scoped user manage the keys of their integrations only; others do not exist for them', async () => {
      const user = await scoped();
      const own = await createKey('int-a', 'Own', user);
      expect(
        (await user.inject({ method: 'GET', url: keysUrl('int-a') })).json<ApiKey[]>().map((key) => key.id),
      ).toEqual([own.apiKey.id]);

      const foreign = await createKey('int-b', 'Foreign');
      const before = { keys: await storedKeys(), audit: await audit() };
      for (const request of [
        { method: 'GET', url: keysUrl('int-b') },
        { method: 'POST', url: keysUrl('int-b'), payload: { name: 'Intruder' } },
        { method: 'POST', url: revokeUrl('int-b', foreign.apiKey.id) },
      ] as InjectOptions[]) {
        const body = expectError(await user.inject(request), 404, 'INTEGRATION_NOT_FOUND');
        expect(body.message).toBe('Die Integration existiert nicht.');
      }
      // A key of int-b named under int-a is no key of int-a.
      expectError(
        await user.inject({ method: 'POST', url: revokeUrl('int-a', foreign.apiKey.id) }),
        404,
        'RECORD_NOT_FOUND',
      );
      const english = expectError(
        await user.inject({ method: 'GET', url: keysUrl('int-b'), headers: ENGLISH }),
        404,
        'INTEGRATION_NOT_FOUND',
      );
      expect(english.message).toBe('Integration does not exist.');
      expect({ keys: await storedKeys(), audit: await audit() }).toEqual(before);
      expect(await authenticateApiKey(db(), foreign.key)).not.toBeNull();
    });

    it('shows nothing to a user with an empty scope', async () => {
      const user = await ctx().signIn('developer');
      expectError(await user.inject({ method: 'GET', url: keysUrl('int-a') }), 404, 'INTEGRATION_NOT_FOUND');
    });
  });

  describe('permissions', () => {
    it.each<Role>(['visitor', 'support', 'qa'])(
      '%s may list the keys but not create or revoke them',
      async (role) => {
        const created = await createKey('int-a', 'Platform');
        const user: SignedIn = await ctx().signIn(role, { integrationIds: ['int-a'] });
        const listed = await user.inject({ method: 'GET', url: keysUrl('int-a') });
        expect(listed.statusCode, listed.body).toBe(200);
        expect(listed.json<ApiKey[]>()).toEqual([created.apiKey]);

        const before = { keys: await storedKeys(), audit: await audit() };
        for (const request of [
          { method: 'POST', url: keysUrl('int-a'), payload: { name: 'Intruder' } },
          { method: 'POST', url: revokeUrl('int-a', created.apiKey.id) },
        ] as InjectOptions[]) {
          const body = expectError(await user.inject(request), 403, 'NO_PERMISSION');
          expect(body.message).toBe('Keine Berechtigung.');
        }
        expect({ keys: await storedKeys(), audit: await audit() }).toEqual(before);
      },
    );

    it('accountant may not even list; without a session the answer is 401', async () => {
      const accountant = await ctx().signIn('accountant', { integrationIds: ['int-a'] });
      expectError(await accountant.inject({ method: 'GET', url: keysUrl('int-a') }), 403, 'NO_PERMISSION');
      for (const request of [
        { method: 'GET', url: keysUrl('int-a') },
        { method: 'POST', url: keysUrl('int-a'), payload: { name: 'Key' } },
      ] as InjectOptions[]) {
        // With the CSRF header a browser of ours sends, so that only the missing session is refused.
        const headers = { 'x-requested-with': 'backoffice' };
        expectError(await ctx().app.inject({ ...request, headers }), 401, 'UNAUTHENTICATED');
      }
      expect(await storedKeys()).toEqual([]);
    });
  });

  describe('deleting the integration', () => {
    it('takes its keys with it; they no longer authenticate', async () => {
      const gone = await createKey('int-a', 'Gone');
      const kept = await createKey('int-b', 'Kept');
      const deleted = await ctx().inject({ method: 'DELETE', url: `${BASE}/int-a`, query: { version: '1' } });
      expect(deleted.statusCode, deleted.body).toBe(204);

      expect((await storedKeys()).map((row) => row.id)).toEqual([kept.apiKey.id]);
      expect(await authenticateApiKey(db(), gone.key)).toBeNull();
      expect(await authenticateApiKey(db(), kept.key)).not.toBeNull();
    });
  });
});
