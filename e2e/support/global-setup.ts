/**
 * Starts the built product once for all e2e specs, the way `npm start` does (demo data included), on a
 * free port: on a fresh PostgreSQL database when DATABASE_URL is set, else on embedded PGlite in memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    skipReason: string;
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready:\n${output()}`);
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

export default async function setup(project: TestProject) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  project.provide('chromiumPath', chromiumPath);
  project.provide('skipReason', '');
  if (!existsSync(chromiumPath)) {
    if (process.env.CI)
      throw new Error(`Chromium not found at ${chromiumPath}; CI must install it (apt-get install chromium)`);
    const reason = `e2e skipped: no Chromium at ${chromiumPath} (install Debian's chromium or set CHROMIUM_PATH)`;
    console.warn(reason);
    project.provide('skipReason', reason);
    return;
  }
  const serverEntry = join(root, 'apps/server/dist/main.js');
  if (!existsSync(serverEntry) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('the product is not built: run `npm run build` first (npm run test:e2e does)');
  }

  let databaseName: string | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
  if (process.env.DATABASE_URL) {
    databaseName = `bo_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${databaseName}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  } else {
    env.DATA_DIR = 'memory://';
  }
  const port = await freePort();
  env.PORT = String(port);
  env.PUBLIC_URL = `http://localhost:${port}`;

  let output = '';
  const child = spawn(process.execPath, [serverEntry, '--demo'], { cwd: root, env, stdio: 'pipe' });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://localhost:${port}`;
  await waitUntilReady(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);

  return async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
  };
}
