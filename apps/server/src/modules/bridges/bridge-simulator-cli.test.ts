/** `npm run bridge-simulator` starts a usable simulator: the CLI entry, run the way the script runs it (tsx). */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeClient } from './bridge-client';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const secret = 'cli-test-secret-0123456789';

let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Starts the CLI and waits for its start line, answering the URLs it printed and every later line. */
function startCli(args: string[]) {
  const lines: string[] = [];
  child = spawn(process.execPath, [tsx, 'tools/bridge-simulator/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, BRIDGE_SIMULATOR_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = new Promise<{ url: string; controlUrl: string }>((resolve, reject) => {
    let buffered = '';
    child?.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const match = /protocol (http:\/\/\S+), control (http:\/\/\S+), mode/.exec(line);
        if (match?.[1] && match[2]) resolve({ url: match[1], controlUrl: match[2] });
      }
    });
    child?.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    child?.once('exit', (code) => reject(new Error(`simulator exited with ${code}: ${lines.join('\n')}`)));
  });
  return { started, lines };
}

describe('bridge simulator CLI', () => {
  it('starts on loopback with the secret from the environment and logs one line per request', async () => {
    const { started, lines } = startCli(['--port', '0', '--control-port', '0', '--mode', 'error']);
    const { url, controlUrl } = await started;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.join('\n')).not.toContain(secret);

    const client = createBridgeClient();
    await expect(client.health({ routerUrl: url, secret })).rejects.toMatchObject({ code: 'BRIDGE_ERROR' });
    const switched = await fetch(`${controlUrl}/__control/mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'normal' }),
    });
    expect(switched.status).toBe(200);
    await expect(client.health({ routerUrl: url, secret })).resolves.toMatchObject({ status: 'ok' });

    await expect.poll(() => lines.filter((line) => line.includes('GET /health')).length).toBe(2);
    expect(lines.find((line) => line.includes('GET /health'))).toMatch(
      /\[error\] GET \/health → 500 INTERNAL/,
    );
  });

  it('refuses an unknown mode', async () => {
    const { started } = startCli(['--port', '0', '--control-port', '0', '--mode', 'sideways']);
    await expect(started).rejects.toThrow(/mode must be one of/);
  });
});
