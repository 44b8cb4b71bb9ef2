import { z } from 'zod';
import { codeIdSchema, propertyKeySchema } from './catalogue-ids';
import { gameProviderIdSchema } from './game-providers';
import { gameStudioIdSchema } from './game-studios';
import { listQuerySchema, pageSchema, recordMetaSchema, versionField } from './lists';
import { rule } from './validation-messages';

export const GAME_NAME_MAX = 200;
export const MAX_EXPOSURE_FACTOR_MAX = 10_000_000;
/** 10 million euro in cents: far above any real minimum bet, small enough for an integer column. */
export const MIN_BET_CENTS_MAX = 1_000_000_000;

/** A number with at most `places` decimals (checked on the decimal digits, not on float arithmetic). */
export function decimalNumber(places: number) {
  return z
    .number()
    .refine(
      (value) =>
        Number.isFinite(value) && Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6,
      rule('decimals', places),
    );
}

export const gameIdSchema = codeIdSchema;

const gameFields = z.object({
  name: z.string().trim().min(1).max(GAME_NAME_MAX),
  studioId: gameStudioIdSchema,
  providerId: gameProviderIdSchema,
  /** The provider's own id of the game; empty means the same as the game id. */
  gameProviderGameId: z.string().trim().max(128),
  /** Theoretical return to player, in percent (spec §5). */
  theoreticalRtp: decimalNumber(2).pipe(z.number().gt(0).max(100)),
  maxExposureFactor: z.number().int().min(1).max(MAX_EXPOSURE_FACTOR_MAX),
  /** The smallest bet, in euro cents. */
  minBetCents: z.number().int().min(0).max(MIN_BET_CENTS_MAX),
  /** Properties every version of the game must set; versions show which are missing. */
  requiredPropertyKeys: z
    .array(propertyKeySchema)
    .max(100)
    .refine((keys) => new Set(keys).size === keys.length, rule('unique')),
});

export const gameSchema = z
  .object({
    gameId: z.string(),
    name: z.string(),
    studioId: z.string(),
    studioName: z.string(),
    providerId: z.string(),
    providerName: z.string(),
    gameProviderGameId: z.string(),
    theoreticalRtp: z.number(),
    maxExposureFactor: z.number().int(),
    minBetCents: z.number().int(),
    requiredPropertyKeys: z.array(z.string()),
    versionCount: z.number().int(),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'Game' });
export type Game = z.infer<typeof gameSchema>;

export const gameCreateSchema = gameFields.extend({ gameId: gameIdSchema });
export type GameCreate = z.infer<typeof gameCreateSchema>;

/** The game id is the game's key (versions, rounds and integrations refer to it): it cannot change. */
export const gameUpdateSchema = gameFields.extend(versionField);
export type GameUpdate = z.infer<typeof gameUpdateSchema>;

export const gameSortFields = [
  'gameId',
  'name',
  'studioName',
  'providerName',
  'theoreticalRtp',
  'updatedAt',
] as const;
export type GameSortField = (typeof gameSortFields)[number];
export const gameListQuerySchema = listQuerySchema(gameSortFields, 'gameId').extend({
  studioId: gameStudioIdSchema.optional(),
  providerId: gameProviderIdSchema.optional(),
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;
export const gamePageSchema = pageSchema(gameSchema);

/** Where a game is offered (`/games/integrations`): the casinos and integrations it is in, and its state there. */
export const gameAssignmentsSchema = z
  .object({
    gameId: z.string(),
    name: z.string(),
    casinos: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
    integrations: z.array(z.object({ id: z.string(), name: z.string(), active: z.boolean() })),
  })
  .meta({ id: 'GameAssignments' });
export type GameAssignments = z.infer<typeof gameAssignmentsSchema>;
export const gameAssignmentsListQuerySchema = listQuerySchema(['gameId', 'name'] as const, 'gameId');
export type GameAssignmentsListQuery = z.infer<typeof gameAssignmentsListQuerySchema>;
export const gameAssignmentsPageSchema = pageSchema(gameAssignmentsSchema);
