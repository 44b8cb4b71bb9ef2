/**
 * The embedded identity server's signing keys live in the database, so every instance signs and verifies
 * with the same keys and a restart keeps issued tokens valid. Rotation adds a new key that signs from the
 * next start on; the older ones keep verifying until retired. The private keys are stored sealed by the
 * app's SecretBox (issue 15): the jsonb column holds the sealed JWK as a JSON string.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { and, desc, isNull, notInArray, sql } from 'drizzle-orm';
import type { JWK } from 'oidc-provider';
import type { Database, Db } from '../../db/client';
import { oidcSigningKeys } from '../../db/schema/index';
import type { SecretBox } from '../../lib/secret-box';

const KEYS_LOCK_ID = 727_002;

function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

export async function addSigningKey(db: Db, box: SecretBox): Promise<string> {
  const jwk = newSigningKey();
  await db.insert(oidcSigningKeys).values({ kid: jwk.kid!, privateJwk: box.seal(JSON.stringify(jwk)) });
  return jwk.kid!;
}

/**
 * A stored key: sealed (a string), or a JWK object written before sealing ran (an older instance during a
 * rolling deploy; the next start seals it). A key sealed under an unknown key stops the start, with the
 * box's message, which names the key id and SECRETS_KEY_PREVIOUS.
 */
function openJwk(box: SecretBox, stored: unknown): JWK {
  return (typeof stored === 'string' ? JSON.parse(box.open(stored)) : stored) as JWK;
}

async function activeKeys(db: Db, box: SecretBox): Promise<JWK[]> {
  const rows = await db
    .select({ jwk: oidcSigningKeys.privateJwk })
    .from(oidcSigningKeys)
    .where(isNull(oidcSigningKeys.retiredAt))
    .orderBy(desc(oidcSigningKeys.createdAt));
  return rows.map((row) => openJwk(box, row.jwk));
}

/** The active keys, newest first (it signs); creates the first one, once, across instances. */
export async function loadSigningKeys(database: Database, box: SecretBox): Promise<JWK[]> {
  return database.withConnection(async (db) => {
    if (database.engine === 'postgres') await db.execute(sql`select pg_advisory_lock(${KEYS_LOCK_ID})`);
    try {
      const keys = await activeKeys(db, box);
      if (keys.length > 0) return keys;
      await addSigningKey(db, box);
      return activeKeys(db, box);
    } finally {
      if (database.engine === 'postgres') await db.execute(sql`select pg_advisory_unlock(${KEYS_LOCK_ID})`);
    }
  });
}

/**
 * Rotation: a new key signs from the next start of each instance on; the previous one keeps verifying
 * tokens issued before; anything older is retired.
 */
export async function rotateSigningKeys(db: Db, box: SecretBox): Promise<{ added: string; retired: number }> {
  return db.transaction(async (tx) => {
    const added = await addSigningKey(tx, box);
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
