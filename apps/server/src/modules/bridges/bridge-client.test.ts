/**
 * The bridge client against the real bridge simulator (tools/bridge-simulator), in every fault mode.
 * Timeouts are shortened so the slow cases stay well under a second.
 */
import net from 'node:net';
import { inspect } from 'node:util';
import type { BridgeBookingRequest, ErrorCode } from '@backoffice/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BRIDGE_SIMULATOR_COMPONENTS,
  startBridgeSimulator,
  tamperedHash,
  type BridgeSimulator,
} from '../../../../../tools/bridge-simulator/simulator';
import { AppError } from '../../lib/app-error';
import { bridgeSignatureHeaders } from '../../lib/bridge-signature';
import { BRIDGE_TEST_TIMEOUTS, SLOWER_THAN_THE_TIMEOUT_MS } from '../../test/bridge-timeouts';
import { BridgeCallError, createBridgeClient, type BridgeTarget } from './bridge-client';

const SECRET = 'simulator-secret-for-the-tests-7f3a';

let simulator: BridgeSimulator;
const client = createBridgeClient(BRIDGE_TEST_TIMEOUTS);
/** For answers that are slow but due: a busy machine must not turn them into timeouts. */
const patient = createBridgeClient({ connectTimeoutMs: 2_000, requestTimeoutMs: 2_500 });
const bridge = (): BridgeTarget => ({ routerUrl: simulator.url, secret: SECRET });

const refund: BridgeBookingRequest = {
  casinoId: 'casino-berlin',
  playerId: 'player-4711',
  roundId: 'round-0001',
  currency: 'EUR',
  amountMinor: 2_500,
  reason: 'Round interrupted by a connection loss',
};
const win: BridgeBookingRequest = {
  ...refund,
  roundId: 'round-0002',
  amountMinor: 120_000,
  reason: 'Total win',
};

/** The error a call fails with, checked to be a BridgeCallError of `code`. */
async function failure(call: Promise<unknown>, code: ErrorCode): Promise<BridgeCallError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(BridgeCallError);
  const bridgeError = error as BridgeCallError;
  expect(bridgeError.code, bridgeError.reason).toBe(code);
  expect(bridgeError).toBeInstanceOf(AppError);
  for (const text of [
    bridgeError.message,
    bridgeError.reason,
    inspect(bridgeError),
    JSON.stringify(bridgeError),
  ]) {
    expect(text).not.toContain(SECRET);
  }
  return bridgeError;
}

beforeAll(async () => {
  simulator = await startBridgeSimulator({ port: 0, controlPort: 0, secret: SECRET });
});

afterAll(async () => {
  await simulator.close();
});

beforeEach(async () => {
  await simulator.setMode('normal');
  simulator.reset();
});

describe('bridge client, simulator in normal mode', () => {
  it('checks health', async () => {
    await expect(client.health(bridge())).resolves.toEqual({ status: 'ok', protocolVersion: 1 });
  });

  it('pushes an integration configuration and gets the version back', async () => {
    const document = { configurationVersion: 7, casinos: ['casino-berlin'], currency: 'EUR' };
    const receipt = await client.pushConfiguration(bridge(), 'integration-1', document);
    expect(receipt.configurationVersion).toBe(7);
    expect(Date.parse(receipt.receivedAt)).not.toBeNaN();
    expect(simulator.configurations()).toEqual([
      { integrationId: 'integration-1', document, receivedAt: receipt.receivedAt },
    ]);
  });

  it('books a refund and a win, each once', async () => {
    const refunded = await client.refund(bridge(), refund, 'key-refund-1');
    const won = await client.bookWin(bridge(), win, 'key-win-1');
    expect(refunded).toEqual({
      booking: expect.objectContaining({ ...refund, type: 'refund' }),
      replayed: false,
    });
    expect(won).toEqual({ booking: expect.objectContaining({ ...win, type: 'win' }), replayed: false });
    expect(simulator.bookings()).toEqual([
      { ...refunded.booking, idempotencyKey: 'key-refund-1' },
      { ...won.booking, idempotencyKey: 'key-win-1' },
    ]);
  });

  it('replays a repeated key without booking twice', async () => {
    const first = await client.refund(bridge(), refund, 'key-repeat');
    const again = await client.refund(bridge(), { ...refund }, 'key-repeat');
    expect(again).toEqual({ booking: first.booking, replayed: true });
    expect(simulator.bookings()).toHaveLength(1);
  });

  it('refuses the same key with another body or on the other endpoint (409)', async () => {
    await client.refund(bridge(), refund, 'key-conflict');
    const other = await failure(
      client.refund(bridge(), { ...refund, amountMinor: 9_999 }, 'key-conflict'),
      'BRIDGE_BOOKING_KEY_CONFLICT',
    );
    expect(other.statusCode).toBe(409);
    expect(other.bridgeStatus).toBe(409);
    expect(other.bridgeCode).toBe('IDEMPOTENCY_KEY_REUSED');
    await failure(client.bookWin(bridge(), refund, 'key-conflict'), 'BRIDGE_BOOKING_KEY_CONFLICT');
    expect(simulator.bookings()).toHaveLength(1);
  });

  it('is refused when the client signs with a wrong secret', async () => {
    const error = await failure(
      client.refund({ ...bridge(), secret: 'a-different-secret-0000' }, refund, 'key-wrong-secret'),
      'BRIDGE_REJECTED_SIGNATURE',
    );
    expect(error.bridgeCode).toBe('BAD_SIGNATURE');
    expect(simulator.bookings()).toEqual([]);
  });

  it('is refused when the client clock is more than five minutes off', async () => {
    const late = createBridgeClient({ ...BRIDGE_TEST_TIMEOUTS, now: () => Date.now() - 6 * 60_000 });
    const error = await failure(late.health(bridge()), 'BRIDGE_REJECTED_SIGNATURE');
    expect(error.bridgeCode).toBe('STALE_TIMESTAMP');
  });

  it('asks for the hashes of the components the bridge runs (GET /cpv/components)', async () => {
    await expect(client.cpvComponents(bridge())).resolves.toEqual({
      components: BRIDGE_SIMULATOR_COMPONENTS,
    });
  });

  it('is refused the components with a wrong secret, and the simulator checks the signature itself', async () => {
    const error = await failure(
      client.cpvComponents({ ...bridge(), secret: 'a-different-secret-0000' }),
      'BRIDGE_REJECTED_SIGNATURE',
    );
    expect(error.bridgeCode).toBe('BAD_SIGNATURE');
    const unsigned = await fetch(`${simulator.url}/cpv/components`);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    // Signed for another path: refused too.
    const misdirected = await fetch(`${simulator.url}/cpv/components`, {
      headers: bridgeSignatureHeaders(SECRET, { method: 'GET', path: '/health' }),
    });
    expect(misdirected.status).toBe(401);
    const signed = await fetch(`${simulator.url}/cpv/components`, {
      headers: bridgeSignatureHeaders(SECRET, { method: 'GET', path: '/cpv/components' }),
    });
    expect(signed.status).toBe(200);
    const posted = await fetch(`${simulator.url}/cpv/components`, {
      method: 'POST',
      headers: bridgeSignatureHeaders(SECRET, { method: 'POST', path: '/cpv/components' }),
    });
    expect(posted.status).toBe(405);
  });

  it('checks its input before calling the bridge', async () => {
    const badKey = client.refund(bridge(), refund, 'not a key');
    await expect(badKey).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const badAmount = client.bookWin(bridge(), { ...refund, amountMinor: -1 }, 'key-bad-amount');
    await expect(badAmount).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(simulator.bookings()).toEqual([]);
  });
});

describe('bridge client, simulator fault modes', () => {
  it('refuse: the connection is refused → BRIDGE_UNREACHABLE, and the port reopens afterwards', async () => {
    await simulator.setMode('refuse');
    const error = await failure(client.health(bridge()), 'BRIDGE_UNREACHABLE');
    expect(error.reason).toContain('ECONNREFUSED');
    await failure(client.refund(bridge(), refund, 'key-refused'), 'BRIDGE_UNREACHABLE');
    await simulator.setMode('normal');
    await expect(client.health(bridge())).resolves.toMatchObject({ status: 'ok' });
  });

  it('hang: no answer → BRIDGE_TIMEOUT after the request timeout', async () => {
    await simulator.setMode('hang');
    const started = Date.now();
    const error = await failure(client.refund(bridge(), refund, 'key-hang'), 'BRIDGE_TIMEOUT');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(BRIDGE_TEST_TIMEOUTS.requestTimeoutMs - 20);
    expect(elapsed).toBeLessThan(BRIDGE_TEST_TIMEOUTS.requestTimeoutMs + 1_000);
    expect(error.statusCode).toBe(504);
  });

  it('error: a 500 answer → BRIDGE_ERROR, nothing booked', async () => {
    await simulator.setMode('error');
    const error = await failure(client.bookWin(bridge(), win, 'key-error'), 'BRIDGE_ERROR');
    expect(error.bridgeStatus).toBe(500);
    expect(error.statusCode).toBe(502);
    await failure(client.health(bridge()), 'BRIDGE_ERROR');
    expect(simulator.bookings()).toEqual([]);
  });

  it('slow, longer than the timeout → BRIDGE_TIMEOUT; the retry with the same key does not book twice', async () => {
    await simulator.setMode('slow', { delayMs: SLOWER_THAN_THE_TIMEOUT_MS });
    await failure(client.refund(bridge(), refund, 'key-slow'), 'BRIDGE_TIMEOUT');
    // The bridge did book; only its answer came too late.
    expect(simulator.bookings()).toHaveLength(1);
    await simulator.setMode('normal');
    const retried = await client.refund(bridge(), refund, 'key-slow');
    expect(retried.replayed).toBe(true);
    expect(simulator.bookings()).toHaveLength(1);
  });

  it('slow, shorter than the timeout → answered', async () => {
    // The answer is 100 ms late, well inside the patient client's timeout: with a 400 ms limit a busy
    // machine (a niced run beside CI) once took longer than the 300 ms left, and the booking timed out.
    await simulator.setMode('slow', { delayMs: 100 });
    const started = Date.now();
    await expect(patient.health(bridge())).resolves.toMatchObject({ status: 'ok' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    await expect(patient.bookWin(bridge(), win, 'key-slow-ok')).resolves.toMatchObject({ replayed: false });
    expect(simulator.bookings()).toHaveLength(1);
  });

  it('bad-signature: every request refused with 401 → BRIDGE_REJECTED_SIGNATURE', async () => {
    await simulator.setMode('bad-signature');
    const error = await failure(client.health(bridge()), 'BRIDGE_REJECTED_SIGNATURE');
    expect(error.bridgeStatus).toBe(401);
    expect(error.statusCode).toBe(502);
    await failure(
      client.pushConfiguration(bridge(), 'integration-1', { configurationVersion: 1 }),
      'BRIDGE_REJECTED_SIGNATURE',
    );
  });

  it('reject: the operator refuses bookings (422) → BRIDGE_BOOKING_REJECTED, health still fine', async () => {
    await simulator.setMode('reject');
    const error = await failure(client.refund(bridge(), refund, 'key-reject'), 'BRIDGE_BOOKING_REJECTED');
    expect(error.bridgeCode).toBe('BOOKING_REJECTED');
    await expect(client.health(bridge())).resolves.toMatchObject({ status: 'ok' });
    expect(simulator.bookings()).toEqual([]);
  });

  it('malformed: an unreadable 200 answer → BRIDGE_INVALID_ANSWER', async () => {
    await simulator.setMode('malformed');
    await failure(client.health(bridge()), 'BRIDGE_INVALID_ANSWER');
    await failure(client.bookWin(bridge(), win, 'key-malformed'), 'BRIDGE_INVALID_ANSWER');
  });

  it('tampered: one component reports another hash, the rest as before; the rest of the protocol works', async () => {
    await simulator.setMode('tampered');
    const [bridgeItself, slots, table] = BRIDGE_SIMULATOR_COMPONENTS;
    const { components } = await client.cpvComponents(bridge());
    expect(components).toEqual([bridgeItself, slots, { ...table, hash: tamperedHash(table!.hash) }]);
    expect(tamperedHash(table!.hash)).not.toBe(table!.hash);
    expect(simulator.components()).toEqual(components);
    const controlled = await fetch(`${simulator.controlUrl}/__control/components`);
    expect(await controlled.json()).toEqual({ components });
    await expect(client.health(bridge())).resolves.toMatchObject({ status: 'ok' });
    await failure(
      client.cpvComponents({ ...bridge(), secret: 'a-different-secret-0000' }),
      'BRIDGE_REJECTED_SIGNATURE',
    );
  });

  it('answers components that break the protocol → BRIDGE_INVALID_ANSWER', async () => {
    const hash = 'a'.repeat(64);
    for (const components of [
      [{ name: 'game:book@1.0.0', hash }],
      [{ name: 'bridge:other', hash }],
      [
        { name: 'twice', hash },
        { name: 'twice', hash },
      ],
      [{ name: 'short-hash', hash: 'abc' }],
    ]) {
      const odd = await startBridgeSimulator({ secret: SECRET, components });
      try {
        await failure(client.cpvComponents({ routerUrl: odd.url, secret: SECRET }), 'BRIDGE_INVALID_ANSWER');
      } finally {
        await odd.close();
      }
    }
    const upper = await startBridgeSimulator({
      secret: SECRET,
      components: [{ name: 'Upper.Case_backend', hash: 'AB'.repeat(32) }],
    });
    try {
      await expect(client.cpvComponents({ routerUrl: upper.url, secret: SECRET })).resolves.toEqual({
        components: [{ name: 'Upper.Case_backend', hash: 'ab'.repeat(32) }],
      });
    } finally {
      await upper.close();
    }
  });

  it('can be switched through the control endpoint', async () => {
    const answer = await fetch(`${simulator.controlUrl}/__control/mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'error' }),
    });
    expect(answer.status).toBe(200);
    expect(simulator.mode()).toBe('error');
    await failure(client.health(bridge()), 'BRIDGE_ERROR');
    const bad = await fetch(`${simulator.controlUrl}/__control/mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'nonsense' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('bridge client, network failures without the simulator', () => {
  it('maps a DNS failure to BRIDGE_UNREACHABLE', async () => {
    await failure(
      patient.health({ routerUrl: 'http://bridge.invalid', secret: SECRET }),
      'BRIDGE_UNREACHABLE',
    );
  });

  it('maps a connection reset to BRIDGE_UNREACHABLE', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      await failure(
        client.health({ routerUrl: `http://127.0.0.1:${port}`, secret: SECRET }),
        'BRIDGE_UNREACHABLE',
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('maps a router URL that is no http(s) URL to BRIDGE_UNREACHABLE', async () => {
    await failure(client.health({ routerUrl: 'not a url', secret: SECRET }), 'BRIDGE_UNREACHABLE');
    await failure(client.health({ routerUrl: 'ftp://bridge.example', secret: SECRET }), 'BRIDGE_UNREACHABLE');
  });
});
