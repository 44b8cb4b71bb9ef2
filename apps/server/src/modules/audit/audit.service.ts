/** Appends audit entries; callers pass their open transaction so the entry commits with the change. */
import { SECRET_MASK } from '@backoffice/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEntries } from '../../db/schema/index';
import { statementOnce } from '../../lib/sql';

/** Who made a change; null until sign-in exists or for the system itself. */
export interface Actor {
  id: string;
  name: string;
}

export type AuditAction =
  | 'create'
  | 'retire'
  | 'update'
  | 'delete'
  | 'reset-password'
  | 'change-password'
  | 'second-factor-enrol'
  | 'second-factor-confirm'
  | 'second-factor-disable'
  | 'second-factor-reset'
  | 'second-factor-recovery-code-used'
  | 'second-factor-recovery-codes-renewed'
  | 'step-up'
  | 'seal'
  | 'rotate'
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-out'
  | 'activate'
  | 'deactivate'
  | 'push'
  | 'api-key-created'
  | 'api-key-revoked'
  | 'close-requested'
  | 'close'
  | 'close-rejected'
  | 'soft-delete'
  | 'run'
  | 'auto-close-failed'
  | 'denied'
  | 'out-of-scope'
  | 'denials-suppressed'
  | 'export';

type Fields = Record<string, unknown>;
export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** Bookkeeping columns that change on every write and say nothing about the change itself. */
const IGNORED_FIELDS = new Set(['version', 'createdAt', 'updatedAt']);

function isPlainObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Nested objects (an API configuration, properties) become dotted fields: `config.apiUrl`. */
function flatten(fields: Fields | null, prefix = '', into: Fields = {}): Fields {
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (prefix === '' && IGNORED_FIELDS.has(key)) continue;
    if (isPlainObject(value)) flatten(value, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = value;
  }
  return into;
}

/**
 * The fields whose value differs between two states of a record (a missing state counts as empty).
 * Fields named in `secrets` (dotted paths) show only that they changed, never their value.
 */
export function diffFields(
  before: Fields | null,
  after: Fields | null,
  secrets: ReadonlySet<string> = new Set(),
): FieldChanges {
  const flatBefore = flatten(before);
  const flatAfter = flatten(after);
  const keys = new Set([...Object.keys(flatBefore), ...Object.keys(flatAfter)]);
  const changes: FieldChanges = {};
  for (const key of [...keys].sort()) {
    const a = flatBefore[key] ?? null;
    const b = flatAfter[key] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    changes[key] = secrets.has(key)
      ? { before: a === null ? null : SECRET_MASK, after: b === null ? null : SECRET_MASK }
      : { before: a, after: b };
  }
  return changes;
}

/** Who did what to which record. */
interface EntryFacts {
  actor: Actor | null;
  entityType: string;
  entityId: string;
  action: AuditAction;
}

/** An entry's columns, as both writers below store them: the actor's id and name are kept apart. */
function entryColumns(entry: EntryFacts, changes: FieldChanges) {
  return {
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    changes,
  };
}

export async function recordAudit(
  tx: Db,
  entry: EntryFacts & {
    before: Fields | null;
    after: Fields | null;
    /** Dotted paths of fields whose values must never be written to the trail. */
    secrets?: ReadonlySet<string>;
    /**
     * When it happened, in microseconds since 1970, for an entry written after the fact (a denial is
     * written after its answer); by default the time of the transaction.
     */
    happenedAtMicros?: number;
  },
): Promise<void> {
  // Whole microseconds, exactly (a float of seconds since 1970 would round them).
  const happenedAt =
    entry.happenedAtMicros === undefined
      ? undefined
      : sql`timestamptz 'epoch' + ${String(entry.happenedAtMicros)}::bigint * interval '1 microsecond'`;
  await tx.insert(auditEntries).values({
    ...(happenedAt ? { changedAt: happenedAt } : {}),
    ...entryColumns(entry, diffFields(entry.before, entry.after, entry.secrets)),
  });
}

/**
 * A new record and its audit entry written by one statement, which is its own transaction (both or
 * neither), instead of a transaction of four round trips (begin, two inserts, commit). `insert` is the
 * record's `insert … returning …` with placeholders (`sql.placeholder`), built once per `shape`; `values`
 * fill them, and what it returns is answered. The entry's changes are those of `after`, the record as it is
 * answered, which the caller knows before it is written (it makes the record's id itself); the bookkeeping
 * fields the database fills in (`createdAt`) are not part of the changes anyway.
 */
export async function insertAudited<Row>(
  db: Db,
  shape: string,
  insert: () => SQL,
  values: object,
  entry: Omit<EntryFacts, 'action'> & {
    after: Fields;
    secrets?: ReadonlySet<string>;
  },
): Promise<Row> {
  // The entry's placeholders are named `audit.<column>`, apart from the record's.
  const audit = (column: keyof ReturnType<typeof entryColumns>) => sql.placeholder(`audit.${column}`);
  const audited = statementOnce<Row>(
    db,
    `insert audited: ${shape}`,
    () => sql`with created as (${insert()}), entry as (
        insert into audit_entries (actor_id, actor_name, entity_type, entity_id, action, changes)
        values (${audit('actorId')}, ${audit('actorName')}, ${audit('entityType')}, ${audit('entityId')},
          ${audit('action')}, ${audit('changes')}::jsonb)
      )
      select * from created`,
  );
  const columns = entryColumns({ ...entry, action: 'create' }, diffFields(null, entry.after, entry.secrets));
  const [row] = await audited.execute({
    ...values,
    ...Object.fromEntries(Object.entries(columns).map(([column, value]) => [`audit.${column}`, value])),
    'audit.changes': JSON.stringify(columns.changes),
  });
  return row!;
}

/** The audit writer of one entity type: services call it with their transaction after each write. */
export function auditOf(entityType: string, secrets?: ReadonlySet<string>) {
  return (
    tx: Db,
    change: {
      actor: Actor | null;
      action: AuditAction;
      entityId: string;
      before: Fields | null;
      after: Fields | null;
    },
  ) => recordAudit(tx, { ...change, entityType, secrets });
}
