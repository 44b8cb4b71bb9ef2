/**
 * The demo integrations: skipped without casinos, seeded once on the demo bridge for the casinos there are
 * (the demo casinos' ids, inserted here directly), with passing rule tests, and pushable to the simulator.
 */
import { runRuleTests } from '@backoffice/contracts';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../tools/bridge-simulator/simulator';
import {
  bridges,
  casinos,
  integrationCasinos,
  integrationGames,
  integrations,
  jurisdictions,
} from '../db/schema/index';
import { UNLIMITED } from '../lib/scope';
import { createIntegrationsService } from '../modules/integrations/integrations.service';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { DEMO_BRIDGE_SECRET, seedDemoBridge } from './bridges';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoIntegrations } from './integrations';
import { seedDemo } from './seed';
import { testSecretBox } from '../test/secrets';

const DEMO_CASINOS = ['lucky-malta', 'nordic-star', 'rheinspiel', 'thames-play'];

let database: TestDatabase;
let simulator: BridgeSimulator;

beforeAll(async () => {
  simulator = await startBridgeSimulator({ port: 0, controlPort: 0, secret: DEMO_BRIDGE_SECRET });
  database = await createTestDatabase('pglite');
  await seedDemo(database.db);
  await seedDemoBridge(database.db, testSecretBox(), simulator.url);
  await seedDemoCatalogue(database.db, testSecretBox());
});

afterAll(async () => {
  await simulator?.close();
  await database?.destroy();
});

beforeEach(async () => {
  const { db } = database;
  await db.delete(integrationGames);
  await db.delete(integrationCasinos);
  await db.delete(integrations);
  await db.delete(casinos);
});

async function addCasinos(ids: string[]) {
  const [bridge] = await database.db.select().from(bridges);
  const [jurisdiction] = await database.db.select().from(jurisdictions);
  await database.db.insert(casinos).values(
    ids.map((id) => ({
      id,
      name: id,
      bridgeId: bridge!.id,
      api: 'seamlessWallet' as const,
      jurisdictionId: jurisdiction!.id,
    })),
  );
}

/** Every stored integration binds existing casinos only, and all its rule tests pass. */
async function expectSound() {
  const { db } = database;
  const stored = await db.select().from(integrations).orderBy(integrations.id);
  const casinoIds = new Set((await db.select({ id: casinos.id }).from(casinos)).map((row) => row.id));
  const bound = await db.select().from(integrationCasinos);
  for (const integration of stored) {
    const mine = bound.filter((row) => row.integrationId === integration.id).map((row) => row.casinoId);
    expect(mine.length).toBeGreaterThan(0);
    for (const casinoId of mine) expect(casinoIds.has(casinoId)).toBe(true);
    expect(integration.rules.every((rule) => mine.includes(rule.casinoId))).toBe(true);
    if (integration.defaultCasinoId) expect(mine).toContain(integration.defaultCasinoId);
    const results = runRuleTests(integration.rules, integration.defaultCasinoId, integration.ruleTests);
    expect(results.length).toBeGreaterThan(1);
    expect(results.every((result) => result.passed)).toBe(true);
  }
  return stored;
}

it('seeds nothing while there are no casinos, and the two integrations once they exist', async () => {
  await seedDemoIntegrations(database.db);
  expect(await database.db.select().from(integrations)).toEqual([]);

  await addCasinos(DEMO_CASINOS);
  await seedDemoIntegrations(database.db);
  await seedDemoIntegrations(database.db);
  const stored = await expectSound();
  expect(stored.map((integration) => integration.id)).toEqual(['demo-platform-eu', 'demo-platform-uk']);
  const bound = await database.db.select().from(integrationCasinos).orderBy(integrationCasinos.casinoId);
  expect(bound.map((row) => `${row.integrationId}:${row.casinoId}`)).toEqual([
    'demo-platform-eu:lucky-malta',
    'demo-platform-eu:nordic-star',
    'demo-platform-eu:rheinspiel',
    'demo-platform-uk:thames-play',
  ]);
  expect((await database.db.select().from(integrationGames)).length).toBe(5);

  const result = await createIntegrationsService(database.db, { secrets: testSecretBox() }).push(
    'demo-platform-eu',
    1,
    UNLIMITED,
    null,
  );
  expect(result.configurationVersion).toBe(1);
  expect(simulator.configurations().map((entry) => entry.integrationId)).toEqual(['demo-platform-eu']);
});

it('makes do with a single casino', async () => {
  await addCasinos(['only-casino']);
  await seedDemoIntegrations(database.db);
  expect((await expectSound()).map((integration) => integration.id)).toEqual([
    'demo-platform-eu',
    'demo-platform-uk',
  ]);
});
