import { errorMessage, type Bridge } from '@backoffice/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../../tools/bridge-simulator/simulator';
import { ENGLISH, expectError } from '../../test/api';
import { describeEachEngine } from '../../test/app';

const SECRET = 'health-check-secret-0123456789';
let simulator: BridgeSimulator;

beforeAll(async () => {
  simulator = await startBridgeSimulator({ secret: SECRET });
});
afterAll(() => simulator.close());

describeEachEngine('bridge health check', (ctx) => {
  async function bridge(secret = SECRET): Promise<Bridge> {
    const response = await ctx().inject({
      method: 'POST',
      url: '/api/bridges',
      payload: { name: `Bridge ${Math.random()}`, routerUrl: simulator.url, properties: {}, secret },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Bridge>();
  }
  const check = (id: string, headers = {}) =>
    ctx().inject({ method: 'POST', url: `/api/bridges/${id}/health-check`, headers });

  it('answers what the bridge said, signed with its secret', async () => {
    await simulator.setMode('normal');
    const { id } = await bridge();
    const response = await check(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', protocolVersion: 1 });
  });

  it('says "No connection to the bridge" when the bridge refuses connections', async () => {
    const { id } = await bridge();
    await simulator.setMode('refuse');
    try {
      const german = expectError(await check(id), 502, 'BRIDGE_UNREACHABLE');
      expect(german.message).toBe(errorMessage('BRIDGE_UNREACHABLE', 'de'));
      expect(expectError(await check(id, ENGLISH), 502, 'BRIDGE_UNREACHABLE').message).toBe(
        'No connection to the bridge.',
      );
    } finally {
      await simulator.setMode('normal');
    }
  });

  it('reports a wrong shared secret', async () => {
    const { id } = await bridge('not-the-secret-of-this-bridge');
    expectError(await check(id), 502, 'BRIDGE_REJECTED_SIGNATURE');
  });

  it('is open to roles that may look at the configuration, not to others', async () => {
    const { id } = await bridge();
    const qa = await ctx().signIn('qa');
    expect((await qa.inject({ method: 'POST', url: `/api/bridges/${id}/health-check` })).statusCode).toBe(
      200,
    );
    const accountant = await ctx().signIn('accountant');
    expectError(
      await accountant.inject({ method: 'POST', url: `/api/bridges/${id}/health-check` }),
      403,
      'NO_PERMISSION',
    );
    expectError(await check('00000000-0000-4000-8000-000000000000'), 404, 'BRIDGE_NOT_FOUND');
  });
});
