import { z } from 'zod';
import { optionalHttpUrlSchema, propertiesSchema } from './catalogue-ids';
import { decimalNumber, gameIdSchema } from './games';
import { listQuerySchema, pageSchema, recordMetaSchema, versionField } from './lists';
import { rule, ruled } from './validation-messages';

export const GAME_VERSION_MAX = 50;
export const BET_SIZES_MAX = 100;

export const gameVersionIdSchema = z.uuid();

const versionString = z
  .string()
  .trim()
  .min(1)
  .max(GAME_VERSION_MAX)
  .regex(ruled(/^[\w.+-]+$/, 'versionChars'));

const betSize = decimalNumber(2).pipe(z.number().gt(0).max(1_000_000));

const gameVersionFields = z.object({
  /** The version string ("1.4.2"); `version` is the record's own revision, as everywhere. */
  versionNumber: versionString,
  jurisdictionIds: z
    .array(z.uuid())
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, rule('unique')),
  betSizes: z
    .array(betSize)
    .max(BET_SIZES_MAX)
    .refine((sizes) => new Set(sizes).size === sizes.length, rule('unique')),
  supportsVouchers: z.boolean(),
  supportsFeatureTriggerVouchers: z.boolean(),
  properties: propertiesSchema,
  frontendUrl: optionalHttpUrlSchema,
  backendUrl: optionalHttpUrlSchema,
});

export const gameVersionSchema = z
  .object({
    id: gameVersionIdSchema,
    gameId: z.string(),
    gameName: z.string(),
    versionNumber: z.string(),
    jurisdictions: z.array(z.object({ id: z.string(), name: z.string() })),
    betSizes: z.array(z.number()),
    supportsVouchers: z.boolean(),
    supportsFeatureTriggerVouchers: z.boolean(),
    properties: z.record(z.string(), z.string()),
    /** The game's required property keys this version does not set. */
    missingProperties: z.array(z.string()),
    frontendUrl: z.string(),
    backendUrl: z.string(),
    /**
     * False: no new rounds start with this version (a CPV mismatch may have deactivated it, spec §4);
     * open rounds can finish. New and copied versions are active.
     */
    active: z.boolean(),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'GameVersion' });
export type GameVersion = z.infer<typeof gameVersionSchema>;

export const gameVersionCreateSchema = gameVersionFields.extend({ gameId: gameIdSchema });
export type GameVersionCreate = z.infer<typeof gameVersionCreateSchema>;

/** A version belongs to its game for good; copy it to give another game the same settings. */
export const gameVersionUpdateSchema = gameVersionFields.extend(versionField);
export type GameVersionUpdate = z.infer<typeof gameVersionUpdateSchema>;

/** Activating or deactivating a version, at the version (revision) it was read. */
export const gameVersionActivationSchema = z.object(versionField);
export type GameVersionActivation = z.infer<typeof gameVersionActivationSchema>;

export const gameVersionSortFields = ['gameId', 'versionNumber', 'active', 'updatedAt'] as const;
export type GameVersionSortField = (typeof gameVersionSortFields)[number];
export const gameVersionListQuerySchema = listQuerySchema(gameVersionSortFields, 'gameId').extend({
  gameId: gameIdSchema.optional(),
  jurisdictionId: z.uuid().optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type GameVersionListQuery = z.infer<typeof gameVersionListQuerySchema>;
export const gameVersionPageSchema = pageSchema(gameVersionSchema);
