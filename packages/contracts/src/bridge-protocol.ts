/**
 * The bridge protocol (docs/bridge-protocol.md): how the back office talks to an operator's bridge over
 * HTTP + JSON. This file holds the browser-safe parts shared by the server's client and the bridge
 * simulator: constants, header names, paths, the string that is signed and the zod schemas of every body.
 * The HMAC itself lives in the server (`apps/server/src/lib/bridge-signature.ts`), as it needs node:crypto.
 */
import { z } from 'zod';
import { currencyCodeSchema } from './currencies';
import { rule, ruled } from './validation-messages';

export const BRIDGE_PROTOCOL_VERSION = 1;

/** The back office gives up on a connection that is not established within this time. */
export const BRIDGE_CONNECT_TIMEOUT_MS = 2_000;
/** The back office gives up on a request whose whole answer has not arrived within this time. */
export const BRIDGE_REQUEST_TIMEOUT_MS = 5_000;
/** A bridge refuses a request whose timestamp is further than this from its own clock, either way. */
export const BRIDGE_SIGNATURE_MAX_SKEW_MS = 5 * 60_000;
/** The largest request or answer body either side accepts. */
export const BRIDGE_MAX_BODY_BYTES = 1_048_576;

export const bridgeHeaders = {
  timestamp: 'x-bridge-timestamp',
  signature: 'x-bridge-signature',
  idempotencyKey: 'idempotency-key',
  idempotentReplay: 'idempotent-replay',
} as const;

export const bridgeBookingTypes = ['refund', 'win'] as const;
export type BridgeBookingType = (typeof bridgeBookingTypes)[number];

export const bridgePaths = {
  health: '/health',
  configuration: (integrationId: string) =>
    `/integrations/${encodeURIComponent(integrationId)}/configuration`,
  booking: (type: BridgeBookingType) => `/bookings/${type}` as const,
  cpvComponents: '/cpv/components',
} as const;

/**
 * What is signed: `METHOD\nPATH\nTIMESTAMP\nsha256(body)`, with the method in upper case, the path exactly
 * as sent in the request line (query included), the timestamp exactly as sent in its header and the
 * lower-case hex SHA-256 of the raw body bytes (of the empty string when there is no body).
 */
export function bridgeSigningString(
  method: string,
  path: string,
  timestamp: string,
  bodySha256Hex: string,
): string {
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${bodySha256Hex}`;
}

/** Letters, digits and `.`, `_`, `:`, `-`; a UUID fits. */
export const bridgeIdempotencyKeySchema = z
  .string()
  .min(1)
  .max(128)
  .regex(ruled(/^[A-Za-z0-9._:-]+$/, 'idColonChars'));

/** An id the back office chose (integration, casino): letters, digits, `.`, `_`, `-`, not starting with a sign. */
const chosenIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(ruled(/^[A-Za-z0-9][\w.-]*$/, 'idChars'));

/** An integration id as it appears in the configuration path. */
export const bridgeIntegrationIdSchema = chosenIdSchema;

/** An operator's own identifier (player, round): printable ASCII without spaces. */
const operatorIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(ruled(/^[\x21-\x7e]+$/, 'printable'));

export const bridgeHealthSchema = z.object({
  status: z.literal('ok'),
  protocolVersion: z.int().positive(),
});
export type BridgeHealth = z.infer<typeof bridgeHealthSchema>;

/**
 * The integration's configuration document. Its content is the integration's business; the protocol only
 * requires `configurationVersion`, which the bridge echoes so the back office knows what it holds.
 */
export const bridgeConfigurationDocumentSchema = z.looseObject({
  configurationVersion: z.int().positive(),
});
export type BridgeConfigurationDocument = z.infer<typeof bridgeConfigurationDocumentSchema>;

export const bridgeConfigurationReceiptSchema = z.object({
  receivedAt: z.iso.datetime(),
  configurationVersion: z.int().positive(),
});
export type BridgeConfigurationReceipt = z.infer<typeof bridgeConfigurationReceiptSchema>;

/** The body of `POST /bookings/refund` and `POST /bookings/win`. */
export const bridgeBookingRequestSchema = z.object({
  casinoId: chosenIdSchema,
  playerId: operatorIdSchema,
  roundId: operatorIdSchema,
  currency: currencyCodeSchema,
  /** In the currency's minor unit (cents), always positive: the type says which way the money goes. */
  amountMinor: z.int().positive(),
  reason: z.string().min(1).max(500),
});
export type BridgeBookingRequest = z.infer<typeof bridgeBookingRequestSchema>;

/** The answer to a booking: the request as booked, with the bridge's booking id. */
export const bridgeBookingSchema = bridgeBookingRequestSchema.extend({
  bookingId: z.string().min(1).max(128),
  type: z.enum(bridgeBookingTypes),
  bookedAt: z.iso.datetime(),
});
export type BridgeBooking = z.infer<typeof bridgeBookingSchema>;

/** A SHA-256 in hex (64 characters, either case), answered in lower case: how hashes are compared. */
export const bridgeComponentHashSchema = z
  .string()
  .regex(ruled(/^[0-9a-fA-F]{64}$/, 'sha256'))
  .transform((hex) => hex.toLowerCase());

/**
 * A component's name as a bridge reports it: 1–128 of letters, digits and `. _ - : @ / +`, starting with a
 * letter or digit. `game:` and `bridge:` are the back office's own names (a game version's frontend; a
 * bridge as a whole) and are refused, so a bridge cannot answer for what the back office checks itself.
 */
export const bridgeComponentNameSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(ruled(/^[A-Za-z0-9][\w.:@/+-]*$/, 'componentChars'))
  .refine((name) => !/^(game|bridge):/i.test(name), rule('reservedPrefix'));

/** One component a bridge runs (itself, a game backend behind it) and the SHA-256 of what it runs. */
export const bridgeComponentSchema = z.object({
  name: bridgeComponentNameSchema,
  version: z.string().min(1).max(64).optional(),
  hash: bridgeComponentHashSchema,
});
export type BridgeComponent = z.infer<typeof bridgeComponentSchema>;

/** The answer to `GET /cpv/components`: every component the bridge runs, each name once. */
export const bridgeCpvComponentsSchema = z.object({
  components: z
    .array(bridgeComponentSchema)
    .max(1_000)
    .refine(
      (components) => new Set(components.map((component) => component.name)).size === components.length,
      rule('unique'),
    ),
});
export type BridgeCpvComponents = z.infer<typeof bridgeCpvComponentsSchema>;

/** The codes a bridge answers errors with, and their statuses. */
export const bridgeErrorStatus = {
  INVALID_REQUEST: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  BAD_SIGNATURE: 401,
  STALE_TIMESTAMP: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BOOKING_REJECTED: 422,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type BridgeErrorCode = keyof typeof bridgeErrorStatus;

/** Every error answer of a bridge. The back office reads `code` but tolerates codes it does not know. */
export const bridgeErrorBodySchema = z.object({
  code: z.string().min(1).max(100),
  message: z.string().max(2000),
});
export type BridgeErrorBody = z.infer<typeof bridgeErrorBodySchema>;
