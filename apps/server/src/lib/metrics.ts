/**
 * The product's metrics (Prometheus text at `/metrics`, docs/operations.md): one registry per process, the
 * metric families defined here and recorded by the parts that know the facts — the HTTP hooks, the job
 * engine, the bridge client, the ingest, the CPV checks. Labels are bounded sets (route patterns, never
 * raw URLs or ids), so that the number of series stays small.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'backoffice_' });

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'backoffice_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, with their durations',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: seconds,
  registers: [metricsRegistry],
});

export const jobRunsTotal = new Counter({
  name: 'backoffice_job_runs_total',
  help: 'Runs of the background jobs by job and outcome (succeeded, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobRunDuration = new Histogram({
  name: 'backoffice_job_run_duration_seconds',
  help: 'Durations of the background jobs by job',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [metricsRegistry],
});

export const bridgeCallDuration = new Histogram({
  name: 'backoffice_bridge_call_duration_seconds',
  help: 'Calls of the bridges by operation and outcome, with their latency',
  labelNames: ['operation', 'outcome'] as const,
  buckets: seconds,
  registers: [metricsRegistry],
});

export const ingestedRoundsTotal = new Counter({
  name: 'backoffice_ingested_rounds_total',
  help: 'Game rounds received from the platform, by result (inserted, updated, unchanged)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

export const cpvResultsTotal = new Counter({
  name: 'backoffice_cpv_results_total',
  help: 'Results of control program verification by result (pass, mismatch, unknown-component, unreachable)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

// Known results start at zero, so that a rate over them is defined from the first scrape on.
for (const result of ['inserted', 'updated', 'unchanged']) ingestedRoundsTotal.inc({ result }, 0);
for (const result of ['pass', 'mismatch', 'unknown-component', 'unreachable'])
  cpvResultsTotal.inc({ result }, 0);

/** What a database pool reports of its connections (pg's totalCount, idleCount, waitingCount, max). */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The pools of this process (one per app; tests build several), read at each scrape. */
const pools = new Set<() => PoolUse>();
const poolSum = (field: keyof PoolUse) => [...pools].reduce((sum, use) => sum + use()[field], 0);

/** The pool gauges by name; registered only while a pool is observed (on PGlite, one connection, none). */
const poolGauges = new Map<string, Gauge>();
function poolGauge(name: string, help: string, field: keyof PoolUse): void {
  poolGauges.set(
    name,
    new Gauge({
      name,
      help,
      registers: [],
      collect() {
        this.set(poolSum(field));
      },
    }),
  );
}
poolGauge('backoffice_db_pool_clients', 'Connections open in the database pool, in use or idle', 'total');
poolGauge('backoffice_db_pool_idle_clients', 'Connections of the database pool open but idle', 'idle');
poolGauge(
  'backoffice_db_pool_waiting_requests',
  'Requests waiting for a connection because every connection of the pool is in use',
  'waiting',
);
poolGauge(
  'backoffice_db_pool_max_clients',
  'Connections the database pool may open (DATABASE_POOL_SIZE)',
  'max',
);

/** Reports a database pool in the pool gauges until the returned function is called (at the app's close). */
export function observeDatabasePool(use: () => PoolUse): () => void {
  if (pools.size === 0) for (const gauge of poolGauges.values()) metricsRegistry.registerMetric(gauge);
  pools.add(use);
  return () => {
    if (!pools.delete(use) || pools.size > 0) return;
    for (const name of poolGauges.keys()) metricsRegistry.removeSingleMetric(name);
  };
}

/** Records one finished job run. */
export function recordJobRun(job: string, outcome: 'succeeded' | 'failed', durationMs: number): void {
  jobRunsTotal.inc({ job, outcome });
  jobRunDuration.observe({ job }, durationMs / 1000);
}

/** Records one bridge call (operation: e.g. push, health, refund, win, cpv-components). */
export function recordBridgeCall(operation: string, outcome: string, durationMs: number): void {
  bridgeCallDuration.observe({ operation, outcome }, durationMs / 1000);
}

/** Records what one batch of ingest did with its rounds. */
export function recordIngestedRounds(written: {
  inserted: number;
  updated: number;
  unchanged: number;
}): void {
  for (const result of ['inserted', 'updated', 'unchanged'] as const) {
    if (written[result] > 0) ingestedRoundsTotal.inc({ result }, written[result]);
  }
}

/** Records one CPV result. */
export function recordCpvResult(result: 'pass' | 'mismatch' | 'unknown-component' | 'unreachable'): void {
  cpvResultsTotal.inc({ result });
}
