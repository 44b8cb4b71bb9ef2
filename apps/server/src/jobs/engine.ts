/**
 * The job engine (architecture §7, decision 024): pg-boss 10 on the product's database — PostgreSQL
 * through a small pool of its own, or the embedded PGlite through an adapter. Each job is a queue with the
 * `singleton` policy (at most one run at a time across all instances), scheduled by cron in UTC (one job
 * per schedule slot whatever the number of instances), retried with back-off, and stopped gracefully.
 * Every run is recorded in `job_runs` (start, end, outcome, error, what it did, who started it).
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { recordJobRun } from '../lib/metrics';
import { rowsOf } from '../lib/sql';
import { recordAudit } from '../modules/audit/audit.service';

export interface JobContext {
  db: Db;
  /** What started this run: its schedule, or someone's "run now" (`by`: their name). */
  trigger: 'schedule' | 'manual';
  by: string | null;
  /** Queues another run of this job in `seconds` (work that is due before its next schedule slot). */
  runAgainIn?: (seconds: number) => Promise<void>;
}

export interface JobDefinition {
  name: string;
  /** Cron in UTC (minute granularity). */
  cron: string;
  /** What one run does; answers what it did in numbers (recorded with the run). */
  run(context: JobContext): Promise<Record<string, number> | void>;
  /** Further attempts after a failed run (default 2), the first after `retryDelaySeconds` (default 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run taking longer counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * The summary's counts that are changes of data: a run with any of them above zero is audited (entity
   * `job`, action `run`, the summary as what changed).
   */
  changes?: readonly string[];
}

interface RunData {
  trigger: 'schedule' | 'manual';
  by?: string | null;
  byId?: string | null;
}

/** pg-boss's `db` for PGlite: scripts without values go through exec (several statements), the rest query. */
function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (values && values.length > 0) return await client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        // A failed BEGIN … COMMIT script would leave the single session in an aborted transaction.
        if (client.isInTransaction()) await client.exec('ROLLBACK');
        throw error;
      }
    },
  };
}

const DEADLOCK = '40P01';

/** Creating the same queue on two instances at once can deadlock inside pg-boss; creating is idempotent. */
async function retryOnDeadlock<T>(action: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** What routes need of the engine: queue a run of a job now (answers whether it was queued). */
export interface JobRunner {
  runNow(name: string, by: string | null, byId?: string | null): Promise<boolean>;
}

export interface JobEngineOptions {
  database: Database;
  jobs: readonly JobDefinition[];
  log: { warn(object: unknown, message: string): void };
  /** Whether this instance runs jobs (default true); without, it only schedules and queues them. */
  work?: boolean;
  /** How often an idle worker asks for a job (default 2 s; at least 0.5 s). */
  pollingSeconds?: number;
  /** How often schedules are looked at (pg-boss's default 30 s; tests shorten it to see slots fire). */
  cronMonitorSeconds?: number;
}

export async function startJobEngine({
  database,
  jobs,
  log,
  work = true,
  pollingSeconds = 2,
  cronMonitorSeconds,
}: JobEngineOptions) {
  const store = database.jobStore;
  const monitor = cronMonitorSeconds === undefined ? {} : { cronMonitorIntervalSeconds: cronMonitorSeconds };
  const boss = new PgBoss(
    store.kind === 'postgres'
      ? { connectionString: store.url, max: 2, schema: 'pgboss', ...monitor }
      : { db: pgliteExecutor(store.client), schema: 'pgboss', ...monitor },
  );
  boss.on('error', (error) => log.warn({ err: error }, 'job engine error'));
  await boss.start();
  const { db } = database;

  async function runRecorded(definition: JobDefinition, data: RunData | undefined): Promise<void> {
    const [run] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into job_runs (job, trigger, triggered_by)
        values (${definition.name}, ${data?.trigger ?? 'schedule'}, ${data?.by ?? null}) returning id`),
    );
    const started = Date.now();
    const trigger = data?.trigger ?? 'schedule';
    try {
      const runAgainIn = async (seconds: number) => {
        await boss.send(definition.name, { trigger: 'schedule' } satisfies RunData, {
          startAfter: Math.max(1, Math.ceil(seconds)),
          singletonKey: definition.name,
        });
      };
      const summary = (await definition.run({ db, trigger, by: data?.by ?? null, runAgainIn })) ?? null;
      const changed = summary !== null && (definition.changes ?? []).some((key) => (summary[key] ?? 0) > 0);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update job_runs set finished_at = now(), outcome = 'succeeded',
            summary = ${summary === null ? null : JSON.stringify(summary)}::jsonb
          where id = ${run!.id}`);
        if (!changed) return;
        await recordAudit(tx, {
          actor: data?.byId && data.by ? { id: data.byId, name: data.by } : null,
          entityType: 'job',
          entityId: definition.name,
          action: 'run',
          before: null,
          after: { run: run!.id, trigger, ...summary },
        });
      });
      recordJobRun(definition.name, 'succeeded', Date.now() - started);
    } catch (error) {
      recordJobRun(definition.name, 'failed', Date.now() - started);
      const message = error instanceof Error ? error.message : String(error);
      await db
        .execute(
          sql`update job_runs set finished_at = now(), outcome = 'failed', error = ${message.slice(0, 2000)}
          where id = ${run!.id}`,
        )
        .catch(() => undefined);
      // pg-boss retries it with back-off.
      throw error;
    }
  }

  for (const definition of jobs) {
    const options = {
      retryLimit: definition.retryLimit ?? 2,
      retryDelay: definition.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    };
    await retryOnDeadlock(() =>
      boss.createQueue(definition.name, { name: definition.name, policy: 'singleton', ...options }),
    );
    await boss.schedule(definition.name, definition.cron, { trigger: 'schedule' } satisfies RunData, {
      tz: 'UTC',
      singletonKey: definition.name,
    });
    if (work) {
      await boss.work<RunData>(definition.name, { pollingIntervalSeconds: pollingSeconds }, async ([job]) =>
        runRecorded(definition, job?.data),
      );
    }
  }

  const byName = new Map(jobs.map((definition) => [definition.name, definition]));
  return {
    jobs,
    /** Queues a run now (it starts once no other run of the job is active); answers whether it was queued. */
    async runNow(name: string, by: string | null, byId: string | null = null): Promise<boolean> {
      if (!byName.has(name)) return false;
      const id = await boss.send(name, { trigger: 'manual', by, byId } satisfies RunData, {
        singletonKey: name,
      });
      return id !== null;
    },
    /** Stops taking jobs; waits up to `timeoutMs` for running ones, then releases them as failed. */
    async stop(timeoutMs = 30_000): Promise<void> {
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(timeoutMs, 1_000) });
    },
  };
}

export type JobEngine = Awaited<ReturnType<typeof startJobEngine>>;
