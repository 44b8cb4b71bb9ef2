/**
 * The CPV job: a check of every component at least every 24 hours (GLI-19 §2.3.2), and the checks asked
 * for on the trigger screen. A manual check is queued first and the job is asked to run now, so the job
 * only ever works through queued checks; its daily run also adds a check of all components unless one of
 * those ran already in the same run.
 */
import { jobSummary } from '@backoffice/contracts';
import type { JobContext, JobDefinition } from '../../jobs/engine';
import { createCpvCheckRunner, type CpvRunnerOptions, type RunSummary } from './cpv-check-runner';

export const CPV_CHECK_JOB = 'cpv-check';

/** The job with its runner's options (tests shorten the bridge timeouts). */
export function cpvCheckJobOf(options: CpvRunnerOptions = {}): JobDefinition {
  return {
    name: CPV_CHECK_JOB,
    // Daily at 03:00 UTC.
    cron: '0 3 * * *',
    // Hundreds of frontends take a while; a run is not cut off as failed after the default 15 minutes.
    expireInSeconds: 3 * 60 * 60,
    retryLimit: 1,
    // Every check appends its results (evidence); ending an interrupted check changes it.
    changes: ['checks', 'interrupted'],
    async run({ db, trigger, by }: JobContext) {
      const runner = createCpvCheckRunner(db, options);
      const interrupted = await runner.failInterrupted();
      const runs = [await runner.runQueued()];
      // The schedule guarantees a check of everything; "run now" of the job with nothing queued starts one.
      if (trigger === 'schedule' ? !runs[0]!.full : runs[0]!.checks === 0) {
        await runner.queueAll(trigger, by);
        runs.push(await runner.runQueued());
      }
      const sum = (pick: (run: RunSummary) => number) => runs.reduce((total, run) => total + pick(run), 0);
      return jobSummary({
        checks: sum((run) => run.checks),
        interrupted,
        pass: sum((run) => run.counts.pass),
        mismatch: sum((run) => run.counts.mismatch),
        unknownComponent: sum((run) => run.counts.unknownComponent),
        unreachable: sum((run) => run.counts.unreachable),
      });
    },
  };
}
