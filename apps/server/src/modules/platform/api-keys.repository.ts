/** SQL of the integrations' API keys. */
import type { ApiKey } from '@backoffice/contracts';
import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationApiKeys, integrations } from '../../db/schema/index';

type Row = typeof integrationApiKeys.$inferSelect;

/** Timestamps come back as the database's text; the API speaks ISO 8601 in UTC. */
const iso = (value: string) => new Date(value).toISOString();
const isoOrNull = (value: string | null) => (value === null ? null : iso(value));

export function toApiKey(row: Row): ApiKey {
  return {
    id: row.id,
    integrationId: row.integrationId,
    name: row.name,
    prefix: row.prefix,
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy,
    lastUsedAt: isoOrNull(row.lastUsedAt),
    revokedAt: isoOrNull(row.revokedAt),
  };
}

/** A last use older than this is written again; more recent ones are left alone. */
const lastUseStale: SQL = or(
  isNull(integrationApiKeys.lastUsedAt),
  lt(integrationApiKeys.lastUsedAt, sql`now() - interval '1 minute'`),
)!;

export function createApiKeysRepository() {
  return {
    async integrationExists(db: Db, integrationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: integrations.id })
        .from(integrations)
        .where(eq(integrations.id, integrationId));
      return row !== undefined;
    },

    /** The integration's keys, newest first. */
    async list(db: Db, integrationId: string): Promise<ApiKey[]> {
      const rows = await db
        .select()
        .from(integrationApiKeys)
        .where(eq(integrationApiKeys.integrationId, integrationId))
        .orderBy(desc(integrationApiKeys.createdAt), desc(integrationApiKeys.id));
      return rows.map(toApiKey);
    },

    async find(db: Db, integrationId: string, keyId: string): Promise<ApiKey | undefined> {
      const [row] = await db
        .select()
        .from(integrationApiKeys)
        .where(and(eq(integrationApiKeys.id, keyId), eq(integrationApiKeys.integrationId, integrationId)));
      return row && toApiKey(row);
    },

    async insert(
      db: Db,
      values: {
        integrationId: string;
        name: string;
        prefix: string;
        keyHash: string;
        createdBy: string | null;
      },
    ): Promise<ApiKey> {
      const [row] = await db.insert(integrationApiKeys).values(values).returning();
      return toApiKey(row!);
    },

    /** Revokes a key that is not revoked yet; undefined when there was none to revoke. */
    async revoke(db: Db, integrationId: string, keyId: string): Promise<ApiKey | undefined> {
      const [row] = await db
        .update(integrationApiKeys)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(integrationApiKeys.id, keyId),
            eq(integrationApiKeys.integrationId, integrationId),
            isNull(integrationApiKeys.revokedAt),
          ),
        )
        .returning();
      return row && toApiKey(row);
    },

    async findByHash(
      db: Db,
      keyHash: string,
    ): Promise<{ id: string; integrationId: string; revoked: boolean; lastUseStale: boolean } | undefined> {
      const [row] = await db
        .select({
          id: integrationApiKeys.id,
          integrationId: integrationApiKeys.integrationId,
          revoked: sql<boolean>`${integrationApiKeys.revokedAt} is not null`,
          lastUseStale: sql<boolean>`${lastUseStale}`,
        })
        .from(integrationApiKeys)
        .where(eq(integrationApiKeys.keyHash, keyHash));
      return row;
    },

    /** Records a use now, unless a concurrent request recorded one within the last minute. */
    async touch(db: Db, keyId: string): Promise<void> {
      await db
        .update(integrationApiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(integrationApiKeys.id, keyId), lastUseStale));
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
