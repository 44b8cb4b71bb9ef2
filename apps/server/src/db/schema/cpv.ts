/**
 * Control program verification (GLI-19 §2.3.2, §B.2.6; architecture §7): the hashes a component may have,
 * the checks, and their results. Results are append-only (the database refuses changes, migration 0009).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordColumns } from './columns';
import { users } from './users';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** A hash (SHA-256, lower-case hex) a component may have. Never edited; retired instead. */
export const allowedHashes = pgTable(
  'allowed_hashes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What runs the games, e.g. `game:<gameId>@<versionNumber>` or a bridge's component name. */
    component: text('component').notNull(),
    hash: text('hash').notNull(),
    note: text('note'),
    retiredAt: instant('retired_at'),
    retiredBy: text('retired_by'),
    ...recordColumns,
  },
  (table) => [
    uniqueIndex('allowed_hashes_hash_key').on(table.hash),
    check('allowed_hashes_hash_check', sql`${table.hash} ~ '^[0-9a-f]{64}$'`),
    index('allowed_hashes_component_idx').on(table.component),
  ],
);

/** One check: on a schedule or on demand, of all components or chosen ones, with its progress. */
export const cpvChecks = pgTable(
  'cpv_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    triggeredBy: text('triggered_by'),
    triggeredById: uuid('triggered_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The components asked for; null: all. */
    components: jsonb('components').$type<string[]>(),
    state: text('state', { enum: ['queued', 'running', 'finished', 'failed'] })
      .notNull()
      .default('queued'),
    total: integer('total'),
    done: integer('done').notNull().default(0),
    error: text('error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
  },
  (table) => [
    index('cpv_checks_created_idx').on(table.createdAt),
    check('cpv_checks_state_check', sql`${table.state} in ('queued', 'running', 'finished', 'failed')`),
  ],
);

/** One component's result in a check. Append-only; kept at least 90 days (here: always). */
export const cpvCheckResults = pgTable(
  'cpv_check_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkId: uuid('check_id')
      .notNull()
      .references(() => cpvChecks.id),
    component: text('component').notNull(),
    /** game-version (frontend hashed by the back office) or bridge (reported through the bridge). */
    source: text('source', { enum: ['game-version', 'bridge'] }).notNull(),
    expectedHash: text('expected_hash'),
    actualHash: text('actual_hash'),
    result: text('result', { enum: ['pass', 'mismatch', 'unknown-component', 'unreachable'] }).notNull(),
    detail: text('detail'),
    checkedOn: instant('checked_on').notNull().defaultNow(),
    triggeredBy: text('triggered_by'),
  },
  (table) => [
    index('cpv_check_results_checked_idx').on(table.checkedOn),
    index('cpv_check_results_check_idx').on(table.checkId),
    index('cpv_check_results_component_idx').on(table.component, table.checkedOn),
    index('cpv_check_results_problem_idx')
      .on(table.checkedOn)
      .where(sql`${table.result} <> 'pass'`),
    check(
      'cpv_check_results_result_check',
      sql`${table.result} in ('pass', 'mismatch', 'unknown-component', 'unreachable')`,
    ),
  ],
);
