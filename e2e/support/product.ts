/**
 * Starts the built product the way `npm start` does (demo data included), on free ports of its own — the
 * product's and its bridge simulator's: on a fresh PostgreSQL database when DATABASE_URL is set, else on
 * embedded PGlite in memory. A start that fails throws at once with the product's output. The global
 * setup starts the one the specs share; a spec that needs other settings starts one of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `count` distinct free loopback ports: all held at once while they are picked, then let go. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Resolves when /readyz answers; rejects at once, with its output, when the product ends first. */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  let ended = false;
  let onClose = () => {};
  // 'close' rather than 'exit': the output is complete then, so the reason is in the message.
  const closed = new Promise<never>((_, reject) => {
    onClose = () => {
      ended = true;
      reject(
        new Error(
          `the product ended (exit code ${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
        ),
      );
    };
    child.once('close', onClose);
  });
  const ready = (async () => {
    const deadline = Date.now() + 60_000;
    while (!ended) {
      if (Date.now() > deadline) throw new Error(`the product was not ready within 60 s:\n${output()}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  try {
    await Promise.race([ready, closed]);
  } finally {
    child.off('close', onClose);
  }
}

/**
 * The simulator must be the product's own, where the setup asked for it: its control server reports the
 * expected protocol URL, and the product's banner names it.
 */
async function checkSimulator(url: string, controlUrl: string, output: () => string): Promise<void> {
  let state: { url?: string };
  try {
    state = (await (await fetch(`${controlUrl}/__control/mode`)).json()) as { url?: string };
  } catch (error) {
    throw new Error(
      `the product's bridge simulator does not answer at ${controlUrl} (${String(error)}):\n${output()}`,
      { cause: error },
    );
  }
  if (state.url !== url) {
    throw new Error(`the simulator at ${controlUrl} serves ${state.url}, not ${url}:\n${output()}`);
  }
  const banner = `Bridge simulator (the demo bridge): ${url}`;
  const deadline = Date.now() + 5_000;
  while (!output().includes(banner)) {
    if (Date.now() > deadline) throw new Error(`the product's banner does not name ${url}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface RunningProduct {
  baseUrl: string;
  /** The product's bridge simulator: its protocol URL (the demo bridge's router URL) and control URL. */
  simulatorUrl: string;
  simulatorControlUrl: string;
  stop: () => Promise<void>;
}

/** Starts the product with the demo; `env` adds to (or overrides) the environment it gets. */
export async function startProduct(env: NodeJS.ProcessEnv = {}): Promise<RunningProduct> {
  const serverEntry = join(root, 'apps/server/dist/main.js');
  let databaseName: string | undefined;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  if (process.env.DATABASE_URL) {
    databaseName = `bo_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${databaseName}`;
    childEnv.DATABASE_URL = url.toString();
  } else {
    childEnv.DATA_DIR = 'memory://';
  }
  const [port, simulatorPort, simulatorControlPort] = (await freePorts(3)) as [number, number, number];
  childEnv.PORT = String(port);
  childEnv.PUBLIC_URL = `http://localhost:${port}`;
  childEnv.BRIDGE_SIMULATOR_PORT = String(simulatorPort);
  childEnv.BRIDGE_SIMULATOR_CONTROL_PORT = String(simulatorControlPort);
  Object.assign(childEnv, env);
  const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
  const simulatorControlUrl = `http://127.0.0.1:${simulatorControlPort}`;

  let output = '';
  const child = spawn(process.execPath, [serverEntry, '--demo'], { cwd: root, env: childEnv, stdio: 'pipe' });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  };
  try {
    await waitUntilReady(baseUrl, child, () => output);
    await checkSimulator(simulatorUrl, simulatorControlUrl, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, simulatorUrl, simulatorControlUrl, stop };
}
