/**
 * HTTP load from outside the server's event loop: a worker thread keeps `connections` keep-alive
 * connections busy for a while — with one request kind, or a weighted mix of kinds — and reports requests
 * per second, latency percentiles and errors (any status other than the expected one, or a failed
 * connection), per kind and for the whole mix. Figures are compared with /healthz measured the same way in
 * the same run, never with absolute targets.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

export interface RequestKind {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** A JSON body; each request may get a fresh one: `{n}` in it is replaced by a running number. */
  body?: string;
  expectedStatus?: number;
  /** How often it comes in the mix, relative to the other kinds (default 1). */
  weight?: number;
  /** Measured to the first byte of the answer, then the connection is dropped (a download being started). */
  firstByteOnly?: boolean;
}

export interface LoadOptions extends RequestKind {
  connections: number;
  durationMs: number;
  /** Not measured: connections, caches and JIT settle first. */
  warmupMs?: number;
}

export interface MixOptions {
  name: string;
  kinds: RequestKind[];
  connections: number;
  durationMs: number;
  warmupMs?: number;
}

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /**
   * Where the time went while it was measured (the whole load, not each kind of a mix): the share of the
   * time the server's event loop (this process's main thread) was busy and its busy milliseconds per
   * request, and the share of all cores busy on the machine (the load's worker thread and PostgreSQL too).
   * Where Linux tells (schedstat), the loop's busy time split per request into what that thread ran on a
   * core and what it waited, runnable, for a core held by another (PostgreSQL's backends, the load's worker);
   * and all cores' busy milliseconds per request.
   */
  spent?: {
    loopBusy: number;
    loopMsPerRequest: number;
    machineBusy: number;
    onCoreMsPerRequest?: number | undefined;
    waitedMsPerRequest?: number | undefined;
    coresMsPerRequest: number;
    /** The statements the server sent to the database a request (`countStatementsWith`), where counted. */
    statementsPerRequest?: number | undefined;
    /**
     * Where Linux tells: all cores' milliseconds a request split by who ran on them — the load's worker
     * thread, this process's other threads (V8's garbage collector and compiler, libuv's pool) and
     * PostgreSQL's processes; what is left of all cores went to the server's thread, the kernel and the rest.
     */
    loadMsPerRequest?: number | undefined;
    otherThreadsMsPerRequest?: number | undefined;
    postgresMsPerRequest?: number | undefined;
  };
}

let statementsSent: (() => number) | undefined;

/**
 * What counts the statements the server has sent to the database so far; each load then tells how many a
 * request took (a round trip each: the server's thread writes it and waits for the answer).
 */
export function countStatementsWith(counter: () => number): void {
  statementsSent = counter;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { kinds, schedule, connections, durationMs, warmupMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let counter = 0;
function once(kind) {
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (ok) => resolve({ ms: performance.now() - started, ok });
    const body = kind.body === undefined ? undefined : kind.body.replaceAll('{n}', String(counter++));
    const headers = body === undefined ? kind.headers
      : { ...kind.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    // A download that is only started gets a connection of its own: it is dropped after the first byte.
    const request = http.request(kind.url, { method: kind.method, agent: kind.firstByteOnly ? false : agent, headers }, (response) => {
      const ok = response.statusCode === kind.expectedStatus;
      if (kind.firstByteOnly) {
        response.once('data', () => { done(ok); request.destroy(); });
        response.once('end', () => done(ok));
        return;
      }
      response.resume();
      response.on('end', () => done(ok));
    });
    request.on('error', () => done(false));
    request.end(body);
  });
}
async function run(until, record) {
  let next = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const index = schedule[next++ % schedule.length];
      record(index, await once(kinds[index]));
    }
  }));
}
(async () => {
  await run(performance.now() + warmupMs, () => {});
  const samples = kinds.map(() => []);
  const errors = kinds.map(() => 0);
  let thread;
  try { thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); } catch {}
  parentPort.postMessage({ measuring: true, thread });
  const start = performance.now();
  await run(start + durationMs, (index, result) => {
    samples[index].push(result.ms);
    if (!result.ok) errors[index]++;
  });
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  parentPort.postMessage({ samples, errors, seconds });
  // Stays until the server's side has read this thread's time, then is ended from there.
  setInterval(() => {}, 60_000);
})();
`;

/** The cores' busy and total time so far, in ms, summed over all cores. */
function coreTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * This process's main thread (the server's event loop) so far, in ms: time run on a core, and time waited
 * runnable for one (Linux's schedstat); undefined where the kernel does not tell.
 */
function mainThreadTimes(): { onCore: number; waited: number } | undefined {
  try {
    const [onCore, waited] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .trim()
      .split(' ')
      .map(Number);
    return onCore === undefined || waited === undefined
      ? undefined
      : { onCore: onCore / 1e6, waited: waited / 1e6 };
  } catch {
    return undefined;
  }
}

/** A task's time run on a core so far in ms (Linux's schedstat), or 0 where it cannot be read. */
function ranMs(path: string): number {
  try {
    return Number(readFileSync(`${path}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
}

/** What this process's threads, its load worker thread and PostgreSQL's processes have run so far, in ms. */
function whoRan(loadThread: number | undefined): { server: number; load: number; postgres: number } {
  let server = 0;
  let postgres = 0;
  try {
    for (const task of readdirSync('/proc/self/task')) server += ranMs(`/proc/self/task/${task}`);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        postgres += ranMs(`/proc/${entry}`);
        // The postmaster also counts its backends that have ended (cutime and cstime, in ticks of 10 ms).
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
        postgres += (Number(fields[13]) + Number(fields[14])) * 10;
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    // Not Linux: nothing to split.
  }
  return { server, load: loadThread === undefined ? 0 : ranMs(`/proc/self/task/${loadThread}`), postgres };
}

/** Takes the event loop's and the cores' readings when the worker starts measuring, and the time spent since. */
function spentFrom() {
  let loop: EventLoopUtilization | undefined;
  let cores: { busy: number; total: number } | undefined;
  let thread: ReturnType<typeof mainThreadTimes>;
  let statements: number | undefined;
  let loadThread: number | undefined;
  let ran: ReturnType<typeof whoRan> | undefined;
  return {
    start(loadThreadId: number | undefined) {
      loadThread = loadThreadId;
      ran = whoRan(loadThread);
      statements = statementsSent?.();
      loop = performance.eventLoopUtilization();
      cores = coreTimes();
      thread = mainThreadTimes();
    },
    since(requests: number): LoadResult['spent'] {
      if (!loop || !cores) return undefined;
      const used = performance.eventLoopUtilization(loop);
      const now = coreTimes();
      const threadNow = mainThreadTimes();
      const perRequest = (ms: number) => ms / Math.max(1, requests);
      const ranNow = whoRan(loadThread);
      return {
        loopBusy: used.utilization,
        loopMsPerRequest: perRequest(used.active),
        machineBusy: (now.busy - cores.busy) / Math.max(1, now.total - cores.total),
        onCoreMsPerRequest: thread && threadNow && perRequest(threadNow.onCore - thread.onCore),
        waitedMsPerRequest: thread && threadNow && perRequest(threadNow.waited - thread.waited),
        coresMsPerRequest: perRequest(now.busy - cores.busy),
        statementsPerRequest:
          statements === undefined ? undefined : perRequest(statementsSent!() - statements),
        ...(ran &&
          thread &&
          threadNow &&
          ranNow.server > 0 && {
            loadMsPerRequest: perRequest(ranNow.load - ran.load),
            otherThreadsMsPerRequest: perRequest(
              ranNow.server - ran.server - (ranNow.load - ran.load) - (threadNow.onCore - thread.onCore),
            ),
            postgresMsPerRequest: perRequest(ranNow.postgres - ran.postgres),
          }),
      };
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

function resultOf(name: string, samples: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    requests: sorted.length,
    errors,
    requestsPerSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/** Each kind as often as its weight, spread evenly (deterministic: the same mix every run). */
function scheduleOf(kinds: RequestKind[]): number[] {
  const schedule: number[] = [];
  const weights = kinds.map((kind) => kind.weight ?? 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const credit = weights.map(() => 0);
  for (let slot = 0; slot < total; slot++) {
    weights.forEach((weight, index) => (credit[index]! += weight));
    const pick = credit.indexOf(Math.max(...credit));
    credit[pick]! -= total;
    schedule.push(pick);
  }
  return schedule;
}

/** Loads a weighted mix of request kinds; gives the mix as a whole first, then each kind. */
export function loadMix(options: MixOptions): Promise<LoadResult[]> {
  const kinds = options.kinds.map((kind) => ({
    ...kind,
    method: kind.method ?? 'GET',
    headers: kind.headers ?? {},
    expectedStatus: kind.expectedStatus ?? 200,
    firstByteOnly: kind.firstByteOnly ?? false,
  }));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        kinds,
        schedule: scheduleOf(kinds),
        connections: options.connections,
        durationMs: options.durationMs,
        warmupMs: options.warmupMs ?? 1_000,
      },
    });
    const spent = spentFrom();
    worker.once('error', reject);
    worker.on(
      'message',
      (
        message:
          { measuring: true; thread?: number } | { samples: number[][]; errors: number[]; seconds: number },
      ) => {
        if ('measuring' in message) {
          spent.start(message.thread);
          return;
        }
        const all = resultOf(
          options.name,
          message.samples.flat(),
          message.errors.reduce((sum, count) => sum + count, 0),
          message.seconds,
        );
        // Read before the worker ends: its thread's time is gone with it.
        all.spent = spent.since(all.requests);
        void worker.terminate();
        resolve([
          all,
          ...kinds.map((kind, index) =>
            resultOf(`  ${kind.name}`, message.samples[index]!, message.errors[index]!, message.seconds),
          ),
        ]);
      },
    );
  });
}

/** Loads one request kind. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const { connections, durationMs, warmupMs, ...kind } = options;
  const [result] = await loadMix({ name: kind.name, kinds: [kind], connections, durationMs, warmupMs });
  return result!;
}

/** Prints each kind with its throughput as a ratio to the baseline's (the first result). */
export function reportLoad(title: string, results: LoadResult[]): void {
  const [baseline] = results;
  if (!baseline) return;
  console.log(`\n${title}`);
  console.log(
    `  ${'request'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'req/s ÷ baseline'.padStart(17)}`,
  );
  for (const result of results) {
    console.log(
      `  ${result.name.padEnd(44)} ${result.requestsPerSecond.toFixed(0).padStart(8)} ${result.p50.toFixed(2).padStart(8)} ${result.p99.toFixed(2).padStart(8)} ${String(result.errors).padStart(7)} ${(result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2).padStart(16)}×`,
    );
  }
  const measured = results.flatMap((result) =>
    result.spent ? [{ name: result.name, ...result.spent }] : [],
  );
  if (measured.length === 0) return;
  // Whether the server's one thread or the cores ran out first, and what a request cost that thread: run
  // on a core, or waited for one while PostgreSQL or the load ran there; and what it cost all cores.
  const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(3));
  console.log(
    `  ${'where the time went'.padEnd(44)} ${'loop busy'.padStart(10)} ${'loop ms/req'.padStart(12)} ${'on core'.padStart(8)} ${'waited'.padStart(8)} ${'cores busy'.padStart(11)} ${'cores ms/req'.padStart(13)} ${'statements/req'.padStart(15)} ${'load'.padStart(6)} ${'threads'.padStart(8)} ${'postgres'.padStart(9)}`,
  );
  for (const { name, ...spent } of measured) {
    console.log(
      `  ${name.padEnd(44)} ${`${(spent.loopBusy * 100).toFixed(0)}%`.padStart(10)} ${ms(spent.loopMsPerRequest).padStart(12)} ${ms(spent.onCoreMsPerRequest).padStart(8)} ${ms(spent.waitedMsPerRequest).padStart(8)} ${`${(spent.machineBusy * 100).toFixed(0)}%`.padStart(11)} ${ms(spent.coresMsPerRequest).padStart(13)} ${(spent.statementsPerRequest?.toFixed(2) ?? '–').padStart(15)} ${ms(spent.loadMsPerRequest).padStart(6)} ${ms(spent.otherThreadsMsPerRequest).padStart(8)} ${ms(spent.postgresMsPerRequest).padStart(9)}`,
    );
  }
}
