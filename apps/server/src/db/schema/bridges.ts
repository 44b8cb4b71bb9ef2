import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from './columns';

/** Operator-side HTTP services; `secret` signs every request to the bridge and never leaves the server. */
export const bridges = pgTable(
  'bridges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    routerUrl: text('router_url').notNull(),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    secret: text('secret').notNull(),
    ...recordColumns,
  },
  (table) => [uniqueIndex('bridges_name_key').on(sql`lower(${table.name})`)],
);
