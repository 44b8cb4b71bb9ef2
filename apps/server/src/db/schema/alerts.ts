/**
 * Alerts: what admins and developers must see until someone acknowledges it (a CPV mismatch, a
 * configuration not delivered). Acknowledging is recorded (who, when) and audited.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. cpv-mismatch */
    kind: text('kind').notNull(),
    /** What it is about (a component, an integration). */
    subject: text('subject').notNull(),
    /** The facts, in English (shown with a translated title per kind). */
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    raisedAt: instant('raised_at').notNull().defaultNow(),
    acknowledgedAt: instant('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedByName: text('acknowledged_by_name'),
  },
  (table) => [
    index('alerts_open_idx')
      .on(table.raisedAt)
      .where(sql`${table.acknowledgedAt} is null`),
  ],
);
