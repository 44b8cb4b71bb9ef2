/**
 * Runs of the background jobs (architecture §7): one row per run, written by the run itself, so that the
 * jobs screen shows each job's last run, its outcome and its failures from our own record — the job
 * engine keeps its queue in its own schema (`pgboss`) and forgets finished jobs after a while.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    /** running, succeeded, failed */
    outcome: text('outcome', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    /** schedule, or manual (someone pressed "run now"). */
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    triggeredBy: text('triggered_by'),
    /** What the run did, in numbers (e.g. `{ "sessions": 3 }`). */
    summary: jsonb('summary').$type<Record<string, number>>(),
    error: text('error'),
  },
  (table) => [
    index('job_runs_job_started_idx').on(table.job, table.startedAt),
    index('job_runs_failed_idx')
      .on(table.job, table.startedAt)
      .where(sql`${table.outcome} = 'failed'`),
  ],
);
