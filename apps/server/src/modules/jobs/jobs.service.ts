/**
 * The jobs screen's facts (architecture §7): each job's schedule and next run (from its cron), its last
 * run and its failures (from job_runs, which each run writes itself), and "run now" through the engine.
 */
import { JOB_RUNS_PAGE_SIZE, type Job, type JobRun, type JobRuns } from '@backoffice/contracts';
import cronParser from 'cron-parser';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobDefinition, JobRunner } from '../../jobs/engine';
import { AppError } from '../../lib/app-error';
import { isoMs, rowsOf } from '../../lib/sql';
import type { Actor } from '../audit/audit.service';

/** A run still marked running after this long lost its instance (the engine's limit is 15 minutes). */
const DEFAULT_EXPIRE_SECONDS = 15 * 60;
const RECENT_FAILURES = 5;

interface RunRow {
  id: string;
  job: string;
  started_at: string;
  finished_at: string | null;
  outcome: 'running' | 'succeeded' | 'failed';
  trigger: 'schedule' | 'manual';
  triggered_by: string | null;
  summary: Record<string, number> | null;
  error: string | null;
  stale: boolean;
}

const runColumns = (expireSeconds: number) => sql`r.id, r.job, ${isoMs('r.started_at')} as started_at,
  ${isoMs('r.finished_at')} as finished_at, r.outcome, r.trigger, r.triggered_by, r.summary, r.error,
  (r.outcome = 'running' and r.started_at < now() - make_interval(secs => ${expireSeconds})) as stale`;

function toRun(row: RunRow): JobRun {
  return {
    id: row.id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    outcome: row.stale ? 'interrupted' : row.outcome,
    trigger: row.trigger,
    triggeredBy: row.triggered_by,
    summary: row.summary,
    error: row.error,
  };
}

/** The next time the cron expression (UTC) fires after now; null if it cannot be read. */
export function nextRunOf(cron: string, now = new Date()): string | null {
  try {
    return cronParser.parseExpression(cron, { tz: 'UTC', currentDate: now }).next().toDate().toISOString();
  } catch {
    return null;
  }
}

export function createJobsService(db: Db, definitions: readonly JobDefinition[], runner: JobRunner | null) {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const expireOf = (definition: JobDefinition) => definition.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS;

  function definitionOf(name: string): JobDefinition {
    const definition = byName.get(name);
    if (!definition) throw new AppError('RECORD_NOT_FOUND');
    return definition;
  }

  return {
    async list(): Promise<Job[]> {
      return Promise.all(
        definitions.map(async (definition) => {
          const expire = expireOf(definition);
          const [last] = rowsOf<RunRow>(
            await db.execute(sql`select ${runColumns(expire)} from job_runs r
              where r.job = ${definition.name} order by r.started_at desc limit 1`),
          );
          const failed = rowsOf<RunRow & { total: number }>(
            await db.execute(sql`select ${runColumns(expire)}, count(*) over ()::int as total from job_runs r
              where r.job = ${definition.name} and r.outcome = 'failed'
                and r.started_at > now() - interval '7 days'
              order by r.started_at desc limit ${RECENT_FAILURES}`),
          );
          return {
            name: definition.name,
            cron: definition.cron,
            nextRunAt: nextRunOf(definition.cron),
            lastRun: last ? toRun(last) : null,
            failures: { count: failed[0]?.total ?? 0, recent: failed.map(toRun) },
          };
        }),
      );
    },

    /** A job's runs, newest first, a page at a time (keyset on the start). */
    async runs(name: string, before: string | undefined): Promise<JobRuns> {
      const definition = definitionOf(name);
      const rows = rowsOf<RunRow>(
        await db.execute(sql`select ${runColumns(expireOf(definition))} from job_runs r
          where r.job = ${name} ${before ? sql`and r.started_at < ${before}::timestamptz` : sql``}
          order by r.started_at desc limit ${JOB_RUNS_PAGE_SIZE + 1}`),
      );
      return {
        items: rows.slice(0, JOB_RUNS_PAGE_SIZE).map(toRun),
        hasMore: rows.length > JOB_RUNS_PAGE_SIZE,
      };
    },

    /** Queues a run now; the run itself is recorded (and audited when it changes data) with who asked. */
    async runNow(name: string, actor: Actor | null): Promise<{ queued: true }> {
      definitionOf(name);
      if (!runner) throw new AppError('JOBS_NOT_RUNNING');
      if (!(await runner.runNow(name, actor?.name ?? null, actor?.id ?? null))) {
        throw new AppError('JOB_ALREADY_QUEUED');
      }
      return { queued: true };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
