/**
 * HTTP load from outside the server's event loop: a worker thread keeps `connections` keep-alive
 * connections busy with one request kind for a while and reports requests per second, latency
 * percentiles and errors (any status other than the expected one, or a failed connection). Figures are
 * compared with /healthz measured the same way in the same run, never with absolute targets.
 */
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  name: string;
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  /** Not measured: connections, caches and JIT settle first. */
  warmupMs?: number;
  expectedStatus?: number;
}

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { url, headers, connections, durationMs, warmupMs, expectedStatus } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ms: performance.now() - started, ok: response.statusCode === expectedStatus }));
    });
    request.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
  });
}
async function run(until, record) {
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) record(await once());
  }));
}
(async () => {
  await run(performance.now() + warmupMs, () => {});
  const samples = [];
  let errors = 0;
  const start = performance.now();
  await run(start + durationMs, (result) => { samples.push(result.ms); if (!result.ok) errors++; });
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  parentPort.postMessage({ samples, errors, seconds });
})();
`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        url: options.url,
        headers: options.headers ?? {},
        connections: options.connections,
        durationMs: options.durationMs,
        warmupMs: options.warmupMs ?? 1_000,
        expectedStatus: options.expectedStatus ?? 200,
      },
    });
    worker.once('error', reject);
    worker.once('message', (message: { samples: number[]; errors: number; seconds: number }) => {
      void worker.terminate();
      const sorted = [...message.samples].sort((a, b) => a - b);
      resolve({
        name: options.name,
        requests: sorted.length,
        errors: message.errors,
        requestsPerSecond: sorted.length / message.seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
      });
    });
  });
}

/** Prints each kind with its throughput as a ratio to the baseline's (the first result). */
export function reportLoad(title: string, results: LoadResult[]): void {
  const [baseline] = results;
  if (!baseline) return;
  console.log(`\n${title}`);
  console.log(
    `  ${'request'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'req/s ÷ baseline'.padStart(17)}`,
  );
  for (const result of results) {
    console.log(
      `  ${result.name.padEnd(40)} ${result.requestsPerSecond.toFixed(0).padStart(8)} ${result.p50.toFixed(2).padStart(8)} ${result.p99.toFixed(2).padStart(8)} ${String(result.errors).padStart(7)} ${(result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2).padStart(16)}×`,
    );
  }
}
