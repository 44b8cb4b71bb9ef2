/** The background jobs as the jobs screen shows them (architecture §7): schedule, runs, failures. */
import { z } from 'zod';

export const jobRunOutcomes = ['running', 'succeeded', 'failed', 'interrupted'] as const;
export type JobRunOutcome = (typeof jobRunOutcomes)[number];

/** The counts a run of one of the product's jobs may report in its summary; the jobs screen names each. */
export const jobSummaryCounts = [
  'found',
  'closed',
  'pending',
  'failed',
  'retried',
  'delivered',
  'alerted',
  'checks',
  'interrupted',
  'pass',
  'mismatch',
  'unknownComponent',
  'unreachable',
  'roundsRemoved',
  'detailsRemoved',
] as const;
export type JobSummaryCount = (typeof jobSummaryCounts)[number];

/**
 * A product job's summary as it returns it, held by the compiler to the counts the screen has words for:
 * any other key is a type error (the screen showed `alerted` and `delivered` untranslated).
 */
export function jobSummary<T extends Partial<Record<JobSummaryCount, number>>>(
  summary: T & Record<Exclude<keyof T, JobSummaryCount>, never>,
): T {
  return summary;
}

export const jobRunSchema = z
  .object({
    id: z.string(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    /** interrupted: still marked running long after the job's time limit (its instance stopped). */
    outcome: z.enum(jobRunOutcomes),
    trigger: z.enum(['schedule', 'manual']),
    triggeredBy: z.string().nullable(),
    /** What the run did, in numbers. */
    summary: z.record(z.string(), z.number()).nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'JobRun' });
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobSchema = z
  .object({
    name: z.string(),
    /** Cron expression, in UTC. */
    cron: z.string(),
    nextRunAt: z.string().nullable(),
    lastRun: jobRunSchema.nullable(),
    /** Failed runs in the last 7 days, and the newest of them with their errors. */
    failures: z.object({ count: z.int(), recent: z.array(jobRunSchema) }),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({ items: z.array(jobSchema) });
export type JobList = z.infer<typeof jobListSchema>;

export const JOB_RUNS_PAGE_SIZE = 50;

export const jobRunsQuerySchema = z.object({
  /** Runs started before this instant (the previous page's last `startedAt`). */
  before: z.iso.datetime({ offset: true }).optional(),
});

export const jobRunsSchema = z.object({ items: z.array(jobRunSchema), hasMore: z.boolean() });
export type JobRuns = z.infer<typeof jobRunsSchema>;

export const jobRunQueuedSchema = z.object({ queued: z.literal(true) });
