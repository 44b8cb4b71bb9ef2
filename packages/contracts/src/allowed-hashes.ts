/**
 * CPV allowed hashes (GLI-19 §2.3.2, §B.2.6): the SHA-256 a component that runs the games may have. A hash
 * is unique, never edited, and retired instead of deleted, so the trail of what was ever allowed stays.
 */
import { z } from 'zod';
import { listQuerySchema, pageSchema, recordMetaSchema, versionField } from './lists';
import { ruled } from './validation-messages';

export const ALLOWED_HASH_COMPONENT_MAX = 200;
export const ALLOWED_HASH_NOTE_MAX = 500;
/** How many of the hash's first characters the user types to confirm adding it. */
export const ALLOWED_HASH_CONFIRM_LENGTH = 8;

export const allowedHashIdSchema = z.uuid();

/** A SHA-256 as 64 hexadecimal characters; upper case is accepted and stored in lower case. */
export const sha256HexSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(ruled(/^[0-9a-f]{64}$/, 'sha256'));

/** The text to type before adding a hash: its first characters, as stored (lower case). */
export function allowedHashConfirmText(hash: string): string {
  return hash.trim().toLowerCase().slice(0, ALLOWED_HASH_CONFIRM_LENGTH);
}

export const allowedHashSchema = z
  .object({
    id: allowedHashIdSchema,
    /** What runs the games: `game:<gameId>@<versionNumber>` for a game version's frontend, or a bridge's component. */
    component: z.string(),
    hash: z.string(),
    note: z.string(),
    /** When and by whom it was retired; null while it is allowed. */
    retiredAt: z.iso.datetime().nullable(),
    retiredBy: z.string().nullable(),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'AllowedHash' });
export type AllowedHash = z.infer<typeof allowedHashSchema>;

/** The fields of the add form. */
export const allowedHashFieldsSchema = z.object({
  component: z.string().trim().min(1).max(ALLOWED_HASH_COMPONENT_MAX),
  hash: sha256HexSchema,
  note: z.string().trim().max(ALLOWED_HASH_NOTE_MAX),
});
export type AllowedHashFields = z.infer<typeof allowedHashFieldsSchema>;

/** Adding a hash: its fields and the typed confirmation (`allowedHashConfirmText` of the hash). */
export const allowedHashCreateSchema = allowedHashFieldsSchema.extend({
  note: allowedHashFieldsSchema.shape.note.optional(),
  confirmation: z.string().max(200),
});
export type AllowedHashCreate = z.infer<typeof allowedHashCreateSchema>;

/** Retiring a hash, at the version it was read. */
export const allowedHashRetireSchema = z.object(versionField);
export type AllowedHashRetire = z.infer<typeof allowedHashRetireSchema>;

export const allowedHashSortFields = ['component', 'hash', 'createdAt', 'retiredAt'] as const;
export type AllowedHashSortField = (typeof allowedHashSortFields)[number];
/** `q` finds part of the component; `hash` part of the hash (either case); retired ones only when asked. */
export const allowedHashListQuerySchema = listQuerySchema(allowedHashSortFields, 'component').extend({
  hash: z.string().trim().toLowerCase().max(64).optional(),
  showRetired: z.enum(['true', 'false']).optional(),
});
export type AllowedHashListQuery = z.infer<typeof allowedHashListQuerySchema>;
export const allowedHashPageSchema = pageSchema(allowedHashSchema);
