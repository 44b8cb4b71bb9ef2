/**
 * The HMAC of the bridge protocol (docs/bridge-protocol.md): signing on the back office's side, checking on
 * the bridge's side (the bridge simulator imports this file). Secrets never appear in results or messages.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { BRIDGE_SIGNATURE_MAX_SKEW_MS, bridgeHeaders, bridgeSigningString } from '@backoffice/contracts';

/** Lower-case hex SHA-256 of the raw body bytes (of nothing for a request without a body). */
export function bodySha256Hex(body: string | Uint8Array = ''): string {
  return createHash('sha256').update(body).digest('hex');
}

export interface BridgeSignedParts {
  method: string;
  /** The path exactly as sent in the request line, query included. */
  path: string;
  /** The `x-bridge-timestamp` header exactly as sent: unix time in milliseconds. */
  timestamp: string;
  body?: string | Uint8Array;
}

/** Lower-case hex HMAC-SHA256 of the signing string under the shared secret. */
export function signBridgeRequest(secret: string, parts: BridgeSignedParts): string {
  const signed = bridgeSigningString(parts.method, parts.path, parts.timestamp, bodySha256Hex(parts.body));
  return createHmac('sha256', secret).update(signed, 'utf8').digest('hex');
}

/** The two headers that sign a request sent now. */
export function bridgeSignatureHeaders(
  secret: string,
  request: { method: string; path: string; body?: string | Uint8Array },
  now: number = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.trunc(now));
  return {
    [bridgeHeaders.timestamp]: timestamp,
    [bridgeHeaders.signature]: signBridgeRequest(secret, { ...request, timestamp }),
  };
}

export type BridgeSignatureCheck =
  { ok: true } | { ok: false; code: 'BAD_SIGNATURE' | 'STALE_TIMESTAMP'; reason: string };

/**
 * The bridge's check of a received request. A missing or malformed header or a wrong signature is
 * BAD_SIGNATURE; a correctly signed request whose timestamp is more than five minutes off is STALE_TIMESTAMP.
 */
export function verifyBridgeSignature(
  secret: string,
  request: {
    method: string;
    path: string;
    body?: string | Uint8Array;
    timestamp: string | undefined;
    signature: string | undefined;
  },
  now: number = Date.now(),
): BridgeSignatureCheck {
  const { timestamp, signature } = request;
  if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) {
    return { ok: false, code: 'BAD_SIGNATURE', reason: `missing or malformed ${bridgeHeaders.timestamp}` };
  }
  if (signature === undefined || !/^[0-9a-fA-F]{64}$/.test(signature)) {
    return { ok: false, code: 'BAD_SIGNATURE', reason: `missing or malformed ${bridgeHeaders.signature}` };
  }
  const expected = Buffer.from(signBridgeRequest(secret, { ...request, timestamp }), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return { ok: false, code: 'BAD_SIGNATURE', reason: 'signature does not match' };
  }
  if (Math.abs(now - Number(timestamp)) > BRIDGE_SIGNATURE_MAX_SKEW_MS) {
    return { ok: false, code: 'STALE_TIMESTAMP', reason: 'timestamp is more than 5 minutes off' };
  }
  return { ok: true };
}
