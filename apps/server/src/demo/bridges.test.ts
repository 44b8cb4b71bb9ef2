import { createServer, type Server } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bridges } from '../db/schema/index';
import { createBridgeClient } from '../modules/bridges/bridge-client';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import {
  DEMO_BRIDGE_NAME,
  DEMO_BRIDGE_SECRET,
  seedDemoBridge,
  startDemoBridge,
  type DemoBridge,
} from './bridges';
import { opened, testSecretBox } from '../test/secrets';

let database: TestDatabase | undefined;
afterAll(() => database?.destroy());

const FREE = { BRIDGE_SIMULATOR_PORT: '0', BRIDGE_SIMULATOR_CONTROL_PORT: '0' };

it('starts the simulator for the demo and seeds a bridge that answers through the real client', async () => {
  const { simulator } = await startDemoBridge(FREE);
  try {
    database = await createTestDatabase('pglite');
    await seedDemoBridge(database.db, testSecretBox(), simulator.url);
    await seedDemoBridge(database.db, testSecretBox(), simulator.url);
    const stored = await database.db.select().from(bridges);
    expect(stored.map((bridge) => [bridge.name, bridge.routerUrl, bridge.version])).toEqual([
      [DEMO_BRIDGE_NAME, simulator.url, 1],
    ]);
    // Stored sealed, like every bridge secret; opened it signs what the simulator accepts.
    expect(stored[0]!.secret).not.toContain(DEMO_BRIDGE_SECRET);
    const health = await createBridgeClient().health({
      routerUrl: stored[0]!.routerUrl,
      secret: opened(stored[0]!.secret),
    });
    expect(health).toMatchObject({ status: 'ok' });
  } finally {
    await simulator.close();
  }
});

it('points the demo bridge at the simulator where it runs now, and leaves other bridges alone', async () => {
  const own = await createTestDatabase('pglite');
  try {
    await seedDemoBridge(own.db, testSecretBox(), 'http://127.0.0.1:4610');
    await own.db.insert(bridges).values([
      { name: 'Someone else', routerUrl: 'http://127.0.0.1:4610', secret: DEMO_BRIDGE_SECRET },
      { name: 'Another', routerUrl: 'http://127.0.0.1:4610', secret: 'another-secret' },
    ]);
    await seedDemoBridge(own.db, testSecretBox(), 'http://127.0.0.1:47123');
    const stored = await own.db.select().from(bridges).orderBy(bridges.name);
    expect(stored.map((bridge) => [bridge.name, bridge.routerUrl, bridge.version])).toEqual([
      ['Another', 'http://127.0.0.1:4610', 1],
      [DEMO_BRIDGE_NAME, 'http://127.0.0.1:47123', 2],
      ['Someone else', 'http://127.0.0.1:4610', 1],
    ]);
  } finally {
    await own.destroy();
  }
});

describe('the simulator ports', () => {
  const occupied: Server[] = [];
  const started: DemoBridge[] = [];

  /** Holds two free ports, as another copy of the product would hold 4610 and 4611. */
  async function occupyTwoPorts(): Promise<{ port: number; controlPort: number }> {
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      occupied.push(server);
      ports.push((server.address() as { port: number }).port);
    }
    return { port: ports[0]!, controlPort: ports[1]! };
  }

  afterEach(async () => {
    await Promise.all(started.splice(0).map(({ simulator }) => simulator.close()));
    await Promise.all(occupied.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const portOf = (url: string) => Number(new URL(url).port);

  it('takes the defaults when they are free', async () => {
    const defaults = await occupyTwoPorts();
    await Promise.all(occupied.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    const bridge = await startDemoBridge({}, defaults);
    started.push(bridge);
    expect(portOf(bridge.simulator.url)).toBe(defaults.port);
    expect(portOf(bridge.simulator.controlUrl)).toBe(defaults.controlPort);
    expect(bridge.takenDefaults).toEqual([]);
  });

  it('takes free ports when the unset defaults are in use, and the simulator answers there', async () => {
    const defaults = await occupyTwoPorts();
    const bridge = await startDemoBridge({ BRIDGE_SIMULATOR_PORT: '' }, defaults);
    started.push(bridge);
    const { url, controlUrl } = bridge.simulator;
    expect([portOf(url), portOf(controlUrl)]).not.toContain(defaults.port);
    expect([portOf(url), portOf(controlUrl)]).not.toContain(defaults.controlPort);
    expect(bridge.takenDefaults.sort()).toEqual([defaults.port, defaults.controlPort].sort());
    await expect(
      createBridgeClient().health({ routerUrl: url, secret: DEMO_BRIDGE_SECRET }),
    ).resolves.toMatchObject({ status: 'ok' });
    const control = await fetch(`${controlUrl}/__control/mode`);
    expect(await control.json()).toMatchObject({ mode: 'normal', url, controlUrl });
  });

  it('keeps a free default when only the other one is in use', async () => {
    const defaults = await occupyTwoPorts();
    const control = occupied.pop()!;
    await new Promise((resolve) => control.close(resolve));
    const bridge = await startDemoBridge({}, defaults);
    started.push(bridge);
    expect(portOf(bridge.simulator.url)).not.toBe(defaults.port);
    expect(portOf(bridge.simulator.controlUrl)).toBe(defaults.controlPort);
    expect(bridge.takenDefaults).toEqual([defaults.port]);
  });

  it('refuses an explicitly set port that is in use, naming the variable to set', async () => {
    const taken = await occupyTwoPorts();
    await expect(
      startDemoBridge({ BRIDGE_SIMULATOR_PORT: String(taken.port), BRIDGE_SIMULATOR_CONTROL_PORT: '0' }),
    ).rejects.toThrow(
      new RegExp(`BRIDGE_SIMULATOR_PORT=${taken.port}: .*already in use.*Set BRIDGE_SIMULATOR_PORT`),
    );
    const free = await occupyTwoPorts();
    await Promise.all(occupied.splice(2).map((server) => new Promise((resolve) => server.close(resolve))));
    await expect(
      startDemoBridge(
        { BRIDGE_SIMULATOR_CONTROL_PORT: String(taken.controlPort) },
        { port: free.port, controlPort: free.controlPort },
      ),
    ).rejects.toThrow(
      /BRIDGE_SIMULATOR_CONTROL_PORT=\d+: .*Set BRIDGE_SIMULATOR_CONTROL_PORT to a free port/,
    );
    // Nothing of the failed starts is left listening: the free default can be had again.
    const bridge = await startDemoBridge({
      BRIDGE_SIMULATOR_PORT: String(free.port),
      BRIDGE_SIMULATOR_CONTROL_PORT: '0',
    });
    started.push(bridge);
    expect(portOf(bridge.simulator.url)).toBe(free.port);
  });

  it('refuses a port variable that is not a port number', async () => {
    await expect(startDemoBridge({ BRIDGE_SIMULATOR_CONTROL_PORT: 'eighty' })).rejects.toThrow(
      /BRIDGE_SIMULATOR_CONTROL_PORT: must be a port number/,
    );
  });
});
