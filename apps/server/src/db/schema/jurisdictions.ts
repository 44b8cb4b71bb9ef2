import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recordColumns } from './columns';

export const jurisdictions = pgTable(
  'jurisdictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ...recordColumns,
  },
  // Names are unique regardless of case: "MGA" and "mga" are the same jurisdiction.
  (table) => [uniqueIndex('jurisdictions_name_key').on(sql`lower(${table.name})`)],
);
