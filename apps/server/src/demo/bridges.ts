/**
 * `npm start` runs the bridge simulator on loopback (tools/bridge-simulator) and points the demo bridge at
 * it, so bridge screens and calls work out of the box. Ports: BRIDGE_SIMULATOR_PORT (4610) and
 * BRIDGE_SIMULATOR_CONTROL_PORT (4611), where its fault mode can be switched. A default port that is taken
 * (another copy of the product running, say) gives way to a free one; a port set explicitly must be free.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../tools/bridge-simulator/simulator';
import { ConfigError } from '../config';
import type { Db } from '../db/client';
import { bridges } from '../db/schema/index';
import { openSecret, sealSecret } from '../lib/sealed-secrets';
import type { SecretBox } from '../lib/secret-box';

/** Only for the local demo: anyone who reads this file knows it. */
export const DEMO_BRIDGE_SECRET = 'demo-bridge-secret-not-for-production';
export const DEMO_BRIDGE_NAME = 'Demo bridge (simulator)';

export const DEMO_BRIDGE_DEFAULT_PORTS = { port: 4610, controlPort: 4611 } as const;

const variables = { port: 'BRIDGE_SIMULATOR_PORT', controlPort: 'BRIDGE_SIMULATOR_CONTROL_PORT' } as const;
type PortName = keyof typeof variables;

export interface DemoBridge {
  simulator: BridgeSimulator;
  /** The default ports that were in use, so that free ones were taken instead. */
  takenDefaults: number[];
}

/** The port a variable sets, or undefined when it is unset (empty counts as unset). */
function configuredPort(env: NodeJS.ProcessEnv, name: PortName): number | undefined {
  const value = env[variables[name]];
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError([`${variables[name]}: must be a port number (0 to 65535), not "${value}"`]);
  }
  return port;
}

function listenError(error: unknown): { code: string; port: number } | undefined {
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  return typeof code === 'string' && typeof port === 'number' ? { code, port } : undefined;
}

/**
 * Starts the simulator for the demo. Unset ports try the defaults and fall back to free ports when those
 * are in use; a port set through its variable that cannot be had is a configuration error naming it.
 */
export async function startDemoBridge(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { port: number; controlPort: number } = DEMO_BRIDGE_DEFAULT_PORTS,
): Promise<DemoBridge> {
  const explicit = { port: configuredPort(env, 'port'), controlPort: configuredPort(env, 'controlPort') };
  const ports = {
    port: explicit.port ?? defaults.port,
    controlPort: explicit.controlPort ?? defaults.controlPort,
  };
  const takenDefaults: number[] = [];
  // At most one retry per port: a port that falls back to 0 cannot be in use.
  for (let attempt = 0; ; attempt++) {
    try {
      const simulator = await startBridgeSimulator({ ...ports, secret: DEMO_BRIDGE_SECRET });
      return { simulator, takenDefaults };
    } catch (error) {
      const failed = listenError(error);
      const name = (['port', 'controlPort'] as const).find(
        (candidate) => failed && ports[candidate] !== 0 && ports[candidate] === failed.port,
      );
      if (!failed || !name || attempt >= 2) throw error;
      if (explicit[name] !== undefined) {
        const reason = failed.code === 'EADDRINUSE' ? 'it is already in use' : failed.code;
        throw new ConfigError([
          `${variables[name]}=${failed.port}: the demo's bridge simulator cannot listen on ` +
            `127.0.0.1:${failed.port} (${reason}). Set ${variables[name]} to a free port, ` +
            `to 0 for any free port, or leave it unset.`,
        ]);
      }
      takenDefaults.push(failed.port);
      ports[name] = 0;
    }
  }
}

/** The banner lines for the simulator: where it runs and how to switch its fault mode. */
export function printDemoBridge({ simulator, takenDefaults }: DemoBridge): void {
  const control = `${simulator.controlUrl}/__control/mode`;
  const lines = [
    `  Bridge simulator (the demo bridge): ${simulator.url}`,
    `    fault mode: curl -X POST ${control} -H 'content-type: application/json' -d '{"mode":"refuse"}'`,
  ];
  if (takenDefaults.length > 0) {
    lines.push(
      `    (${takenDefaults.length > 1 ? 'ports' : 'port'} ${takenDefaults.join(' and ')} ` +
        `${takenDefaults.length > 1 ? 'were' : 'was'} in use, so free ones were taken; ` +
        `${variables.port} and ${variables.controlPort} set them)`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

/**
 * The demo bridge, pointing at the simulator: seeded once, and its router URL kept at the simulator's
 * actual address when the simulator's port changed since (only the demo bridge, by its name and secret).
 */
export async function seedDemoBridge(db: Db, box: SecretBox, routerUrl: string): Promise<void> {
  await db
    .insert(bridges)
    .values({
      name: DEMO_BRIDGE_NAME,
      routerUrl,
      secret: sealSecret(box, DEMO_BRIDGE_SECRET),
      properties: { region: 'local' },
    })
    .onConflictDoNothing();
  // The secret is sealed (with a fresh IV each time), so the demo bridge is told by opening it.
  const [demo] = await db
    .select({ id: bridges.id, secret: bridges.secret })
    .from(bridges)
    .where(and(eq(bridges.name, DEMO_BRIDGE_NAME), ne(bridges.routerUrl, routerUrl)));
  if (!demo || !isDemoSecret(box, demo.secret)) return;
  await db
    .update(bridges)
    .set({ routerUrl, version: sql`${bridges.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(bridges.id, demo.id), ne(bridges.routerUrl, routerUrl)));
}

/** Whether a stored secret is the demo's; one the box cannot open is someone else's. */
function isDemoSecret(box: SecretBox, stored: string): boolean {
  try {
    return openSecret(box, stored) === DEMO_BRIDGE_SECRET;
  } catch {
    return false;
  }
}
