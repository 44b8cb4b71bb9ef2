/**
 * An in-memory stand-in for /api/jobs: the jobs, a job's runs (newest first, 50 a page, older ones by
 * `before`), and "run now": queued (202; the job then shows a running manual run), a run already waiting
 * (409 JOB_ALREADY_QUEUED), or a server without the engine (503 JOBS_NOT_RUNNING).
 */
import { JOB_RUNS_PAGE_SIZE, type Job, type JobRun } from '@backoffice/contracts';
import { FakeApi } from './fake-api';
import { errorResponse, jsonResponse, type RecordedRequest } from './fetch';

const BASE = '/api/jobs';

export class FakeJobsApi extends FakeApi {
  readonly jobs: Job[] = [];
  /** Each job's runs, in any order. */
  readonly runs = new Map<string, JobRun[]>();
  /** Jobs with a run waiting to start: "run now" answers 409. */
  readonly queued = new Set<string>();
  /** False: this server runs no job engine, "run now" answers 503. */
  engineRunning = true;
  /** Who "run now" records as having started the run. */
  actor = 'admin';
  private nextId = 1;

  addJob(job: Partial<Job> & Pick<Job, 'name' | 'cron'>): Job {
    const stored: Job = { nextRunAt: null, lastRun: null, failures: { count: 0, recent: [] }, ...job };
    this.jobs.push(stored);
    return stored;
  }

  run(fields: Partial<JobRun> & Pick<JobRun, 'startedAt'>): JobRun {
    return {
      id: `run-${this.nextId++}`,
      finishedAt: null,
      outcome: 'succeeded',
      trigger: 'schedule',
      triggeredBy: null,
      summary: null,
      error: null,
      ...fields,
    };
  }

  /** `count` finished runs of a job, one a minute going back from `newest`. */
  addRuns(name: string, count: number, newest: string): JobRun[] {
    const added = Array.from({ length: count }, (_, index) => {
      const start = Date.parse(newest) - index * 60_000;
      return this.run({
        startedAt: new Date(start).toISOString(),
        finishedAt: new Date(start + 800).toISOString(),
      });
    });
    this.runs.set(name, [...(this.runs.get(name) ?? []), ...added]);
    return added;
  }

  /** Ends the job's running last run as succeeded (what the engine does once the run is done). */
  finish(name: string, summary: JobRun['summary'] = null): void {
    const job = this.find(name)!;
    if (job.lastRun?.outcome !== 'running') throw new Error(`${name} is not running`);
    const finishedAt = new Date(Date.parse(job.lastRun.startedAt) + 2000).toISOString();
    job.lastRun = { ...job.lastRun, outcome: 'succeeded', finishedAt, summary };
    this.queued.delete(name);
  }

  /** The names "run now" was sent for. */
  runNowRequests(): string[] {
    return this.requests
      .filter((request) => request.method === 'POST')
      .map((request) => decodeURIComponent(request.url.pathname.split('/')[3] ?? ''));
  }

  /** The `before` of each runs request of a job (null for the first page). */
  runsRequests(name: string): (string | null)[] {
    return this.requests
      .filter((request) => request.url.pathname === `${BASE}/${encodeURIComponent(name)}/runs`)
      .map((request) => request.url.searchParams.get('before'));
  }

  listRequests(): number {
    return this.requests.filter((request) => request.url.pathname === BASE).length;
  }

  private find(name: string): Job | undefined {
    return this.jobs.find((job) => job.name === name);
  }

  protected handle({ method, url }: RecordedRequest): Response {
    if (url.pathname === BASE && method === 'GET') return jsonResponse(200, { items: this.jobs });
    const match = /^\/api\/jobs\/([^/]+)\/(runs|run)$/.exec(url.pathname);
    const job = match && this.find(decodeURIComponent(match[1]!));
    if (!match || !job) return errorResponse('RECORD_NOT_FOUND');
    if (match[2] === 'runs' && method === 'GET') {
      const before = url.searchParams.get('before');
      const older = (this.runs.get(job.name) ?? [])
        .filter((run) => before === null || Date.parse(run.startedAt) < Date.parse(before))
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
      return jsonResponse(200, {
        items: older.slice(0, JOB_RUNS_PAGE_SIZE),
        hasMore: older.length > JOB_RUNS_PAGE_SIZE,
      });
    }
    if (match[2] === 'run' && method === 'POST') {
      if (!this.engineRunning) return errorResponse('JOBS_NOT_RUNNING');
      if (this.queued.has(job.name)) return errorResponse('JOB_ALREADY_QUEUED');
      this.queued.add(job.name);
      // The engine picks it up at once here: the next list shows it running.
      job.lastRun = this.run({
        startedAt: new Date().toISOString(),
        outcome: 'running',
        trigger: 'manual',
        triggeredBy: this.actor,
      });
      return jsonResponse(202, { queued: true });
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }
}
