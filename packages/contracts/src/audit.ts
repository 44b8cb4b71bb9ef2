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
