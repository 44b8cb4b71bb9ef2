import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only trail (a trigger refuses updates and deletes, migration 0002) of every configuration write, written in the same transaction as the write. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').notNull(),
  },
  (table) => [
    index('audit_entries_entity_idx').on(table.entityType, table.entityId, table.changedAt),
    index('audit_entries_changed_at_idx').on(table.changedAt),
    index('audit_entries_actor_idx').on(table.actorId, table.changedAt),
  ],
);
