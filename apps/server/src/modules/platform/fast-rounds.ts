/**
 * A fast path for validating batches of rounds, the ingest's hottest input: a plain check that accepts only
 * rounds the contract (`platformRoundSchema`) certainly accepts, in the form the schema would answer them.
 * Anything it is not sure about — untrimmed text, offsets other than Z, errors — goes to the zod schema,
 * which answers as always (with its per-field messages). `fast-rounds.test.ts` checks on random input
 * that the fast path never accepts what the schema refuses and never answers differently.
 */
import { MAX_BATCH_SIZE, roundStatuses, type PlatformRound, type RoundStatus } from '@backoffice/contracts';

const UTC_INSTANT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?Z$/;
const CURRENCY = /^[A-Z]{3}$/;
const statuses = new Set<string>(roundStatuses);

const isKey = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= 100 && value.trim() === value;
const isOptionalText = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.length <= 100 && value.trim() === value);
const isMinor = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isOptionalMinor = (value: unknown) => value === undefined || value === null || isMinor(value);

/** A real calendar instant in UTC (the regex alone would take 31 February). */
function isUtcInstant(value: unknown): value is string {
  if (typeof value !== 'string' || !UTC_INSTANT.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
}

const optionalKeys = [
  'providerRoundId',
  'voucherCode',
  'fundsAtStart',
  'fundsAtEnd',
  'displayedOutcome',
  'moneySplit',
] as const;
const knownKeys = new Set<string>([
  'roundId',
  'casinoId',
  'playerId',
  'gameId',
  'startedAt',
  'updatedAt',
  'status',
  'currency',
  'debit',
  'credit',
  'totalWin',
  ...optionalKeys,
]);

/** The round as the schema would answer it, or undefined when only the schema can tell. */
export function fastRound(input: unknown): PlatformRound | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const round = input as Record<string, unknown>;
  for (const key of Object.keys(round)) if (!knownKeys.has(key)) return undefined;
  if (!isKey(round.roundId) || !isKey(round.casinoId) || !isKey(round.playerId) || !isKey(round.gameId)) {
    return undefined;
  }
  if (!isUtcInstant(round.startedAt) || !isUtcInstant(round.updatedAt)) return undefined;
  if (Date.parse(round.updatedAt) < Date.parse(round.startedAt)) return undefined;
  if (typeof round.status !== 'string' || !statuses.has(round.status)) return undefined;
  if (typeof round.currency !== 'string' || !CURRENCY.test(round.currency)) return undefined;
  if (!isMinor(round.debit) || !isMinor(round.credit) || !isMinor(round.totalWin)) return undefined;
  if (!isOptionalText(round.providerRoundId) || !isOptionalText(round.voucherCode)) return undefined;
  if (!isOptionalMinor(round.fundsAtStart) || !isOptionalMinor(round.fundsAtEnd)) return undefined;
  const split = round.moneySplit;
  if (split !== undefined && split !== null) {
    if (typeof split !== 'object' || Array.isArray(split)) return undefined;
    const { real, bonus, voucher, ...rest } = split as Record<string, unknown>;
    if (Object.keys(rest).length > 0 || !isMinor(real) || !isMinor(bonus) || !isMinor(voucher))
      return undefined;
    if (real + bonus + voucher !== round.debit) return undefined;
  }
  const answer: Record<string, unknown> = {
    roundId: round.roundId,
    casinoId: round.casinoId,
    playerId: round.playerId,
    gameId: round.gameId,
    startedAt: round.startedAt,
    updatedAt: round.updatedAt,
    status: round.status as RoundStatus,
    currency: round.currency,
    debit: round.debit,
    credit: round.credit,
    totalWin: round.totalWin,
  };
  for (const key of optionalKeys) {
    if (key in round) {
      const value = round[key];
      answer[key] =
        key === 'moneySplit' && value !== null && value !== undefined ? { ...(value as object) } : value;
    }
  }
  return answer as PlatformRound;
}

/** `{ rounds }` as the schema would answer it, or undefined when only the schema can tell. */
export function fastRoundsBatch(input: unknown): { rounds: PlatformRound[] } | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { rounds, ...rest } = input as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !Array.isArray(rounds)) return undefined;
  if (rounds.length < 1 || rounds.length > MAX_BATCH_SIZE) return undefined;
  const answer: PlatformRound[] = new Array(rounds.length);
  for (let index = 0; index < rounds.length; index++) {
    const round = fastRound(rounds[index]);
    if (!round) return undefined;
    answer[index] = round;
  }
  return { rounds: answer };
}
