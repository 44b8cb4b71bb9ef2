/**
 * The back office's client of the bridge protocol (docs/bridge-protocol.md). Every request is signed with
 * the bridge's shared secret; every failure becomes an AppError of the catalogue:
 *
 * | what happened                                            | code                        |
 * | -------------------------------------------------------- | --------------------------- |
 * | connection refused, DNS failure, reset, TLS failure      | BRIDGE_UNREACHABLE          |
 * | no connection within 2 s, no whole answer within 5 s     | BRIDGE_TIMEOUT              |
 * | 401 (bad signature, stale timestamp)                     | BRIDGE_REJECTED_SIGNATURE   |
 * | 409 on a booking (idempotency key used for another body) | BRIDGE_BOOKING_KEY_CONFLICT |
 * | 422 on a booking (the operator refuses it)               | BRIDGE_BOOKING_REJECTED     |
 * | any 5xx, any other 4xx                                   | BRIDGE_ERROR                |
 * | 2xx whose body is not the documented JSON, 1xx/3xx       | BRIDGE_INVALID_ANSWER       |
 *
 * The client makes one attempt per call and never retries by itself: a caller that retries a booking must
 * pass the same idempotency key. Neither errors nor their `reason` ever contain the secret.
 */
import http from 'node:http';
import https from 'node:https';
import {
  BRIDGE_CONNECT_TIMEOUT_MS,
  BRIDGE_MAX_BODY_BYTES,
  BRIDGE_REQUEST_TIMEOUT_MS,
  bridgeBookingRequestSchema,
  bridgeBookingSchema,
  bridgeConfigurationDocumentSchema,
  bridgeConfigurationReceiptSchema,
  bridgeCpvComponentsSchema,
  bridgeErrorBodySchema,
  bridgeHeaders,
  bridgeHealthSchema,
  bridgeIdempotencyKeySchema,
  bridgeIntegrationIdSchema,
  bridgePaths,
  type BridgeBooking,
  type BridgeBookingRequest,
  type BridgeBookingType,
  type BridgeConfigurationDocument,
  type BridgeConfigurationReceipt,
  type BridgeCpvComponents,
  type BridgeHealth,
  type ErrorCode,
} from '@backoffice/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { bridgeSignatureHeaders } from '../../lib/bridge-signature';
import { recordBridgeCall } from '../../lib/metrics';

/** Where a bridge listens and the secret it shares with the back office. */
export interface BridgeTarget {
  routerUrl: string;
  secret: string;
}

export interface BridgeClientOptions {
  /** Defaults to BRIDGE_CONNECT_TIMEOUT_MS (2 s). */
  connectTimeoutMs?: number;
  /** The whole request, connection included; defaults to BRIDGE_REQUEST_TIMEOUT_MS (5 s). */
  requestTimeoutMs?: number;
  /** The clock the timestamps are signed with. */
  now?: () => number;
}

/** A failed bridge call: a catalogue code for the user, and a secret-free `reason` for logs. */
export class BridgeCallError extends AppError {
  constructor(
    code: ErrorCode,
    /** What went wrong, for logs: never contains the secret or a request body. */
    readonly reason: string,
    /** The bridge's HTTP status and error code, when it answered. */
    readonly bridgeStatus?: number,
    readonly bridgeCode?: string,
  ) {
    super(code);
    this.name = 'BridgeCallError';
  }
}

export interface BookingResult {
  booking: BridgeBooking;
  /** The bridge answered an earlier booking under the same idempotency key again. */
  replayed: boolean;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Socket errors that mean the bridge cannot be reached (as opposed to not answering in time). */
const timeoutErrorCodes = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT']);

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Times a call to a bridge and records it in the metrics: outcome `ok`, or the error's catalogue code.
 * Only calls that go to the bridge: input the client refuses before sending is not a bridge call.
 */
async function measured<T>(operation: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    recordBridgeCall(operation, 'ok', performance.now() - started);
    return result;
  } catch (error) {
    const outcome = error instanceof AppError ? error.code : 'INTERNAL';
    recordBridgeCall(operation, outcome, performance.now() - started);
    throw error;
  }
}

export function createBridgeClient(options: BridgeClientOptions = {}) {
  const connectTimeoutMs = options.connectTimeoutMs ?? BRIDGE_CONNECT_TIMEOUT_MS;
  const requestTimeoutMs = options.requestTimeoutMs ?? BRIDGE_REQUEST_TIMEOUT_MS;
  const now = options.now ?? Date.now;

  function endpoint(bridge: BridgeTarget, path: string): URL {
    let base: URL;
    try {
      base = new URL(bridge.routerUrl);
    } catch {
      throw new BridgeCallError('BRIDGE_UNREACHABLE', 'the router URL is not a URL');
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new BridgeCallError('BRIDGE_UNREACHABLE', `the router URL uses ${base.protocol}, not http(s)`);
    }
    // A path prefix of the router URL is kept: https://operator.example/bridge + /health.
    const url = new URL(base.origin);
    url.pathname = base.pathname.replace(/\/+$/, '') + path;
    return url;
  }

  function send(
    bridge: BridgeTarget,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const url = endpoint(bridge, path);
    const body = payload === undefined ? undefined : Buffer.from(JSON.stringify(payload), 'utf8');
    const requestPath = url.pathname + url.search;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'backoffice-bridge-client/1',
      ...extraHeaders,
      ...bridgeSignatureHeaders(bridge.secret, { method, path: requestPath, body }, now()),
    };
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(body.length);
    }
    const transport = url.protocol === 'https:' ? https : http;

    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const timers: NodeJS.Timeout[] = [];
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        for (const timer of timers) clearTimeout(timer);
        outcome();
      };
      const fail = (code: ErrorCode, reason: string) =>
        finish(() => {
          request.destroy();
          reject(new BridgeCallError(code, `${method} ${url.origin}${requestPath}: ${reason}`));
        });

      const request = transport.request({
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: requestPath,
        method,
        headers,
        // One connection per call: bridge calls are rare, and a fresh connection makes the connect timeout exact.
        agent: false,
      });

      timers.push(
        setTimeout(
          () => fail('BRIDGE_TIMEOUT', `no complete answer within ${requestTimeoutMs} ms`),
          requestTimeoutMs,
        ),
      );
      const connectTimer = setTimeout(
        () => fail('BRIDGE_TIMEOUT', `no connection within ${connectTimeoutMs} ms`),
        connectTimeoutMs,
      );
      timers.push(connectTimer);
      request.once('socket', (socket) => {
        if (!socket.connecting) clearTimeout(connectTimer);
        else socket.once('connect', () => clearTimeout(connectTimer));
      });

      request.on('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        fail(timeoutErrorCodes.has(code) ? 'BRIDGE_TIMEOUT' : 'BRIDGE_UNREACHABLE', describeError(error));
      });

      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > BRIDGE_MAX_BODY_BYTES) {
            fail('BRIDGE_INVALID_ANSWER', `answer larger than ${BRIDGE_MAX_BODY_BYTES} bytes`);
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => fail('BRIDGE_UNREACHABLE', describeError(error)));
        response.on('close', () => {
          if (!response.complete) fail('BRIDGE_UNREACHABLE', 'connection closed during the answer');
        });
        response.on('end', () =>
          finish(() =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          ),
        );
      });

      request.end(body);
    });
  }

  function parseJson(answer: Answer): unknown {
    try {
      return JSON.parse(answer.body.toString('utf8'));
    } catch {
      return undefined;
    }
  }

  /** Turns an answer into the documented result, or into the catalogue error for the status. */
  function interpret<Schema extends z.ZodType>(
    answer: Answer,
    schema: Schema,
    what: string,
    booking: boolean,
  ): z.infer<Schema> {
    const { status } = answer;
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(parseJson(answer));
      if (parsed.success) return parsed.data;
      throw new BridgeCallError(
        'BRIDGE_INVALID_ANSWER',
        `${what}: ${status} answer is not the documented JSON`,
        status,
      );
    }
    if (status < 400) {
      throw new BridgeCallError('BRIDGE_INVALID_ANSWER', `${what}: unexpected status ${status}`, status);
    }
    const errorBody = bridgeErrorBodySchema.safeParse(parseJson(answer));
    const bridgeCode = errorBody.success ? errorBody.data.code : undefined;
    const reason = `${what}: bridge answered ${status}${bridgeCode ? ` ${bridgeCode}` : ''}`;
    let code: ErrorCode = 'BRIDGE_ERROR';
    if (status === 401) code = 'BRIDGE_REJECTED_SIGNATURE';
    else if (booking && status === 409) code = 'BRIDGE_BOOKING_KEY_CONFLICT';
    else if (booking && status === 422) code = 'BRIDGE_BOOKING_REJECTED';
    throw new BridgeCallError(code, reason, status, bridgeCode);
  }

  function checkInput<Schema extends z.ZodType>(
    schema: Schema,
    value: unknown,
    path: string,
  ): z.infer<Schema> {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new AppError(
      'VALIDATION_FAILED',
      parsed.error.issues.map((issue) => ({
        path: [path, ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  }

  async function book(
    type: BridgeBookingType,
    bridge: BridgeTarget,
    booking: BridgeBookingRequest,
    idempotencyKey: string,
  ): Promise<BookingResult> {
    const key = checkInput(bridgeIdempotencyKeySchema, idempotencyKey, 'idempotencyKey');
    const payload = checkInput(bridgeBookingRequestSchema, booking, 'booking');
    return measured(type, async () => {
      const answer = await send(bridge, 'POST', bridgePaths.booking(type), payload, {
        [bridgeHeaders.idempotencyKey]: key,
      });
      const result = interpret(answer, bridgeBookingSchema, `${type} booking`, true);
      return { booking: result, replayed: answer.headers[bridgeHeaders.idempotentReplay] === 'true' };
    });
  }

  return {
    /** `GET /health`: whether the bridge is up and which protocol version it speaks. */
    async health(bridge: BridgeTarget): Promise<BridgeHealth> {
      return measured('health', async () => {
        const answer = await send(bridge, 'GET', bridgePaths.health);
        return interpret(answer, bridgeHealthSchema, 'health', false);
      });
    },

    /** `GET /cpv/components`: the hashes of what the bridge runs (itself, the game backends behind it). */
    cpvComponents(bridge: BridgeTarget): Promise<BridgeCpvComponents> {
      return measured('cpv-components', async () => {
        const answer = await send(bridge, 'GET', bridgePaths.cpvComponents);
        return interpret(answer, bridgeCpvComponentsSchema, 'CPV components', false);
      });
    },

    /** `PUT /integrations/{integrationId}/configuration`: replaces the integration's configuration. */
    async pushConfiguration(
      bridge: BridgeTarget,
      integrationId: string,
      document: BridgeConfigurationDocument,
    ): Promise<BridgeConfigurationReceipt> {
      const id = checkInput(bridgeIntegrationIdSchema, integrationId, 'integrationId');
      const payload = checkInput(bridgeConfigurationDocumentSchema, document, 'document');
      return measured('push', async () => {
        const answer = await send(bridge, 'PUT', bridgePaths.configuration(id), payload);
        return interpret(answer, bridgeConfigurationReceiptSchema, 'configuration push', false);
      });
    },

    /** `POST /bookings/refund`: gives the player back a bet. */
    refund(bridge: BridgeTarget, booking: BridgeBookingRequest, idempotencyKey: string) {
      return book('refund', bridge, booking, idempotencyKey);
    },

    /** `POST /bookings/win`: books a total win for the player. */
    bookWin(bridge: BridgeTarget, booking: BridgeBookingRequest, idempotencyKey: string) {
      return book('win', bridge, booking, idempotencyKey);
    },
  };
}

export type BridgeClient = ReturnType<typeof createBridgeClient>;
