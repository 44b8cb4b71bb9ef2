import { describe, expect, it } from 'vitest';
import {
  BRIDGE_CONNECT_TIMEOUT_MS,
  BRIDGE_REQUEST_TIMEOUT_MS,
  BRIDGE_SIGNATURE_MAX_SKEW_MS,
  bridgeBookingRequestSchema,
  bridgeConfigurationDocumentSchema,
  bridgeIdempotencyKeySchema,
  bridgePaths,
  bridgeSigningString,
} from './bridge-protocol';

const booking = {
  casinoId: 'casino-berlin',
  playerId: 'player-4711',
  roundId: 'round-0001',
  currency: 'EUR',
  amountMinor: 2500,
  reason: 'Round interrupted',
};

describe('bridge protocol', () => {
  it('signs METHOD, PATH, TIMESTAMP and the body hash, one per line, the method in upper case', () => {
    expect(bridgeSigningString('post', '/bookings/refund?x=1', '1767225600000', 'ab12')).toBe(
      'POST\n/bookings/refund?x=1\n1767225600000\nab12',
    );
  });

  it('has the documented timeouts and clock skew', () => {
    expect([BRIDGE_CONNECT_TIMEOUT_MS, BRIDGE_REQUEST_TIMEOUT_MS, BRIDGE_SIGNATURE_MAX_SKEW_MS]).toEqual([
      2_000, 5_000, 300_000,
    ]);
  });

  it('builds the endpoint paths', () => {
    expect(bridgePaths.configuration('integration-1')).toBe('/integrations/integration-1/configuration');
    expect(bridgePaths.booking('refund')).toBe('/bookings/refund');
    expect(bridgePaths.booking('win')).toBe('/bookings/win');
  });

  it('accepts a booking and refuses bad amounts, currencies and ids', () => {
    expect(bridgeBookingRequestSchema.parse(booking)).toEqual(booking);
    for (const change of [
      { amountMinor: 0 },
      { amountMinor: 1.5 },
      { amountMinor: '2500' },
      { currency: 'eur' },
      { playerId: 'has space' },
      { casinoId: '-casino' },
      { reason: '' },
    ]) {
      expect(
        bridgeBookingRequestSchema.safeParse({ ...booking, ...change }).success,
        JSON.stringify(change),
      ).toBe(false);
    }
  });

  it('accepts UUIDs as idempotency keys and refuses blanks and spaces', () => {
    expect(bridgeIdempotencyKeySchema.safeParse('1b4e28ba-2fa1-11d2-883f-0016d3cca427').success).toBe(true);
    expect(bridgeIdempotencyKeySchema.safeParse('').success).toBe(false);
    expect(bridgeIdempotencyKeySchema.safeParse('a key').success).toBe(false);
    expect(bridgeIdempotencyKeySchema.safeParse('k'.repeat(129)).success).toBe(false);
  });

  it('keeps the whole configuration document but requires its version', () => {
    const document = { configurationVersion: 3, casinos: [{ id: 'casino-berlin' }] };
    expect(bridgeConfigurationDocumentSchema.parse(document)).toEqual(document);
    expect(bridgeConfigurationDocumentSchema.safeParse({ casinos: [] }).success).toBe(false);
  });
});
