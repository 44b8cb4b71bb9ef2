/**
 * The version form's values and their check: bet sizes are typed as text (comma or dot), properties are
 * edited as key/value rows; both become the contract's shape (sorted numbers, a key → value record).
 */
import { gameVersionCreateSchema, type GameVersion, type GameVersionCreate } from '@backoffice/contracts';
import { z } from 'zod';
import { defaultLanguage, isLanguage, localeOf } from '@backoffice/contracts/languages';
import { i18n } from '../../../i18n';
import {
  propertyRowsOf,
  propertyRowsSchema,
  required,
  withPatternMessage,
  type PropertyRow,
} from '../../../lib/form-schemas';

const fields = gameVersionCreateSchema.shape;

/** The largest bet size the contract accepts. */
export const BET_SIZE_MAX = 1_000_000;
const BET_SIZE_TEXT = /^\d+(?:[.,]\d{1,2})?$/;

/** The amount of a bet size as typed ("0,5", "2.50"), or null when it is not one. */
export function parseBetSize(text: string): number | null {
  const trimmed = text.trim();
  if (!BET_SIZE_TEXT.test(trimmed)) return null;
  const amount = Number(trimmed.replace(',', '.'));
  return amount > 0 ? amount : null;
}

const betSizes = z
  .array(z.string())
  .transform((entries, ctx) => {
    const amounts: number[] = [];
    for (const entry of entries) {
      const amount = parseBetSize(entry);
      let message: string | undefined;
      if (amount === null) message = i18n.t('gameVersions.betSizeInvalid', { value: entry.trim() });
      else if (amount > BET_SIZE_MAX)
        message = i18n.t('gameVersions.betSizeTooLarge', { value: entry.trim() });
      else if (amounts.includes(amount))
        message = i18n.t('gameVersions.betSizeDuplicate', { value: entry.trim() });
      if (message !== undefined) {
        ctx.addIssue({ code: 'custom', message, input: entries });
        return z.NEVER;
      }
      amounts.push(amount!);
    }
    return amounts.sort((a, b) => a - b);
  })
  .pipe(fields.betSizes);

/**
 * What the bet sizes field says about these entries (the added ones and the one being typed): the first
 * problem as the form's check would say it, or null. Spec §5: the field validates on input and blur, not
 * only when the form is sent.
 */
export function betSizesError(entries: readonly string[]): string | null {
  const result = betSizes.safeParse([...entries]);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export type { PropertyRow };

const properties = propertyRowsSchema.pipe(fields.properties);

const url = z
  .string()
  .trim()
  .refine((value) => fields.frontendUrl.safeParse(value).success, {
    error: () => i18n.t('gameVersions.urlInvalid'),
  })
  .pipe(fields.frontendUrl);

export const gameVersionFormSchema = z.object({
  gameId: required(fields.gameId),
  versionNumber: withPatternMessage(fields.versionNumber, () => i18n.t('gameVersions.versionNumberPattern')),
  jurisdictionIds: fields.jurisdictionIds,
  betSizes,
  supportsVouchers: fields.supportsVouchers,
  supportsFeatureTriggerVouchers: fields.supportsFeatureTriggerVouchers,
  properties,
  frontendUrl: url,
  backendUrl: url,
}) satisfies z.ZodType<GameVersionCreate>;

export type GameVersionFormValues = z.input<typeof gameVersionFormSchema>;

export function emptyGameVersionForm(gameId: string | null): GameVersionFormValues {
  return {
    gameId,
    versionNumber: '',
    jurisdictionIds: [],
    betSizes: [],
    supportsVouchers: false,
    supportsFeatureTriggerVouchers: false,
    properties: [],
    frontendUrl: '',
    backendUrl: '',
  };
}

/** A bet size as the user reads and types it: two decimals, the language's separator (0,10 / 0.10). */
function formatBetSize(size: number): string {
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return new Intl.NumberFormat(localeOf[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(size);
}

/** A stored version as form values (for editing it, or for a copy with a number of its own). */
export function gameVersionFormValues(version: GameVersion): GameVersionFormValues {
  return {
    gameId: version.gameId,
    versionNumber: version.versionNumber,
    jurisdictionIds: version.jurisdictions.map((jurisdiction) => jurisdiction.id),
    betSizes: version.betSizes.map(formatBetSize),
    supportsVouchers: version.supportsVouchers,
    supportsFeatureTriggerVouchers: version.supportsFeatureTriggerVouchers,
    properties: propertyRowsOf(version.properties),
    frontendUrl: version.frontendUrl,
    backendUrl: version.backendUrl,
  };
}

/** The game's required keys the rows leave unset or empty (as the server counts them). */
export function missingKeys(requiredKeys: readonly string[], rows: readonly PropertyRow[]): string[] {
  return requiredKeys.filter((key) => !rows.some((row) => row.key.trim() === key && row.value.trim()));
}
