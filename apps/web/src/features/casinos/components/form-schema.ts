/**
 * The casino form's values and their check: selects are `null` while empty, properties and each
 * provider's settings are key/value rows, option values carry their option's name and data type for the
 * input; all become the contract's shape (records, `{ optionId, value }`), and only the chosen operator
 * API's configuration is sent.
 */
import {
  casinoCreateSchema,
  codeIdSchema,
  integrationOptionDataTypes,
  isValidOptionValue,
  operatorApis,
  propertiesSchema,
  requireFirstApiField,
  type Casino,
  type CasinoCreate,
  type OperatorApi,
  type OperatorConfigInput,
} from '@backoffice/contracts';
import { z } from 'zod';
import { i18n } from '../../../i18n';
import {
  propertyRowsOf,
  propertyRowsSchema,
  required,
  withPatternMessage,
  type PropertyRow,
} from '../../../lib/form-schemas';

const fields = casinoCreateSchema.shape;

export type { PropertyRow };

/** The casino's settings at one game provider, as edited. */
export interface ProviderConfigRow {
  providerId: string | null;
  config: PropertyRow[];
}

/** One integration option's value, as edited (the option's name and type show with its input). */
export interface OptionValueRow {
  optionId: string;
  optionName: string;
  dataType: (typeof integrationOptionDataTypes)[number];
  value: string;
}

const providerConfigs = z
  .array(
    z.object({
      providerId: required(codeIdSchema),
      config: propertyRowsSchema.pipe(propertiesSchema),
    }),
  )
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.providerId)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'providerId'],
          message: i18n.t('casinos.providerConfigs.duplicate'),
          input: rows,
        });
      }
      seen.add(row.providerId);
    });
  })
  .pipe(fields.providerConfigs);

const optionValues = z
  .array(
    z.object({
      optionId: z.string(),
      optionName: z.string(),
      dataType: z.enum(integrationOptionDataTypes),
      value: z.string(),
    }),
  )
  .transform((rows, ctx) =>
    rows.map((row, index) => {
      if (!isValidOptionValue(row.dataType, row.value)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'value'],
          message: i18n.t(`casinos.options.invalid.${row.dataType}`),
          input: rows,
        });
      }
      return { optionId: row.optionId, value: row.value };
    }),
  )
  .pipe(fields.optionValues);

export const casinoFormSchema = z
  .object({
    id: withPatternMessage(fields.id, () => i18n.t('casinos.idPattern')),
    name: fields.name,
    bridgeId: required(fields.bridgeId),
    api: fields.api,
    config: fields.config,
    clearSecrets: fields.clearSecrets,
    jurisdictionId: required(fields.jurisdictionId),
    showGameLaunchPage: fields.showGameLaunchPage,
    cheatingAllowed: fields.cheatingAllowed,
    sendEventMessages: fields.sendEventMessages,
    gameRoundValidityPeriodDays: fields.gameRoundValidityPeriodDays,
    properties: propertyRowsSchema.pipe(fields.properties),
    providerConfigs,
    optionValues,
  })
  // The API's first field is asked for even while other fields still have errors.
  .superRefine(requireFirstApiField(operatorApis), { when: () => true }) satisfies z.ZodType<CasinoCreate>;

export type CasinoFormValues = z.input<typeof casinoFormSchema>;

export const DEFAULT_OPERATOR_API: OperatorApi = 'seamlessWallet';

export const emptyCasinoForm: CasinoFormValues = {
  id: '',
  name: '',
  bridgeId: null,
  api: DEFAULT_OPERATOR_API,
  config: {},
  clearSecrets: [],
  jurisdictionId: null,
  showGameLaunchPage: false,
  cheatingAllowed: false,
  sendEventMessages: false,
  gameRoundValidityPeriodDays: null,
  properties: [],
  providerConfigs: [],
  optionValues: [],
};

/** A stored casino as form values. */
export function casinoFormValues(casino: Casino): CasinoFormValues {
  return {
    id: casino.id,
    name: casino.name,
    bridgeId: casino.bridgeId,
    api: casino.api,
    config: casino.config,
    clearSecrets: [],
    jurisdictionId: casino.jurisdictionId,
    showGameLaunchPage: casino.showGameLaunchPage,
    cheatingAllowed: casino.cheatingAllowed,
    sendEventMessages: casino.sendEventMessages,
    gameRoundValidityPeriodDays: casino.gameRoundValidityPeriodDays,
    properties: propertyRowsOf(casino.properties),
    providerConfigs: casino.providerConfigs.map((row) => ({
      providerId: row.providerId,
      config: propertyRowsOf(row.config),
    })),
    optionValues: casino.optionValues.map((row) => ({
      optionId: row.optionId,
      optionName: row.optionName,
      dataType: z.enum(integrationOptionDataTypes).catch('text').parse(row.dataType),
      value: row.value,
    })),
  };
}

const fieldsOf = (api: OperatorApi) => new Set<string>(operatorApis[api]);

/** Keeps only the fields of `api`, so a hidden field of another API is never sent. */
export function configFor(api: OperatorApi, config: OperatorConfigInput): OperatorConfigInput {
  const kept = fieldsOf(api);
  return Object.fromEntries(Object.entries(config).filter(([field]) => kept.has(field)));
}

/** What the form sends: the chosen API's configuration, and only its secrets to remove. */
export function forApi(values: CasinoCreate): CasinoCreate {
  const kept = fieldsOf(values.api);
  return {
    ...values,
    config: configFor(values.api, values.config),
    clearSecrets: (values.clearSecrets ?? []).filter((field) => kept.has(field)),
  };
}
