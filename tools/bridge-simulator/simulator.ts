/**
 * A bridge simulator (docs/bridge-protocol.md): a real HTTP server that speaks the bridge protocol, keeps
 * configurations and bookings in memory (idempotent by key) and can fail on purpose. The protocol listens
 * on one port; a control server on a second port switches the fault mode at run time, so that `refuse`
 * can really close the protocol port while the simulator stays controllable.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BRIDGE_MAX_BODY_BYTES,
  BRIDGE_PROTOCOL_VERSION,
  bridgeBookingRequestSchema,
  bridgeBookingTypes,
  bridgeConfigurationDocumentSchema,
  bridgeErrorStatus,
  bridgeHeaders,
  bridgeIdempotencyKeySchema,
  bridgeIntegrationIdSchema,
  type BridgeBooking,
  type BridgeBookingType,
  type BridgeComponent,
  type BridgeConfigurationDocument,
  type BridgeErrorCode,
} from '@backoffice/contracts';
import { verifyBridgeSignature } from '../../apps/server/src/lib/bridge-signature';

export const bridgeSimulatorModes = [
  'normal',
  'refuse',
  'hang',
  'error',
  'slow',
  'drop',
  'bad-signature',
  'reject',
  'malformed',
  'tampered',
] as const;
export type BridgeSimulatorMode = (typeof bridgeSimulatorModes)[number];

export function isBridgeSimulatorMode(value: unknown): value is BridgeSimulatorMode {
  return typeof value === 'string' && (bridgeSimulatorModes as readonly string[]).includes(value);
}

export const BRIDGE_SIMULATOR_DEFAULT_DELAY_MS = 3_000;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What the simulator reports through `GET /cpv/components` unless told otherwise: itself and two game
 * backends behind it, with fixed hashes (of their name and version) that a demo or a test can allow.
 */
export const BRIDGE_SIMULATOR_COMPONENTS: readonly BridgeComponent[] = [
  { name: 'bridge-simulator', version: '1.0.0', hash: sha256('bridge-simulator@1.0.0') },
  { name: 'game-backend/slots', version: '2.4.1', hash: sha256('game-backend/slots@2.4.1') },
  { name: 'game-backend/table-games', version: '1.9.0', hash: sha256('game-backend/table-games@1.9.0') },
];

/** The hash `tampered` mode reports instead of a component's real one. */
export function tamperedHash(hash: string): string {
  return sha256(`tampered:${hash}`);
}

export interface BridgeSimulatorLogEntry {
  server: 'protocol' | 'control';
  method: string;
  path: string;
  mode: BridgeSimulatorMode;
  /** The answered status; undefined when the request is left hanging. */
  status?: number;
  /** The bridge error code of an error answer. */
  code?: string;
  idempotencyKey?: string;
  replayed?: boolean;
  durationMs: number;
}

export interface BridgeSimulatorOptions {
  /** Protocol port; 0 (default) picks a free one. */
  port?: number;
  /** Control port; 0 (default) picks a free one. */
  controlPort?: number;
  /** Defaults to loopback. */
  host?: string;
  secret: string;
  mode?: BridgeSimulatorMode;
  /** How long `slow` waits before answering; defaults to 3 s. */
  delayMs?: number;
  /** What `GET /cpv/components` reports; defaults to BRIDGE_SIMULATOR_COMPONENTS. */
  components?: readonly BridgeComponent[];
  /** The component whose hash `tampered` mode changes; defaults to the last one. */
  tamperedComponent?: string;
  /** Called once per answered (or hung) request. */
  log?: (entry: BridgeSimulatorLogEntry) => void;
}

export interface SimulatedBooking extends BridgeBooking {
  idempotencyKey: string;
}

export interface SimulatedConfiguration {
  integrationId: string;
  document: BridgeConfigurationDocument;
  receivedAt: string;
}

export interface BridgeSimulator {
  /** The protocol's base URL: the bridge's `routerUrl`. */
  url: string;
  controlUrl: string;
  mode(): BridgeSimulatorMode;
  delayMs(): number;
  /** Switches the fault mode; leaving or entering `refuse` closes or reopens the protocol port. */
  setMode(mode: BridgeSimulatorMode, options?: { delayMs?: number }): Promise<void>;
  /** The bookings made so far, in order (a replayed request adds none). */
  bookings(): SimulatedBooking[];
  /** The configuration each integration holds now (the last one received). */
  configurations(): SimulatedConfiguration[];
  /** Every configuration received, in order (what a count of deliveries reads). */
  receivedConfigurations(): SimulatedConfiguration[];
  /** What `GET /cpv/components` answers in the current mode (`tampered`: one hash changed). */
  components(): BridgeComponent[];
  /** Forgets bookings, idempotency keys and configurations. */
  reset(): void;
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  code?: string;
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

const messages: Record<BridgeErrorCode, string> = {
  INVALID_REQUEST: 'The request body is not valid.',
  IDEMPOTENCY_KEY_REQUIRED: 'A booking needs a valid idempotency-key header.',
  BAD_SIGNATURE: 'The request signature is missing or wrong.',
  STALE_TIMESTAMP: 'The request timestamp is more than 5 minutes off.',
  NOT_FOUND: 'No such endpoint.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  IDEMPOTENCY_KEY_REUSED: 'This idempotency key was already used for a different request.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be application/json.',
  BOOKING_REJECTED: 'The operator refused the booking (simulated).',
  INTERNAL: 'Simulated bridge failure.',
  UNAVAILABLE: 'The bridge is not available.',
};

function failure(code: BridgeErrorCode, message = messages[code]): Reply {
  return { status: bridgeErrorStatus[code], body: { code, message }, code };
}

class BodyTooLarge extends Error {}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BRIDGE_MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        request.removeAllListeners('data');
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

function isJson(request: http.IncomingMessage): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^application\/json\s*(;|$)/i.test(type);
}

function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function shut(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function send(response: http.ServerResponse, reply: Reply) {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.body === undefined) {
    response.writeHead(reply.status, headers).end();
    return;
  }
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  headers['content-type'] ??= 'application/json; charset=utf-8';
  response.writeHead(reply.status, headers).end(text);
}

export async function startBridgeSimulator(options: BridgeSimulatorOptions): Promise<BridgeSimulator> {
  const host = options.host ?? '127.0.0.1';
  const { secret } = options;
  if (!secret) throw new Error('The bridge simulator needs a secret.');
  let mode: BridgeSimulatorMode = 'normal';
  let delayMs = options.delayMs ?? BRIDGE_SIMULATOR_DEFAULT_DELAY_MS;
  const log = options.log ?? (() => {});

  const bookings: SimulatedBooking[] = [];
  const answers = new Map<string, StoredAnswer>();
  const configurations = new Map<string, SimulatedConfiguration>();
  const received: SimulatedConfiguration[] = [];
  const pendingTimers = new Set<NodeJS.Timeout>();
  const components = (options.components ?? BRIDGE_SIMULATOR_COMPONENTS).map((entry) => ({ ...entry }));
  const tamperedComponent = options.tamperedComponent ?? components.at(-1)?.name;

  function reportedComponents(): BridgeComponent[] {
    return components.map((entry) =>
      mode === 'tampered' && entry.name === tamperedComponent
        ? { ...entry, hash: tamperedHash(entry.hash) }
        : { ...entry },
    );
  }

  /** The protocol itself, for a signed request: routes, validation, idempotency. */
  function handleProtocol(method: string, path: string, request: http.IncomingMessage, body: Buffer): Reply {
    const check = verifyBridgeSignature(secret, {
      method,
      path,
      body,
      timestamp: header(request, bridgeHeaders.timestamp),
      signature: header(request, bridgeHeaders.signature),
    });
    if (!check.ok) return failure(check.code);

    const pathname = path.split('?')[0] ?? '';
    if (pathname === '/health') {
      if (method !== 'GET') return failure('METHOD_NOT_ALLOWED');
      return { status: 200, body: { status: 'ok', protocolVersion: BRIDGE_PROTOCOL_VERSION } };
    }

    if (pathname === '/cpv/components') {
      if (method !== 'GET') return failure('METHOD_NOT_ALLOWED');
      return { status: 200, body: { components: reportedComponents() } };
    }

    const configuration = /^\/integrations\/([^/]+)\/configuration$/.exec(pathname);
    if (configuration) {
      if (method !== 'PUT') return failure('METHOD_NOT_ALLOWED');
      if (!isJson(request)) return failure('UNSUPPORTED_MEDIA_TYPE');
      let integrationId: string;
      try {
        integrationId = decodeURIComponent(configuration[1] ?? '');
      } catch {
        return failure('INVALID_REQUEST', 'The integration id is not valid.');
      }
      if (!bridgeIntegrationIdSchema.safeParse(integrationId).success) {
        return failure('INVALID_REQUEST', 'The integration id is not valid.');
      }
      const json = parseJson(body);
      const document = json.ok ? bridgeConfigurationDocumentSchema.safeParse(json.value) : undefined;
      if (!document?.success) return failure('INVALID_REQUEST');
      const receivedAt = new Date().toISOString();
      configurations.set(integrationId, { integrationId, document: document.data, receivedAt });
      received.push({ integrationId, document: document.data, receivedAt });
      return {
        status: 200,
        body: { receivedAt, configurationVersion: document.data.configurationVersion },
      };
    }

    const bookingPath = /^\/bookings\/([^/]+)$/.exec(pathname);
    const type = bookingPath?.[1];
    if (type !== undefined && (bridgeBookingTypes as readonly string[]).includes(type)) {
      if (method !== 'POST') return failure('METHOD_NOT_ALLOWED');
      return handleBooking(type as BridgeBookingType, request, body);
    }
    return failure('NOT_FOUND');
  }

  function handleBooking(type: BridgeBookingType, request: http.IncomingMessage, body: Buffer): Reply {
    const key = bridgeIdempotencyKeySchema.safeParse(header(request, bridgeHeaders.idempotencyKey));
    if (!key.success) return failure('IDEMPOTENCY_KEY_REQUIRED');
    if (!isJson(request)) return failure('UNSUPPORTED_MEDIA_TYPE');
    const json = parseJson(body);
    const parsed = json.ok ? bridgeBookingRequestSchema.safeParse(json.value) : undefined;
    if (!parsed?.success) return failure('INVALID_REQUEST');
    const booking = parsed.data;

    // "The same body" means the same endpoint and the same fields after validation, in a fixed order.
    const fingerprint = JSON.stringify([
      type,
      booking.casinoId,
      booking.playerId,
      booking.roundId,
      booking.currency,
      booking.amountMinor,
      booking.reason,
    ]);
    const earlier = answers.get(key.data);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) return failure('IDEMPOTENCY_KEY_REUSED');
      return {
        status: earlier.status,
        body: earlier.body,
        headers: { [bridgeHeaders.idempotentReplay]: 'true' },
      };
    }

    let answer: Reply;
    if (mode === 'reject') {
      answer = failure('BOOKING_REJECTED');
    } else {
      const booked: BridgeBooking = {
        bookingId: randomUUID(),
        type,
        ...booking,
        bookedAt: new Date().toISOString(),
      };
      bookings.push({ ...booked, idempotencyKey: key.data });
      answer = { status: 201, body: booked };
    }
    // Final answers are remembered under the key; errors before this point are not.
    answers.set(key.data, { fingerprint, status: answer.status, body: answer.body });
    return answer;
  }

  const protocolServer = http.createServer((request, response) => {
    const started = Date.now();
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const modeAtStart = mode;
    const idempotencyKey = header(request, bridgeHeaders.idempotencyKey);
    const finish = (reply: Reply) => {
      send(response, reply);
      log({
        server: 'protocol',
        method,
        path,
        mode: modeAtStart,
        status: reply.status,
        ...(reply.code ? { code: reply.code } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
        ...(reply.headers?.[bridgeHeaders.idempotentReplay] ? { replayed: true } : {}),
        durationMs: Date.now() - started,
      });
    };

    if (modeAtStart === 'hang') {
      // Accept and never answer; close() ends the connection.
      request.resume();
      log({ server: 'protocol', method, path, mode: modeAtStart, durationMs: 0 });
      return;
    }
    if (modeAtStart === 'error') {
      request.resume();
      return finish(failure('INTERNAL'));
    }
    if (modeAtStart === 'bad-signature') {
      request.resume();
      return finish(failure('BAD_SIGNATURE'));
    }
    if (modeAtStart === 'malformed') {
      request.resume();
      return finish({ status: 200, body: '{"status": "ok", "protocolVers', headers: {} });
    }

    readBody(request).then(
      (body) => {
        const reply = handleProtocol(method, path, request, body);
        if (modeAtStart === 'drop') {
          // Done, but the connection breaks before the answer: the caller cannot know.
          log({ server: 'protocol', method, path, mode: modeAtStart, durationMs: Date.now() - started });
          request.socket.destroy();
          return;
        }
        if (modeAtStart !== 'slow') return finish(reply);
        const timer = setTimeout(() => {
          pendingTimers.delete(timer);
          finish(reply);
        }, delayMs);
        pendingTimers.add(timer);
      },
      (error: unknown) => {
        if (error instanceof BodyTooLarge) finish(failure('PAYLOAD_TOO_LARGE'));
        else response.destroy();
      },
    );
  });

  async function setMode(next: BridgeSimulatorMode, change: { delayMs?: number } = {}) {
    if (!isBridgeSimulatorMode(next)) throw new Error(`Unknown mode ${String(next)}`);
    if (change.delayMs !== undefined) {
      if (!Number.isInteger(change.delayMs) || change.delayMs < 0) throw new Error('delayMs must be ≥ 0');
      delayMs = change.delayMs;
    }
    const previous = mode;
    mode = next;
    if (next === 'refuse' && previous !== 'refuse') {
      // Really closed: no listener, and the open (keep-alive or hanging) connections dropped.
      await shut(protocolServer);
    } else if (next !== 'refuse' && !protocolServer.listening) {
      await listen(protocolServer, port, host);
    }
  }

  const controlServer = http.createServer((request, response) => {
    const started = Date.now();
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const finish = (reply: Reply) => {
      send(response, reply);
      log({ server: 'control', method, path, mode, status: reply.status, durationMs: Date.now() - started });
    };
    const state = () => ({ mode, delayMs, url, controlUrl });

    readBody(request).then(
      async (body) => {
        if (path === '/__control/mode' && method === 'GET') return finish({ status: 200, body: state() });
        if (path === '/__control/mode' && method === 'POST') {
          const json = parseJson(body);
          const input = (json.ok ? json.value : undefined) as
            { mode?: unknown; delayMs?: unknown } | undefined;
          const delay = input?.delayMs;
          if (!isBridgeSimulatorMode(input?.mode) || (delay !== undefined && typeof delay !== 'number')) {
            return finish({
              status: 400,
              body: {
                code: 'INVALID_REQUEST',
                message: `mode must be one of ${bridgeSimulatorModes.join(', ')}`,
              },
            });
          }
          try {
            await setMode(input.mode, delay === undefined ? {} : { delayMs: delay });
          } catch (error) {
            return finish({
              status: 400,
              body: { code: 'INVALID_REQUEST', message: (error as Error).message },
            });
          }
          return finish({ status: 200, body: state() });
        }
        if (path === '/__control/bookings' && method === 'GET') {
          return finish({ status: 200, body: { bookings } });
        }
        if (path === '/__control/components' && method === 'GET') {
          return finish({ status: 200, body: { components: reportedComponents() } });
        }
        if (path === '/__control/configurations' && method === 'GET') {
          return finish({ status: 200, body: { configurations: [...configurations.values()] } });
        }
        if (path === '/__control/reset' && method === 'POST') {
          reset();
          return finish({ status: 204, body: undefined });
        }
        return finish(failure('NOT_FOUND'));
      },
      () => finish(failure('PAYLOAD_TOO_LARGE')),
    );
  });

  function reset() {
    bookings.length = 0;
    answers.clear();
    configurations.clear();
    received.length = 0;
  }

  const port = await listen(protocolServer, options.port ?? 0, host);
  let controlPort: number;
  try {
    controlPort = await listen(controlServer, options.controlPort ?? 0, host);
  } catch (error) {
    await shut(protocolServer);
    throw error;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  const controlUrl = `http://${urlHost}:${controlPort}`;
  await setMode(options.mode ?? 'normal');

  return {
    url,
    controlUrl,
    mode: () => mode,
    delayMs: () => delayMs,
    setMode,
    bookings: () => bookings.map((booking) => ({ ...booking })),
    configurations: () => [...configurations.values()].map((entry) => ({ ...entry })),
    receivedConfigurations: () => received.map((entry) => ({ ...entry })),
    components: reportedComponents,
    reset,
    async close() {
      for (const timer of pendingTimers) clearTimeout(timer);
      pendingTimers.clear();
      await Promise.all([shut(protocolServer), shut(controlServer)]);
    },
  };
}
