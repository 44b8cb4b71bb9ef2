/**
 * `npm run bridge-simulator -- [--port 4610] [--control-port 4611] [--mode normal] [--delay-ms 3000]`
 *
 * Starts the bridge simulator on loopback and logs one line per request. Environment variables
 * BRIDGE_SIMULATOR_PORT, BRIDGE_SIMULATOR_CONTROL_PORT, BRIDGE_SIMULATOR_MODE, BRIDGE_SIMULATOR_DELAY_MS and
 * BRIDGE_SIMULATOR_SECRET set the same things (flags win). Switch the mode at run time with
 * `curl -X POST localhost:4611/__control/mode -H 'content-type: application/json' -d '{"mode":"hang"}'`.
 */
import { parseArgs } from 'node:util';
import {
  BRIDGE_SIMULATOR_DEFAULT_DELAY_MS,
  bridgeSimulatorModes,
  isBridgeSimulatorMode,
  startBridgeSimulator,
  type BridgeSimulatorLogEntry,
} from './simulator';

/** Only for local demos: anyone who reads this file knows it. */
const DEMO_SECRET = 'demo-bridge-secret-not-for-production';

function fail(message: string): never {
  console.error(`bridge simulator: ${message}`);
  process.exit(2);
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65_535) fail(`${name} must be a port number`);
  return number;
}

function formatLine(entry: BridgeSimulatorLogEntry): string {
  const parts = [
    new Date().toISOString(),
    entry.server === 'control' ? 'control' : `[${entry.mode}]`,
    entry.method,
    entry.path,
    '→',
    entry.status === undefined ? 'no answer (hang)' : String(entry.status),
  ];
  if (entry.code) parts.push(entry.code);
  if (entry.idempotencyKey) parts.push(`key=${entry.idempotencyKey}`);
  if (entry.replayed) parts.push('replay');
  parts.push(`${entry.durationMs} ms`);
  return parts.join(' ');
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'control-port': { type: 'string' },
    mode: { type: 'string' },
    'delay-ms': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run bridge-simulator -- [--port 4610] [--control-port 4611] ' +
      `[--mode ${bridgeSimulatorModes.join('|')}] [--delay-ms 3000]`,
  );
  process.exit(0);
}

const env = process.env;
const mode = values.mode ?? env.BRIDGE_SIMULATOR_MODE ?? 'normal';
if (!isBridgeSimulatorMode(mode)) fail(`mode must be one of ${bridgeSimulatorModes.join(', ')}`);
const delayText = values['delay-ms'] ?? env.BRIDGE_SIMULATOR_DELAY_MS;
const delayMs = delayText ? Number(delayText) : BRIDGE_SIMULATOR_DEFAULT_DELAY_MS;
if (!Number.isInteger(delayMs) || delayMs < 0) fail('delay must be a whole number of milliseconds');
const secret = env.BRIDGE_SIMULATOR_SECRET || DEMO_SECRET;

const simulator = await startBridgeSimulator({
  port: port(values.port ?? env.BRIDGE_SIMULATOR_PORT, 4610, 'port'),
  controlPort: port(values['control-port'] ?? env.BRIDGE_SIMULATOR_CONTROL_PORT, 4611, 'control port'),
  host: '127.0.0.1',
  secret,
  mode,
  delayMs,
  log: (entry) => console.log(formatLine(entry)),
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

console.log(
  `bridge simulator: protocol ${simulator.url}, control ${simulator.controlUrl}, mode ${mode}` +
    (mode === 'slow' ? ` (${delayMs} ms)` : '') +
    (secret === DEMO_SECRET ? `, demo secret "${DEMO_SECRET}"` : ', secret from BRIDGE_SIMULATOR_SECRET'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
