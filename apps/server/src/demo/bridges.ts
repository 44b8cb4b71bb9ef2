/**
 * `npm start` runs the bridge simulator on loopback (tools/bridge-simulator) and points the demo bridge at
 * it, so bridge screens and calls work out of the box. Ports: BRIDGE_SIMULATOR_PORT (4610) and
 * BRIDGE_SIMULATOR_CONTROL_PORT (4611), where its fault mode can be switched.
 */
import { startBridgeSimulator, type BridgeSimulator } from '../../../../tools/bridge-simulator/simulator';
import type { Db } from '../db/client';
import { bridges } from '../db/schema/index';

/** Only for the local demo: anyone who reads this file knows it. */
export const DEMO_BRIDGE_SECRET = 'demo-bridge-secret-not-for-production';
export const DEMO_BRIDGE_NAME = 'Demo bridge (simulator)';

function portOf(value: string | undefined, fallback: number): number {
  const port = Number(value);
  return value && Number.isInteger(port) && port >= 0 && port < 65_536 ? port : fallback;
}

/** Starts the simulator; a port in use (a simulator already running) is reported, not fatal. */
export async function startDemoBridge(env = process.env): Promise<BridgeSimulator | undefined> {
  try {
    return await startBridgeSimulator({
      port: portOf(env.BRIDGE_SIMULATOR_PORT, 4610),
      controlPort: portOf(env.BRIDGE_SIMULATOR_CONTROL_PORT, 4611),
      secret: DEMO_BRIDGE_SECRET,
    });
  } catch (error) {
    console.warn(`  Bridge simulator not started: ${(error as Error).message}`);
    return undefined;
  }
}

/** The demo bridge, pointing at the simulator; seeded once. */
export async function seedDemoBridge(db: Db, routerUrl: string): Promise<void> {
  await db
    .insert(bridges)
    .values({
      name: DEMO_BRIDGE_NAME,
      routerUrl,
      secret: DEMO_BRIDGE_SECRET,
      properties: { region: 'local' },
    })
    .onConflictDoNothing();
}
