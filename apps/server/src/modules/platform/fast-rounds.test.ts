/**
 * The fast check of round batches must never accept what the contract refuses, and must answer exactly
 * what the contract would: checked on random rounds — valid ones and ones broken in every field.
 */
import { MAX_BATCH_SIZE, roundStatuses, roundsBatchSchema, platformRoundSchema } from '@backoffice/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastRound, fastRoundsBatch } from './fast-rounds';

const instant = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const oddInstant = fc.constantFrom(
  '2026-02-30T10:00:00Z',
  '2026-02-29T10:00:00Z',
  '2024-02-29T10:00:00Z',
  '2000-02-29T10:00:00.5Z',
  '2100-02-29T10:00:00Z',
  '2026-04-31T10:00:00Z',
  '2026-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '2026-13-01T10:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T10:00:00+02:00',
  '2026-01-01T10:00:00.1234Z',
  '2026-01-01T10:00:00',
  '2026-01-01',
  ' 2026-01-01T10:00:00Z',
  '',
);
const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('', ' padded ', 'x'.repeat(100), 'x'.repeat(101), 'ü', '\t'),
);
const money = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }),
  fc.constantFrom(-1, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 0),
);

const validRound = fc
  .record({
    roundId: fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((value) => value.trim() === value && value !== ''),
    casinoId: fc.constantFrom('casino-a', 'b'),
    playerId: fc.constantFrom('p-1', 'p-2'),
    gameId: fc.constantFrom('game-a'),
    startedAt: instant,
    minutes: fc.integer({ min: 0, max: 90 }),
    status: fc.constantFrom(...roundStatuses),
    currency: fc.constantFrom('EUR', 'SEK'),
    debit: fc.integer({ min: 0, max: 100_000 }),
    credit: fc.integer({ min: 0, max: 100_000 }),
    totalWin: fc.integer({ min: 0, max: 100_000 }),
  })
  .chain(({ minutes, ...round }) =>
    fc
      .record(
        {
          providerRoundId: fc.option(fc.constantFrom('prov-1', 'p'), { nil: null }),
          voucherCode: fc.option(fc.constantFrom('V-1'), { nil: null }),
          fundsAtStart: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
          fundsAtEnd: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
          displayedOutcome: fc.oneof(
            fc.constant(null),
            fc.json().map((json) => JSON.parse(json) as unknown),
          ),
          moneySplit: fc.option(
            fc
              .integer({ min: 0, max: round.debit })
              .map((real) => ({ real, bonus: round.debit - real, voucher: 0 })),
            { nil: null },
          ),
        },
        { requiredKeys: [] },
      )
      .map((optional) => ({
        ...round,
        updatedAt: new Date(Date.parse(round.startedAt) + minutes * 60_000).toISOString(),
        ...optional,
      })),
  );

/** A valid round with one field replaced by something that may or may not be valid. */
const brokenRound = fc
  .tuple(
    validRound,
    fc.constantFrom(
      'roundId',
      'casinoId',
      'startedAt',
      'updatedAt',
      'status',
      'currency',
      'debit',
      'credit',
      'fundsAtEnd',
      'providerRoundId',
      'moneySplit',
      'extra',
    ),
    fc.oneof(
      text,
      money,
      oddInstant,
      instant,
      fc.constant(null),
      fc.constant(undefined),
      fc.constant({ real: 1 }),
    ),
  )
  .map(([round, field, value]) => ({ ...round, [field]: value }) as Record<string, unknown>);

describe('fast check of rounds', () => {
  it('answers exactly what the schema answers, whenever it answers', () => {
    fc.assert(
      fc.property(fc.oneof(validRound, brokenRound), (input) => {
        // Through JSON, as a body arrives (undefined values vanish).
        const body = JSON.parse(JSON.stringify(input)) as unknown;
        const fast = fastRound(body);
        const full = platformRoundSchema.safeParse(body);
        if (fast !== undefined) {
          expect(full.success, JSON.stringify(body)).toBe(true);
          expect(fast).toEqual(full.data);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('takes the usual rounds itself', () => {
    fc.assert(
      fc.property(validRound, (input) => {
        const body = JSON.parse(JSON.stringify(input)) as unknown;
        expect(fastRound(body)).toEqual(platformRoundSchema.parse(body));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves batches it is not sure about to the schema', () => {
    const round = fastRound({
      roundId: 'r',
      casinoId: 'c',
      playerId: 'p',
      gameId: 'g',
      startedAt: '2026-01-01T10:00:00Z',
      updatedAt: '2026-01-01T10:00:00Z',
      status: 'open',
      currency: 'EUR',
      debit: 1,
      credit: 0,
      totalWin: 0,
    })!;
    expect(fastRoundsBatch({ rounds: [round] })).toEqual(roundsBatchSchema.parse({ rounds: [round] }));
    expect(fastRoundsBatch({ rounds: [] })).toBeUndefined();
    expect(
      fastRoundsBatch({ rounds: Array.from({ length: MAX_BATCH_SIZE + 1 }, () => round) }),
    ).toBeUndefined();
    expect(fastRoundsBatch({ rounds: [round], more: 1 })).toBeUndefined();
    expect(fastRoundsBatch({ rounds: [{ ...round, roundId: ' r ' }] })).toBeUndefined();
    expect(fastRoundsBatch({ rounds: [{ ...round, updatedAt: '2026-01-01T09:00:00Z' }] })).toBeUndefined();
    expect(fastRoundsBatch(null)).toBeUndefined();
  });

  it('knows the calendar: leap days of leap years only, and the lengths of months', () => {
    const at = (instant: string) =>
      fastRound({
        roundId: 'r',
        casinoId: 'c',
        playerId: 'p',
        gameId: 'g',
        startedAt: instant,
        updatedAt: instant,
        status: 'open',
        currency: 'EUR',
        debit: 1,
        credit: 0,
        totalWin: 0,
      })?.startedAt;
    for (const taken of ['2024-02-29T10:00:00Z', '2000-02-29T10:00:00.5Z', '2026-01-31T23:59:59.999Z']) {
      expect(at(taken)).toBe(taken);
    }
    for (const left of ['2026-02-29T10:00:00Z', '2100-02-29T10:00:00Z', '2026-04-31T10:00:00Z']) {
      expect(at(left)).toBeUndefined();
    }
  });
});
