/**
 * The job engine on both databases: runs are recorded with their outcome, failures retried with back-off,
 * at most one run of a job at a time even with two engines (two instances) on one database, schedules
 * stored once per job, and a graceful stop that lets a running job finish.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/databases';
import { createGameRoundsRepository } from '../modules/game-rounds/game-rounds.repository';
import { createIntegrationsService } from '../modules/integrations/integrations.service';
import { createClosuresService } from '../modules/support/closures.service';
import { startJobEngine, type JobDefinition, type JobEngine } from './engine';

const quiet = { warn: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(100);
  }
}

for (const engine of testEngines) {
  describe(`job engine [${engine}]`, () => {
    let database: TestDatabase;
    const engines: JobEngine[] = [];
    let active = 0;
    let mostActive = 0;
    let failuresLeft = 1;

    const jobs: JobDefinition[] = [
      {
        name: 'test-count',
        cron: '0 3 * * *',
        async run({ db }) {
          const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from job_runs`));
          return { runsSeen: row!.n };
        },
      },
      {
        name: 'test-flaky',
        cron: '0 4 * * *',
        retryLimit: 1,
        retryDelaySeconds: 1,
        async run() {
          if (failuresLeft-- > 0) throw new Error('the bridge is down');
          return { done: 1 };
        },
      },
      {
        name: 'test-slow',
        cron: '0 5 * * *',
        async run() {
          active += 1;
          mostActive = Math.max(mostActive, active);
          await sleep(700);
          active -= 1;
          return { slept: 700 };
        },
      },
    ];
    const runsOf = async (job: string) =>
      rowsOf<{
        outcome: string;
        trigger: string;
        triggered_by: string | null;
        summary: unknown;
        error: string | null;
      }>(
        await database.db.execute(sql`select outcome, trigger, triggered_by, summary, error from job_runs
          where job = ${job} order by started_at`),
      );

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      // Two instances on one database.
      for (let n = 0; n < 2; n++) {
        engines.push(await startJobEngine({ database, jobs, log: quiet, pollingSeconds: 0.5 }));
      }
    });
    afterAll(async () => {
      await Promise.all(engines.map((started) => started.stop(1_000)));
      await database?.destroy();
    });

    it('stores one schedule per job, in UTC, whatever the number of instances', async () => {
      const schedules = rowsOf<{ name: string; cron: string; timezone: string }>(
        await database.db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`),
      );
      expect(schedules).toEqual([
        { name: 'test-count', cron: '0 3 * * *', timezone: 'UTC' },
        { name: 'test-flaky', cron: '0 4 * * *', timezone: 'UTC' },
        { name: 'test-slow', cron: '0 5 * * *', timezone: 'UTC' },
      ]);
    });

    it('records a run started by hand with who started it and what it did', async () => {
      expect(await engines[0]!.runNow('test-count', 'admin-1')).toBe(true);
      expect(await engines[0]!.runNow('no-such-job', 'admin-1')).toBe(false);
      await waitFor(async () => (await runsOf('test-count')).some((run) => run.outcome !== 'running'));
      expect(await runsOf('test-count')).toEqual([
        {
          outcome: 'succeeded',
          trigger: 'manual',
          triggered_by: 'admin-1',
          summary: { runsSeen: 1 },
          error: null,
        },
      ]);
    });

    it('retries a failed run with back-off and records both', async () => {
      await engines[1]!.runNow('test-flaky', null);
      await waitFor(async () => (await runsOf('test-flaky')).some((run) => run.outcome === 'succeeded'));
      expect((await runsOf('test-flaky')).map((run) => [run.outcome, run.error])).toEqual([
        ['failed', 'the bridge is down'],
        ['succeeded', null],
      ]);
    });

    it('never runs a job twice at once, even asked on both instances', async () => {
      await Promise.all([
        engines[0]!.runNow('test-slow', null),
        engines[1]!.runNow('test-slow', null),
        engines[0]!.runNow('test-slow', null),
      ]);
      await waitFor(
        async () => (await runsOf('test-slow')).filter((run) => run.outcome === 'succeeded').length === 3,
      );
      expect(mostActive).toBe(1);
    });

    it('stops gracefully: a running job finishes first', async () => {
      const instance = await startJobEngine({ database, jobs, log: quiet, pollingSeconds: 0.5 });
      await Promise.all(engines.splice(0).map((started) => started.stop(1_000)));
      engines.push(instance);
      const before = (await runsOf('test-slow')).length;
      await instance.runNow('test-slow', null);
      await waitFor(async () => (await runsOf('test-slow')).length > before);
      await instance.stop(5_000);
      expect((await runsOf('test-slow')).at(-1)?.outcome).toBe('succeeded');
    });
  });
}

for (const engine of testEngines) {
  describe(`the product's jobs [${engine}]`, () => {
    let database: TestDatabase;
    let started: JobEngine | undefined;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(async () => {
      await started?.stop(1_000);
      await database?.destroy();
    });

    it('runs housekeeping on the engine: expired sessions go, next month’s partition exists', async () => {
      const { productJobs } = await import('./product-jobs');
      const closures = createClosuresService(database.db, createGameRoundsRepository());
      started = await startJobEngine({
        database,
        jobs: productJobs({
          closures,
          integrations: createIntegrationsService(database.db),
          configDeliveryAlertMs: 120_000,
        }),
        log: quiet,
        pollingSeconds: 0.5,
      });
      const next = new Date();
      next.setUTCMonth(next.getUTCMonth() + 1, 1);
      const partition = `game_rounds_${next.getUTCFullYear()}_${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
      await database.db.execute(sql.raw(`drop table if exists ${partition}`));
      expect(await started.runNow('housekeeping', null)).toBe(true);
      await waitFor(async () => {
        const [run] = rowsOf<{ outcome: string }>(
          await database.db.execute(sql`select outcome from job_runs where job = 'housekeeping'`),
        );
        return run?.outcome === 'succeeded';
      });
      const [exists] = rowsOf<{ found: boolean }>(
        await database.db.execute(sql`select to_regclass(${partition}) is not null as found`),
      );
      expect(exists!.found).toBe(true);
    });
  });
}

describe.runIf(process.env.DATABASE_URL)('schedules on two instances [postgres]', () => {
  let database: TestDatabase;
  const engines: JobEngine[] = [];
  afterAll(async () => {
    await Promise.all(engines.map((started) => started.stop(1_000)));
    await database?.destroy();
  });

  it('runs a job once per schedule slot, whatever the number of instances', async () => {
    database = await createTestDatabase('postgres');
    const job: JobDefinition = { name: 'test-every-minute', cron: '* * * * *', async run() {} };
    const minuteNow = async () =>
      rowsOf<{ minute: number }>(
        await database.db.execute(sql`select floor(extract(epoch from now()) / 60)::int as minute`),
      )[0]!.minute;
    const runs = async () =>
      rowsOf<{ runs: number }>(
        await database.db.execute(
          sql`select count(*)::int as runs from job_runs where job = 'test-every-minute'`,
        ),
      )[0]!.runs;
    const firstMinute = await minuteNow();
    for (let i = 0; i < 2; i++) {
      engines.push(
        await startJobEngine({
          database,
          jobs: [job],
          log: quiet,
          pollingSeconds: 0.5,
          cronMonitorSeconds: 1,
        }),
      );
    }
    // Two slots at least: the minute the engines start in (its slot is due at once), and the next.
    await waitFor(async () => (await runs()) >= 2, 150_000);
    // A run that the other instance doubled would start within a few polls: give it the time.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const counted = await runs();
    // A slot is one minute of the database's clock, and each has one run at most, whichever instance
    // takes it. Runs are counted against the minutes since the start rather than grouped by the minute
    // they started in: on a busy machine a slot's run may start in the next minute, next to that
    // minute's own run.
    const slots = (await minuteNow()) - firstMinute + 1;
    expect(counted).toBeLessThanOrEqual(slots);
  }, 180_000);
});
