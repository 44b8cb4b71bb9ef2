/**
 * Game providers and the APIs through which the platform talks to them. The spec names the configuration
 * fields but not which API uses which (decision 014): each API below lists the fields that apply to it;
 * a field of another API is refused ("config not applicable to the API"). Secret fields are write-only.
 */
import { z } from 'zod';
import { apiConfigInputSchema, requireFirstApiField } from './api-config';
import { codeIdSchema } from './catalogue-ids';
import { listQuerySchema, pageSchema, recordMetaSchema, versionField } from './lists';

export const GAME_PROVIDER_NAME_MAX = 100;

export const providerConfigFields = [
  'apiUrl',
  'apiSecret',
  'operatorId',
  'frontendUrl',
  'backendUrl',
  'historyUrl',
  'salt',
  'nodeId',
  'apiKey',
  'casinoName',
  'key1',
  'key2',
  'freeSpinsOperatorId',
  'freeSpinsPassword',
  'boAdmin',
  'boPassword',
  'casinoCockpitUrl',
  'callerPassword',
  'callerId',
] as const;
export type ProviderConfigField = (typeof providerConfigFields)[number];

/** Never sent back to the browser: the API answers only whether each one is set. */
export const providerSecretFields = [
  'apiSecret',
  'salt',
  'apiKey',
  'key1',
  'key2',
  'freeSpinsPassword',
  'boPassword',
  'callerPassword',
] as const satisfies readonly ProviderConfigField[];
export type ProviderSecretField = (typeof providerSecretFields)[number];

export const providerUrlFields = [
  'apiUrl',
  'frontendUrl',
  'backendUrl',
  'historyUrl',
  'casinoCockpitUrl',
] as const satisfies readonly ProviderConfigField[];

export function isProviderSecretField(field: string): field is ProviderSecretField {
  return (providerSecretFields as readonly string[]).includes(field);
}

/** The fields of each API; the first field of an API is required. */
export const gameProviderApis = {
  /** Games that run on our own platform: nothing to configure. */
  internal: [],
  relax: [
    'apiUrl',
    'apiSecret',
    'operatorId',
    'frontendUrl',
    'historyUrl',
    'freeSpinsOperatorId',
    'freeSpinsPassword',
  ],
  rgsNode: ['apiUrl', 'nodeId', 'salt', 'frontendUrl', 'backendUrl', 'historyUrl'],
  apiKey: ['apiUrl', 'apiKey', 'casinoName', 'key1', 'key2', 'operatorId'],
  cockpit: ['casinoCockpitUrl', 'boAdmin', 'boPassword', 'callerId', 'callerPassword'],
} as const satisfies Record<string, readonly ProviderConfigField[]>;
export type GameProviderApi = keyof typeof gameProviderApis;
export const gameProviderApiNames = Object.keys(gameProviderApis) as [GameProviderApi, ...GameProviderApi[]];

export function providerFieldsOf(api: GameProviderApi): readonly ProviderConfigField[] {
  return gameProviderApis[api];
}

/** A configuration as entered: any known field; an empty value means "not set" (for secrets: "keep"). */
export const providerConfigInputSchema = apiConfigInputSchema(providerConfigFields, providerUrlFields);
export type ProviderConfigInput = z.infer<typeof providerConfigInputSchema>;

export const gameProviderIdSchema = codeIdSchema;

const gameProviderFields = z.object({
  name: z.string().trim().min(1).max(GAME_PROVIDER_NAME_MAX),
  api: z.enum(gameProviderApiNames),
  config: providerConfigInputSchema,
  /** Secrets to remove (leaving a secret empty keeps it). */
  clearSecrets: z.array(z.enum(providerSecretFields)).max(providerSecretFields.length).optional(),
});

export const gameProviderSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    api: z.enum(gameProviderApiNames),
    /** The non-secret fields that are set. */
    config: z.record(z.string(), z.string()),
    /** The secret fields that hold a value (shown masked). */
    secretsSet: z.array(z.enum(providerSecretFields)),
    gameCount: z.number().int(),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'GameProvider' });
export type GameProvider = z.infer<typeof gameProviderSchema>;

const requireFirstField = requireFirstApiField(gameProviderApis);

export const gameProviderCreateSchema = gameProviderFields
  .extend({ id: gameProviderIdSchema })
  .superRefine(requireFirstField);
export type GameProviderCreate = z.infer<typeof gameProviderCreateSchema>;

export const gameProviderUpdateSchema = gameProviderFields
  .extend(versionField)
  .superRefine(requireFirstField);
export type GameProviderUpdate = z.infer<typeof gameProviderUpdateSchema>;

export const gameProviderSortFields = ['id', 'name', 'api', 'updatedAt'] as const;
export type GameProviderSortField = (typeof gameProviderSortFields)[number];
export const gameProviderListQuerySchema = listQuerySchema(gameProviderSortFields, 'name');
export type GameProviderListQuery = z.infer<typeof gameProviderListQuerySchema>;
export const gameProviderPageSchema = pageSchema(gameProviderSchema);
