/** The audit trail as read through the API: entries are only ever appended (architecture §3). */
import { z } from 'zod';
import { pageSchema } from './lists';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './lists';

/** Shown instead of a secret's value in an entry's changes. */
export const SECRET_MASK = '••••••';

/**
 * Who reads the entries of each audited entity type (decision 021): every reader of the trail (what
 * belongs to no casino or integration), readers whose scope holds the casino or the integration the entry
 * is about (its id, or the part of it before the first `/`), or user administrators only (staff matters:
 * accounts, passwords, sessions, scopes, sign-ins). A type missing here is for user administrators only.
 */
export const auditEntityReaders = {
  // Denied access (a 403 or a record outside the scope): who tried what from where — staff matters.
  'access-denied': 'userAdmins',
  alert: 'everyone',
  'allowed-hash': 'everyone',
  bridge: 'everyone',
  casino: 'casino',
  'casino-game': 'casino',
  'cpv-check': 'everyone',
  'fx-rate': 'everyone',
  game: 'everyone',
  'game-provider': 'everyone',
  'game-round': 'casino',
  'game-studio': 'everyone',
  'game-version': 'everyone',
  integration: 'integration',
  // A job's run counts what it changed across all casinos: for user administrators (admins) only.
  job: 'userAdmins',
  'integration-game': 'integration',
  'integration-option': 'everyone',
  jurisdiction: 'everyone',
  savegame: 'casino',
  // Secrets at rest sealed or re-sealed under a new key (counts only, never a value): a security matter.
  secrets: 'userAdmins',
  settings: 'everyone',
  'significant-event': 'everyone',
  'sign-in': 'userAdmins',
  user: 'userAdmins',
} as const satisfies Record<string, 'everyone' | 'casino' | 'integration' | 'userAdmins'>;
export type AuditEntityType = keyof typeof auditEntityReaders;
export type AuditEntityReaders = (typeof auditEntityReaders)[AuditEntityType];
/** The entity types of the trail, sorted. */
export const auditEntityTypes = (Object.keys(auditEntityReaders) as AuditEntityType[]).sort();

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    changedAt: z.iso.datetime(),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    entityType: z.string(),
    entityId: z.string(),
    action: z.string(),
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  entityType: z.string().trim().min(1).max(50).optional(),
  entityId: z.string().trim().min(1).max(200).optional(),
  actorId: z.string().trim().min(1).max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);

/**
 * The users a reader of the trail can pick as its actor filter: searched by `q` (user name, first and last
 * name), or the one user `id` (to label a filter taken from the URL).
 */
export const auditActorQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  id: z.uuid().optional(),
});
export type AuditActorQuery = z.infer<typeof auditActorQuerySchema>;
export const auditActorSchema = z.object({ id: z.string(), username: z.string(), name: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;
/** The most actors one answer lists. */
export const AUDIT_ACTOR_OPTIONS = 20;
export const auditActorPageSchema = pageSchema(auditActorSchema);
