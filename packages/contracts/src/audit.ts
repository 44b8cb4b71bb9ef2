/** The audit trail as read through the API: entries are only ever appended (architecture §3). */
import { z } from 'zod';
import { pageSchema } from './lists';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './lists';

/** Shown instead of a secret's value in an entry's changes. */
export const SECRET_MASK = '••••••';

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
