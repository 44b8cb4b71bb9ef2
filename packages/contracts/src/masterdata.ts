/** Master data configuration: the daily exchange rates to EUR used by reports, and global defaults. */
import { z } from 'zod';
import { validityPeriodSchema } from './casinos';
import { typedCurrencyCodeSchema } from './currencies';
import { pageSchema, recordMetaSchema, versionField } from './lists';
import { roles } from './permissions';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './lists';
import { rule, ruled } from './validation-messages';

export const FX_IMPORT_MAX_LINES = 10_000;

const day = z.iso.date();
/** A currency other than EUR (EUR is always 1). */
const foreignCurrency = typedCurrencyCodeSchema.refine((code) => code !== 'EUR', rule('eurNoRate'));
/** Euro for one unit of the currency, as a decimal string (exact, up to 10 decimals). */
const rate = z
  .string()
  .trim()
  .regex(ruled(/^\d{1,8}(\.\d{1,10})?$/, 'positiveDecimal'))
  .refine((value) => Number(value) > 0, rule('aboveZero'));

export const fxRateSchema = z
  .object({ day: z.string(), currency: z.string(), rateToEur: z.string() })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'FxRate' });
export type FxRate = z.infer<typeof fxRateSchema>;

export const fxRateCreateSchema = z.object({ day, currency: foreignCurrency, rateToEur: rate });
export type FxRateCreate = z.infer<typeof fxRateCreateSchema>;
export const fxRateUpdateSchema = z.object({ rateToEur: rate }).extend(versionField);
export type FxRateUpdate = z.infer<typeof fxRateUpdateSchema>;

export const fxRateListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  currency: typedCurrencyCodeSchema.optional(),
  from: day.optional(),
  to: day.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type FxRateListQuery = z.infer<typeof fxRateListQuerySchema>;
export const fxRatePageSchema = pageSchema(fxRateSchema);

/**
 * An import: CSV text with a header line `day,currency,rateToEur` and one rate per line. It is taken
 * whole or not at all; a refused import lists every bad line.
 */
export const fxRateImportSchema = z.object({ csv: z.string().max(2_000_000) });
export const fxRateImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type FxRateImportResult = z.infer<typeof fxRateImportResultSchema>;

/** A win counts as a big win (retention of its details) from this multiple of the bet… */
export const BIG_WIN_MULTIPLE_MAX = 100_000;
/** …or from this amount in euro. */
export const BIG_WIN_EUR_MAX = 100_000_000;

/** The global defaults (one record). */
export const globalSettingsSchema = z
  .object({
    defaultGameRoundValidityPeriodDays: z.number().int(),
    /** Big win (spec §3 retention): a win of at least this multiple of the bet… */
    bigWinBetMultiple: z.number(),
    /** …or of at least this many euro (null: the multiple alone decides). */
    bigWinMinEur: z.number().nullable(),
    /** A CPV mismatch of a game version's frontend deactivates the version for new rounds. */
    cpvDeactivateOnMismatch: z.boolean(),
    /** Roles whose users must use a second factor (issue 15). */
    secondFactorRoles: z.array(z.enum(roles)),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'GlobalSettings' });
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;
/** Fields left out stay as they are. */
export const globalSettingsUpdateSchema = z
  .object({
    defaultGameRoundValidityPeriodDays: validityPeriodSchema.unwrap(),
    bigWinBetMultiple: z.number().positive().max(BIG_WIN_MULTIPLE_MAX).multipleOf(0.01).optional(),
    bigWinMinEur: z.number().positive().max(BIG_WIN_EUR_MAX).multipleOf(0.01).nullable().optional(),
    cpvDeactivateOnMismatch: z.boolean().optional(),
    secondFactorRoles: z
      .array(z.enum(roles))
      .max(roles.length)
      .transform((list) => [...new Set(list)])
      .optional(),
  })
  .extend(versionField);
export type GlobalSettingsUpdate = z.infer<typeof globalSettingsUpdateSchema>;
