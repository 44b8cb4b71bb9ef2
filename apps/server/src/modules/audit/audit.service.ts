/** Appends audit entries; callers pass their open transaction so the entry commits with the change. */
import type { Db } from '../../db/client';
import { auditEntries } from '../../db/schema/index';

/** Who made a change; null until sign-in exists or for the system itself. */
export interface Actor {
  id: string;
  name: string;
}

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'reset-password'
  | 'change-password'
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-out';

type Fields = Record<string, unknown>;
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** Bookkeeping columns that change on every write and say nothing about the change itself. */
const IGNORED_FIELDS = new Set(['version', 'createdAt', 'updatedAt']);

/** The fields whose value differs between two states of a record (a missing state counts as empty). */
export function diffFields(before: Fields | null, after: Fields | null): FieldChanges {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChanges = {};
  for (const key of keys) {
    if (IGNORED_FIELDS.has(key)) continue;
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: a, after: b };
  }
  return changes;
}

export async function recordAudit(
  tx: Db,
  entry: {
    actor: Actor | null;
    entityType: string;
    entityId: string;
    action: AuditAction;
    before: Fields | null;
    after: Fields | null;
  },
): Promise<void> {
  await tx.insert(auditEntries).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    changes: diffFields(entry.before, entry.after),
  });
}
