/**
 * A fast path for validating batches of rounds, the ingest's hottest input: a plain check that accepts only
 * rounds the contract (`platformRoundSchema`) certainly accepts, in the form the schema would answer them.
 * Anything it is not sure about — untrimmed text, offsets other than Z, errors — goes to the zod schema,
 * which answers as always (with its per-field messages). `fast-rounds.test.ts` checks on random input
 * that the fast path never accepts what the schema refuses and never answers differently.
 */
import { isCurrencyCode, MAX_BATCH_SIZE, roundStatuses, type PlatformRound } from '@backoffice/contracts';

const UTC_INSTANT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?Z$/;
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

/** The two-digit number at `at` of a string whose characters there are digits. */
const twoDigits = (value: string, at: number) =>
  (value.charCodeAt(at) - 48) * 10 + value.charCodeAt(at + 1) - 48;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * A real calendar instant in UTC (the regex alone would take 31 February). Counted by hand: parsing two
 * dates per round through `Date` cost more than the rest of the round's check.
 */
function isUtcInstant(value: unknown): value is string {
  if (typeof value !== 'string' || !UTC_INSTANT.test(value)) return false;
  const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
  return twoDigits(value, 8) <= daysInMonth(year, twoDigits(value, 5));
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

const splitKeys = new Set(['real', 'bonus', 'voucher']);

/** The round as the schema would answer it (the same object), or undefined when only the schema can tell. */
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
  if (!isCurrencyCode(round.currency)) return undefined;
  if (!isMinor(round.debit) || !isMinor(round.credit) || !isMinor(round.totalWin)) return undefined;
  if (!isOptionalText(round.providerRoundId) || !isOptionalText(round.voucherCode)) return undefined;
  if (!isOptionalMinor(round.fundsAtStart) || !isOptionalMinor(round.fundsAtEnd)) return undefined;
  const split = round.moneySplit;
  if (split !== undefined && split !== null) {
    if (typeof split !== 'object' || Array.isArray(split)) return undefined;
    for (const key of Object.keys(split)) if (!splitKeys.has(key)) return undefined;
    const { real, bonus, voucher } = split as Record<string, unknown>;
    if (!isMinor(real) || !isMinor(bonus) || !isMinor(voucher)) return undefined;
    if (real + bonus + voucher !== round.debit) return undefined;
  }
  // Only known keys, each as the schema would answer it: the round is its own answer (no copy of 1,000
  // rounds per batch).
  return round as PlatformRound;
}

/**
 * `{ rounds }` as the schema would answer it — the same object, since each round is its own answer — or
 * undefined when only the schema can tell.
 */
export function fastRoundsBatch(input: unknown): { rounds: PlatformRound[] } | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const keys = Object.keys(input);
  if (keys.length !== 1 || keys[0] !== 'rounds') return undefined;
  const { rounds } = input as { rounds: unknown };
  if (!Array.isArray(rounds) || rounds.length < 1 || rounds.length > MAX_BATCH_SIZE) return undefined;
  for (const round of rounds) if (!fastRound(round)) return undefined;
  return input as { rounds: PlatformRound[] };
}
