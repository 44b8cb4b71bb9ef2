/** Casino integration options: named settings of a data type that every casino can give a value. */
import { isCurrencyCode } from './currencies';
import { z } from 'zod';
import { listQuerySchema, pageSchema, recordMetaSchema, versionField } from './lists';

export const INTEGRATION_OPTION_NAME_MAX = 100;
export const integrationOptionDataTypes = [
  'text',
  'number',
  'boolean',
  'date',
  'duration',
  'currency',
] as const;
export type IntegrationOptionDataType = (typeof integrationOptionDataTypes)[number];

export const integrationOptionIdSchema = z.uuid();

const integrationOptionFields = z.object({
  name: z.string().trim().min(1).max(INTEGRATION_OPTION_NAME_MAX),
  dataType: z.enum(integrationOptionDataTypes),
});

export const integrationOptionSchema = z
  .object({
    id: integrationOptionIdSchema,
    name: z.string(),
    dataType: z.enum(integrationOptionDataTypes),
    /** How many casinos give the option a value (an option in use cannot be deleted). */
    casinoCount: z.number().int(),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'IntegrationOption' });
export type IntegrationOption = z.infer<typeof integrationOptionSchema>;

export const integrationOptionCreateSchema = integrationOptionFields;
export type IntegrationOptionCreate = z.infer<typeof integrationOptionCreateSchema>;
export const integrationOptionUpdateSchema = integrationOptionFields.extend(versionField);
export type IntegrationOptionUpdate = z.infer<typeof integrationOptionUpdateSchema>;

export const integrationOptionSortFields = ['name', 'dataType', 'updatedAt'] as const;
export type IntegrationOptionSortField = (typeof integrationOptionSortFields)[number];
export const integrationOptionListQuerySchema = listQuerySchema(integrationOptionSortFields, 'name');
export type IntegrationOptionListQuery = z.infer<typeof integrationOptionListQuerySchema>;
export const integrationOptionPageSchema = pageSchema(integrationOptionSchema);

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The value formats of each data type — the formats the spec's form inputs emit (§3): a number with a
 * dot, `true`/`false`, `yyyy-MM-dd`, an ISO 8601 duration `PT{h}H{m}M` (optional leading minus), and a
 * currency amount "EUR 12.50".
 */
export const optionValueRules: Record<IntegrationOptionDataType, (value: string) => boolean> = {
  text: (value) => value.length <= 2000,
  number: (value) => /^-?\d{1,15}(\.\d{1,10})?$/.test(value),
  boolean: (value) => value === 'true' || value === 'false',
  date: isCalendarDate,
  duration: (value) => /^-?PT\d{1,4}H\d{1,2}M$/.test(value) && Number(/H(\d+)M/.exec(value)![1]) < 60,
  currency: (value) => /^[A-Z]{3} \d{1,12}(\.\d{1,4})?$/.test(value) && isCurrencyCode(value.slice(0, 3)),
};

export function isValidOptionValue(dataType: IntegrationOptionDataType, value: string): boolean {
  return optionValueRules[dataType](value);
}
