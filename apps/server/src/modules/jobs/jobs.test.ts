/**
 * The jobs screen's API on a running job engine: each job with its schedule and next run, "run now" with
 * its run recorded (who, outcome, what it did) and audited when it changed data, failures with their
 * error, runs paged; admins only.
 */
import type { ErrorBody, Job, JobRuns } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { expectError } from '../../test/api';
import { createTestApp } from '../../test/app';
import { testEngines } from '../../test/databases';
import { apiKeyFor, postRounds, round, seedPlatformFixture } from '../../test/platform';
import { nextRunOf } from './jobs.service';

const DAY_MS = 86_400_000;

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('next run of a schedule', () => {
  it('is the next slot of the cron expression in UTC', () => {
    const now = new Date('2026-11-26T10:07:30Z');
    expect(nextRunOf('*/15 * * * *', now)).toBe('2026-11-26T10:15:00.000Z');
    expect(nextRunOf('0 3 * * *', now)).toBe('2026-11-27T03:00:00.000Z');
    expect(nextRunOf('not a cron', now)).toBeNull();
  });
});

for (const engine of testEngines) {
  describe(`jobs API [${engine}]`, () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    const jobs = async () => {
      const response = await ctx.inject({ method: 'GET', url: '/api/jobs' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ items: Job[] }>().items;
    };
    const runsOf = async (name: string) =>
      rowsOf<{ outcome: string; trigger: string; triggered_by: string | null }>(
        await ctx.database.db.execute(sql`select outcome, trigger, triggered_by from job_runs
          where job = ${name} order by started_at`),
      );

    beforeAll(async () => {
      ctx = await createTestApp(engine, {}, { jobs: { pollingSeconds: 0.5 } });
      await seedPlatformFixture(ctx.database.db, {
        casinos: ['jb-a'],
        integrations: { 'jb-int': ['jb-a'] },
        games: { 'jb-game': 96 },
      });
    });
    afterAll(async () => ctx?.close());

    it('lists every job with its schedule and next run, and nothing run yet', async () => {
      const list = await jobs();
      expect(list.map((job) => job.name)).toEqual([
        'housekeeping',
        'auto-close',
        'retention',
        'booking-retries',
        'config-delivery',
        'cpv-check',
      ]);
      for (const job of list) {
        expect(Date.parse(job.nextRunAt!)).toBeGreaterThan(Date.now() - 1_000);
        expect(job.lastRun).toBeNull();
        expect(job.failures).toEqual({ count: 0, recent: [] });
      }
      expect(list[0]!.cron).toBe('*/15 * * * *');
    });

    it('runs a job now for an admin: the run is recorded with who asked, and audited when it changed data', async () => {
      const key = await apiKeyFor(ctx.database.db, 'jb-int');
      // A round with a win, open for 40 days: auto-close cannot refund it and ends it autoCloseFailed.
      await postRounds(ctx.app, key, [
        round({
          roundId: 'jb-stale',
          casinoId: 'jb-a',
          gameId: 'jb-game',
          status: 'open',
          startedAt: new Date(Date.now() - 40 * DAY_MS).toISOString(),
          debit: 100,
          totalWin: 500,
        }),
      ]);

      const response = await ctx.inject({ method: 'POST', url: '/api/jobs/auto-close/run', payload: {} });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ queued: true });
      await waitFor(async () => (await runsOf('auto-close')).some((run) => run.outcome === 'succeeded'));
      const [run] = await runsOf('auto-close');
      expect(run).toMatchObject({ trigger: 'manual', outcome: 'succeeded' });
      expect(run!.triggered_by).toBeTruthy();

      const listed = (await jobs()).find((job) => job.name === 'auto-close')!;
      expect(listed.lastRun).toMatchObject({
        outcome: 'succeeded',
        trigger: 'manual',
        summary: { found: 1, closed: 0, pending: 0, failed: 1 },
      });
      const audit = rowsOf<{ action: string; actor_name: string | null; changes: Record<string, unknown> }>(
        await ctx.database.db.execute(sql`select action, actor_name, changes from audit_entries
          where entity_type = 'job' and entity_id = 'auto-close'`),
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'run', actor_name: run!.triggered_by });
      expect(audit[0]!.changes).toMatchObject({ failed: { before: null, after: 1 } });

      // A run that changed nothing is recorded, not audited.
      const again = await ctx.inject({ method: 'POST', url: '/api/jobs/auto-close/run', payload: {} });
      expect(again.statusCode).toBe(202);
      await waitFor(
        async () => (await runsOf('auto-close')).filter((r) => r.outcome === 'succeeded').length === 2,
      );
      const [{ count } = { count: 0 }] = rowsOf<{ count: number }>(
        await ctx.database.db.execute(
          sql`select count(*)::int as count from audit_entries where entity_type = 'job'`,
        ),
      );
      expect(count).toBe(1);
    });

    it('shows failures with their error, and a run left running by a lost instance as interrupted', async () => {
      await ctx.database.db
        .execute(sql`insert into job_runs (job, started_at, finished_at, outcome, trigger, error)
        values ('housekeeping', now() - interval '2 hours', now() - interval '2 hours', 'failed', 'schedule',
          'connection terminated'),
          ('housekeeping', now() - interval '1 hour', null, 'running', 'schedule', null)`);
      const housekeeping = (await jobs()).find((job) => job.name === 'housekeeping')!;
      expect(housekeeping.failures.count).toBe(1);
      expect(housekeeping.failures.recent[0]).toMatchObject({
        outcome: 'failed',
        error: 'connection terminated',
      });
      expect(housekeeping.lastRun?.outcome).toBe('interrupted');

      const runs = await ctx.inject({ method: 'GET', url: '/api/jobs/housekeeping/runs' });
      expect(runs.statusCode).toBe(200);
      const page = runs.json<JobRuns>();
      expect(page.items.map((run) => run.outcome)).toEqual(['interrupted', 'failed']);
      expect(page.hasMore).toBe(false);
      const older = await ctx.inject({
        method: 'GET',
        url: `/api/jobs/housekeeping/runs?before=${encodeURIComponent(page.items[0]!.startedAt)}`,
      });
      expect(older.json<JobRuns>().items.map((run) => run.outcome)).toEqual(['failed']);
    });

    it('refuses unknown jobs, bad input and everyone but admins', async () => {
      expectError(
        await ctx.inject({ method: 'POST', url: '/api/jobs/nope/run', payload: {} }),
        404,
        'RECORD_NOT_FOUND',
      );
      expectError(await ctx.inject({ method: 'GET', url: '/api/jobs/nope/runs' }), 404, 'RECORD_NOT_FOUND');
      const bad = await ctx.inject({ method: 'GET', url: '/api/jobs/housekeeping/runs?before=yesterday' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorBody>().code).toBe('VALIDATION_FAILED');
      for (const role of ['developer', 'support', 'accountant', 'qa', 'visitor'] as const) {
        const user = await ctx.signIn(role);
        expect((await user.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(403);
        expect(
          (await user.inject({ method: 'POST', url: '/api/jobs/housekeeping/run', payload: {} })).statusCode,
        ).toBe(403);
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
    });
  });
}

describe('jobs API without a job engine', () => {
  it('lists the jobs but answers 503 to "run now"', async () => {
    const ctx = await createTestApp('pglite');
    try {
      expect((await ctx.inject({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(200);
      expectError(
        await ctx.inject({ method: 'POST', url: '/api/jobs/housekeeping/run', payload: {} }),
        503,
        'JOBS_NOT_RUNNING',
      );
    } finally {
      await ctx.close();
    }
  });
});
