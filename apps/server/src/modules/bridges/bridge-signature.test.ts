/** The HMAC of the bridge protocol: signing, checking, tampering and stale timestamps. */
import { createHash, createHmac } from 'node:crypto';
import { BRIDGE_SIGNATURE_MAX_SKEW_MS } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import {
  bodySha256Hex,
  bridgeSignatureHeaders,
  signBridgeRequest,
  verifyBridgeSignature,
} from '../../lib/bridge-signature';

const secret = 'shared-secret-of-the-bridge';
const now = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const body = '{"casinoId":"casino-berlin","amountMinor":2500}';
const request = { method: 'POST', path: '/bookings/refund', body };

function signed(at = now) {
  const headers = bridgeSignatureHeaders(secret, request, at);
  return { timestamp: headers['x-bridge-timestamp'], signature: headers['x-bridge-signature'] };
}

describe('bridge signature', () => {
  it('is the hex HMAC-SHA256 of METHOD, PATH, TIMESTAMP and the body hash, one per line', () => {
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const expected = createHmac('sha256', secret)
      .update(`POST\n/bookings/refund\n${now}\n${bodyHash}`)
      .digest('hex');
    expect(signed()).toEqual({ timestamp: String(now), signature: expected });
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches the examples of docs/bridge-protocol.md', () => {
    const demoSecret = 'demo-bridge-secret-not-for-production';
    const timestamp = '1767225600000';
    const booking =
      '{"casinoId":"casino-berlin","playerId":"player-4711","roundId":"round-0001","currency":"EUR",' +
      '"amountMinor":2500,"reason":"Round interrupted"}';
    expect(bodySha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(signBridgeRequest(demoSecret, { method: 'GET', path: '/health', timestamp })).toBe(
      'aac7be36a53d91117f90ef727fb574113f0c3c48f73e179d5428c221575bf853',
    );
    expect(bodySha256Hex(booking)).toBe('1c764a9affae77e77d407b469ec9c5e98a4daeb0b7406e18170a579f06bf8c31');
    expect(
      signBridgeRequest(demoSecret, { method: 'POST', path: '/bookings/refund', timestamp, body: booking }),
    ).toBe('988d88fd0db9982388804c8249f41b97e39dead21df1398c163e700d955582cf');
  });

  it('accepts a correctly signed request, with the signature in either case', () => {
    const { timestamp, signature } = signed();
    expect(verifyBridgeSignature(secret, { ...request, timestamp, signature }, now)).toEqual({ ok: true });
    expect(
      verifyBridgeSignature(secret, { ...request, timestamp, signature: signature?.toUpperCase() }, now),
    ).toEqual({ ok: true });
  });

  it.each([
    ['the body', { body: body.replace('2500', '25000') }],
    ['the path', { path: '/bookings/win' }],
    ['the method', { method: 'PUT' }],
    ['an empty body', { body: '' }],
  ])('refuses a request whose %s was changed', (_label, change) => {
    const { timestamp, signature } = signed();
    expect(verifyBridgeSignature(secret, { ...request, ...change, timestamp, signature }, now)).toMatchObject(
      {
        ok: false,
        code: 'BAD_SIGNATURE',
      },
    );
  });

  it('refuses a changed timestamp, a wrong secret and missing or malformed headers', () => {
    const { timestamp, signature } = signed();
    const check = (parts: { timestamp?: string; signature?: string }, key = secret) =>
      verifyBridgeSignature(key, { ...request, timestamp, signature, ...parts }, now);
    expect(check({ timestamp: String(now + 1) })).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
    expect(check({}, 'another-secret')).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
    expect(verifyBridgeSignature(secret, { ...request, timestamp: undefined, signature }, now)).toMatchObject(
      {
        ok: false,
        code: 'BAD_SIGNATURE',
      },
    );
    expect(verifyBridgeSignature(secret, { ...request, timestamp, signature: undefined }, now)).toMatchObject(
      {
        ok: false,
        code: 'BAD_SIGNATURE',
      },
    );
    expect(check({ timestamp: '2026-01-01' })).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
    expect(check({ signature: 'zz' })).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
    expect(check({ signature: signature?.slice(0, 62) })).toMatchObject({ ok: false, code: 'BAD_SIGNATURE' });
  });

  it('refuses a correctly signed request more than five minutes old or ahead as stale', () => {
    for (const offset of [-BRIDGE_SIGNATURE_MAX_SKEW_MS - 1, BRIDGE_SIGNATURE_MAX_SKEW_MS + 1]) {
      const { timestamp, signature } = signed(now + offset);
      expect(verifyBridgeSignature(secret, { ...request, timestamp, signature }, now)).toMatchObject({
        ok: false,
        code: 'STALE_TIMESTAMP',
      });
    }
    for (const offset of [-BRIDGE_SIGNATURE_MAX_SKEW_MS, BRIDGE_SIGNATURE_MAX_SKEW_MS]) {
      const { timestamp, signature } = signed(now + offset);
      expect(verifyBridgeSignature(secret, { ...request, timestamp, signature }, now)).toEqual({ ok: true });
    }
  });

  it('never puts the secret into a check result', () => {
    const { timestamp } = signed();
    const result = verifyBridgeSignature(secret, { ...request, timestamp, signature: '0'.repeat(64) }, now);
    expect(JSON.stringify(result)).not.toContain(secret);
  });
});
