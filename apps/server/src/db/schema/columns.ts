import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every configuration table carries: `version` is checked on every write (no lost updates). */
export const recordColumns = {
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
