/**
 * CPV allowed hashes on the configuration core: added behind the typed confirmation, never edited, retired
 * once (a versioned, audited change) — so the trail keeps every hash that was ever allowed, and when.
 */
import {
  allowedHashConfirmText,
  type AllowedHash,
  type AllowedHashCreate,
  type AllowedHashRetire,
} from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { configRecords } from '../../lib/config-service';
import type { Actor } from '../audit/audit.service';
import { createAllowedHashesRepository } from './allowed-hashes.repository';

export function createAllowedHashesService(db: Db, repository = createAllowedHashesRepository()) {
  const records = configRecords(db, {
    repository,
    entityType: 'allowed-hash',
    notFound: 'ALLOWED_HASH_NOT_FOUND',
    // One row per hash, retired ones included: a retired hash is not allowed again for another component.
    constraints: { allowed_hashes_hash_key: 'HASH_NOT_UNIQUE' },
    toItem: (hash) => hash,
    // No note is recorded as nothing, not as an empty text.
    audited: ({ note, ...hash }: AllowedHash) => ({ ...hash, note: note || null }),
    created: ({ component, hash, note, confirmation }: AllowedHashCreate) => {
      if (confirmation !== allowedHashConfirmText(hash)) throw new AppError('CONFIRMATION_MISMATCH');
      return { component, hash, note: note || null };
    },
  });

  return {
    list: records.list,
    create: records.create,

    retire(id: string, { version }: AllowedHashRetire, actor: Actor | null): Promise<AllowedHash> {
      return records.change(id, version, actor, 'retire', (current) => {
        if (current.retiredAt !== null) throw new AppError('ALLOWED_HASH_RETIRED');
        return { retiredAt: sql`now()`, retiredBy: actor?.name ?? null };
      });
    },
  };
}

export type AllowedHashesService = ReturnType<typeof createAllowedHashesService>;
