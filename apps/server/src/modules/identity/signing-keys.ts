/**
 * The embedded identity server's signing keys live in the database, so every instance signs and verifies
 * with the same keys and a restart keeps issued tokens valid. Rotation adds a new key that signs from the
 * next start on; the older ones keep verifying until retired.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { and, desc, isNull, notInArray, sql } from 'drizzle-orm';
import type { JWK } from 'oidc-provider';
import type { Database, Db } from '../../db/client';
import { oidcSigningKeys } from '../../db/schema/index';

const KEYS_LOCK_ID = 727_002;

function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

export async function addSigningKey(db: Db): Promise<string> {
  const jwk = newSigningKey();
  await db.insert(oidcSigningKeys).values({ kid: jwk.kid!, privateJwk: jwk });
  return jwk.kid!;
}

async function activeKeys(db: Db): Promise<JWK[]> {
  const rows = await db
    .select({ jwk: oidcSigningKeys.privateJwk })
    .from(oidcSigningKeys)
    .where(isNull(oidcSigningKeys.retiredAt))
    .orderBy(desc(oidcSigningKeys.createdAt));
  return rows.map((row) => row.jwk as JWK);
}

/** The active keys, newest first (it signs); creates the first one, once, across instances. */
export async function loadSigningKeys(database: Database): Promise<JWK[]> {
  return database.withConnection(async (db) => {
    if (database.engine === 'postgres') await db.execute(sql`select pg_advisory_lock(${KEYS_LOCK_ID})`);
    try {
      const keys = await activeKeys(db);
      if (keys.length > 0) return keys;
      await addSigningKey(db);
      return activeKeys(db);
    } finally {
      if (database.engine === 'postgres') await db.execute(sql`select pg_advisory_unlock(${KEYS_LOCK_ID})`);
    }
  });
}

/**
 * Rotation: a new key signs from the next start of each instance on; the previous one keeps verifying
 * tokens issued before; anything older is retired.
 */
export async function rotateSigningKeys(db: Db): Promise<{ added: string; retired: number }> {
  return db.transaction(async (tx) => {
    const added = await addSigningKey(tx);
    const keep = await tx
      .select({ kid: oidcSigningKeys.kid })
      .from(oidcSigningKeys)
      .where(isNull(oidcSigningKeys.retiredAt))
      .orderBy(desc(oidcSigningKeys.createdAt))
      .limit(2);
    const retired = await tx
      .update(oidcSigningKeys)
      .set({ retiredAt: sql`now()` })
      .where(
        and(
          isNull(oidcSigningKeys.retiredAt),
          notInArray(
            oidcSigningKeys.kid,
            keep.map((k) => k.kid),
          ),
        ),
      )
      .returning({ kid: oidcSigningKeys.kid });
    return { added, retired: retired.length };
  });
}
