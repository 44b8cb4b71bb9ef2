/**
 * The ingest API of the game platform (`/api/platform/v1/…`): players, game rounds and savegames in
 * batches, authenticated with an integration's API key. Every batch is idempotent on natural keys and is
 * taken whole or not at all. Money is in integer minor units plus a three-letter currency.
 */
import { z } from 'zod';
import { currencyCodeSchema } from './currencies';

export const PLATFORM_API_PREFIX = '/api/platform/v1';
export const MAX_BATCH_SIZE = 1000;
/** Sent as `Authorization: Bearer <key>`; the key is shown once when created, and stored hashed. */
export const API_KEY_PREFIX = 'bok_';

export const roundStatuses = [
  'completed',
  'refunded',
  'open',
  'manualClose',
  'autoClose',
  'operator',
  'expiredVoucher',
  'autoCloseFailed',
] as const;
export type RoundStatus = (typeof roundStatuses)[number];

/** A round in one of these can still change: be closed, refunded or booked. All others are final. */
export const unsettledRoundStatuses = ['open', 'autoCloseFailed'] as const satisfies readonly RoundStatus[];

export function isFinalStatus(status: RoundStatus): boolean {
  return !(unsettledRoundStatuses as readonly string[]).includes(status);
}

const key = z.string().trim().min(1).max(100);
/** Minor units (cents): whole, non-negative, within what a bigint and a JS number hold exactly. */
export const minorUnitsSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const instant = z.iso.datetime({ offset: true });
const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const platformPlayerSchema = z.object({
  playerId: key,
  casinoId: key,
  language: optionalText(10),
  country: optionalText(2),
  email: optionalText(320),
  jurisdiction: optionalText(100),
  firstName: optionalText(100),
  lastName: optionalText(100),
  nickName: optionalText(100),
  city: optionalText(100),
  dateOfBirth: z.iso.date().nullish(),
  gender: optionalText(20),
  registeredAt: instant.nullish(),
});
export type PlatformPlayer = z.infer<typeof platformPlayerSchema>;

export const moneySplitSchema = z.object({
  real: minorUnitsSchema,
  bonus: minorUnitsSchema,
  voucher: minorUnitsSchema,
});
export type MoneySplit = z.infer<typeof moneySplitSchema>;

/**
 * A game round as the platform reports it, first when it starts and again whenever it changes. `updatedAt`
 * is the platform's time of this state: an update is applied only when it moves the round forward (a later
 * state of a round that is not final yet). `startedAt` never changes for a round.
 */
export const platformRoundSchema = z
  .object({
    roundId: key,
    providerRoundId: optionalText(100),
    casinoId: key,
    playerId: key,
    gameId: key,
    startedAt: instant,
    updatedAt: instant,
    status: z.enum(roundStatuses),
    currency: currencyCodeSchema,
    debit: minorUnitsSchema,
    credit: minorUnitsSchema,
    totalWin: minorUnitsSchema,
    voucherCode: optionalText(100),
    fundsAtStart: minorUnitsSchema.nullish(),
    fundsAtEnd: minorUnitsSchema.nullish(),
    /**
     * What the player saw (reels, cards, …) as the game reports it: any JSON. The body is JSON already, so
     * no schema walks it (a recursive JSON schema cost more than the rest of a round's validation).
     */
    displayedOutcome: z.unknown().optional(),
    /** How the bet (debit) was paid: real money, bonus money and vouchers; adds up to the debit. */
    moneySplit: moneySplitSchema.nullish(),
  })
  .superRefine((round, context) => {
    if (Date.parse(round.updatedAt) < Date.parse(round.startedAt)) {
      context.addIssue({
        code: 'custom',
        path: ['updatedAt'],
        message: 'ROUND_UPDATED_BEFORE_START',
        params: { code: 'ROUND_UPDATED_BEFORE_START' },
      });
    }
    const split = round.moneySplit;
    if (split && split.real + split.bonus + split.voucher !== round.debit) {
      context.addIssue({
        code: 'custom',
        path: ['moneySplit'],
        message: 'ROUND_MONEY_SPLIT_MISMATCH',
        params: { code: 'ROUND_MONEY_SPLIT_MISMATCH' },
      });
    }
  });
export type PlatformRound = z.infer<typeof platformRoundSchema>;

/** A player's saved game state of one game; `state` is the part that restores the game. */
export const platformSavegameSchema = z.object({
  casinoId: key,
  playerId: key,
  gameId: key,
  savedAt: instant,
  state: z.unknown().optional(),
  data: z.unknown().optional(),
});
export type PlatformSavegame = z.infer<typeof platformSavegameSchema>;

const batch = <Item extends z.ZodType>(item: Item) => z.array(item).min(1).max(MAX_BATCH_SIZE);
export const playersBatchSchema = z.object({ players: batch(platformPlayerSchema) });
export const roundsBatchSchema = z.object({ rounds: batch(platformRoundSchema) });
export const savegamesBatchSchema = z.object({ savegames: batch(platformSavegameSchema) });

/** What a batch did: `unchanged` counts items that were already known in this or a later state. */
export const ingestResultSchema = z.object({
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

// API keys of an integration (managed on the integration screen).
export const apiKeySchema = z.object({
  id: z.uuid(),
  integrationId: z.string(),
  name: z.string(),
  /** The first characters of the key, to recognise it; the key itself is only shown once. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeySchema = z.object({ name: z.string().trim().min(1).max(100) });
export type CreateApiKey = z.infer<typeof createApiKeySchema>;
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
