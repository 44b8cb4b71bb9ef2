/**
 * API keys of the ingest API: how a key is made, how it is stored (only its SHA-256), and how a request's
 * key is checked. The key itself leaves the server once, in the answer that creates it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { createApiKeysRepository } from './api-keys.repository';

const KEY_BYTES = 32;
/** How much of a key the list shows to recognise it: the fixed prefix and 8 random characters. */
const SHOWN_PREFIX_LENGTH = 12;
/** A well-formed key: the prefix and 32 bytes in base64url (43 characters). */
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

export interface GeneratedApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): GeneratedApiKey {
  const key = API_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), hash: hashApiKey(key) };
}

const repository = createApiKeysRepository();

/**
 * The key and integration of a presented key, or null when it is malformed, unknown or revoked. The key is
 * found by its hash (unique index); its last use is written at most once a minute, not on every batch.
 */
export async function authenticateApiKey(
  db: Db,
  key: string,
): Promise<{ keyId: string; integrationId: string } | null> {
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) return null;
  const found = await repository.findByHash(db, hashApiKey(key));
  if (!found || found.revoked) return null;
  if (found.lastUseStale) await repository.touch(db, found.id);
  return { keyId: found.id, integrationId: found.integrationId };
}
