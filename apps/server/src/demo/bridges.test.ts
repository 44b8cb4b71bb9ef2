import { afterAll, expect, it } from 'vitest';
import { bridges } from '../db/schema/index';
import { createBridgeClient } from '../modules/bridges/bridge-client';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { DEMO_BRIDGE_NAME, seedDemoBridge, startDemoBridge } from './bridges';

let database: TestDatabase | undefined;
afterAll(() => database?.destroy());

it('starts the simulator for the demo and seeds a bridge that answers through the real client', async () => {
  const simulator = await startDemoBridge({ BRIDGE_SIMULATOR_PORT: '0', BRIDGE_SIMULATOR_CONTROL_PORT: '0' });
  expect(simulator).toBeDefined();
  try {
    database = await createTestDatabase('pglite');
    await seedDemoBridge(database.db, simulator!.url);
    await seedDemoBridge(database.db, simulator!.url);
    const stored = await database.db.select().from(bridges);
    expect(stored.map((bridge) => [bridge.name, bridge.routerUrl])).toEqual([
      [DEMO_BRIDGE_NAME, simulator!.url],
    ]);
    const health = await createBridgeClient().health({
      routerUrl: stored[0]!.routerUrl,
      secret: stored[0]!.secret,
    });
    expect(health).toMatchObject({ status: 'ok' });
  } finally {
    await simulator!.close();
  }
});
