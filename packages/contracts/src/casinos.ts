/**
 * Casinos (operators): the operator API and its configuration (decision 015 names the APIs; secrets are
 * write-only as for game providers), the bridge, jurisdiction, flags, per-provider settings, integration
 * option values, and the games assigned to the casino, each active or inactive.
 */
import { z } from 'zod';
import { apiConfigInputSchema, requireFirstApiField } from './api-config';
import { codeIdSchema, propertiesSchema } from './catalogue-ids';
import { pendingDeliverySchema } from './delivery';
import { listQuerySchema, pageSchema, recordMetaSchema, versionField } from './lists';
import { rule } from './validation-messages';

export const CASINO_NAME_MAX = 100;
/** Days; the same bounds for casinos, integrations and the global default. */
export const VALIDITY_PERIOD_MAX_DAYS = 3650;

export const operatorConfigFields = [
  'apiUrl',
  'secret',
  'key',
  'username',
  'password',
  'operatorId',
  'clientId',
  'token',
  'privateKey',
  'publicKey',
  'amqpUrl',
  'operatorSecret',
  'serviceUsername',
  'servicePassword',
  'currency',
  'locale',
] as const;
export type OperatorConfigField = (typeof operatorConfigFields)[number];

export const operatorSecretFields = [
  'secret',
  'key',
  'password',
  'token',
  'privateKey',
  'operatorSecret',
  'servicePassword',
] as const satisfies readonly OperatorConfigField[];
export type OperatorSecretField = (typeof operatorSecretFields)[number];

export const operatorUrlFields = ['apiUrl'] as const satisfies readonly OperatorConfigField[];

export function isOperatorSecretField(field: string): field is OperatorSecretField {
  return (operatorSecretFields as readonly string[]).includes(field);
}

/** The fields of each operator API; the first field of an API is required. */
export const operatorApis = {
  seamlessWallet: ['apiUrl', 'secret', 'operatorId', 'currency', 'locale'],
  transferWallet: ['apiUrl', 'username', 'password', 'key', 'currency'],
  oauthWallet: ['apiUrl', 'clientId', 'token', 'operatorSecret', 'locale'],
  signedWallet: ['apiUrl', 'privateKey', 'publicKey', 'operatorId'],
  amqpWallet: ['amqpUrl', 'serviceUsername', 'servicePassword', 'operatorId'],
} as const satisfies Record<string, readonly OperatorConfigField[]>;
export type OperatorApi = keyof typeof operatorApis;
export const operatorApiNames = Object.keys(operatorApis) as [OperatorApi, ...OperatorApi[]];

export const operatorConfigInputSchema = apiConfigInputSchema(operatorConfigFields, operatorUrlFields);
export type OperatorConfigInput = z.infer<typeof operatorConfigInputSchema>;

export const casinoIdSchema = codeIdSchema;

export const validityPeriodSchema = z.number().int().min(1).max(VALIDITY_PERIOD_MAX_DAYS).nullable();

const providerConfig = z.object({
  providerId: codeIdSchema,
  /** Settings of this casino at that provider (e.g. its account there). */
  config: propertiesSchema,
});

const optionValue = z.object({ optionId: z.uuid(), value: z.string().trim().max(2000) });

const uniqueBy =
  <T>(key: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map(key)).size === items.length;

const casinoFields = z.object({
  name: z.string().trim().min(1).max(CASINO_NAME_MAX),
  bridgeId: z.uuid(),
  api: z.enum(operatorApiNames),
  config: operatorConfigInputSchema,
  /** Operator secrets to remove (leaving a secret empty keeps it). */
  clearSecrets: z.array(z.enum(operatorSecretFields)).max(operatorSecretFields.length).optional(),
  jurisdictionId: z.uuid(),
  showGameLaunchPage: z.boolean(),
  cheatingAllowed: z.boolean(),
  sendEventMessages: z.boolean(),
  /** Days until an open round is auto-refunded; null uses the global default (master data). */
  gameRoundValidityPeriodDays: validityPeriodSchema,
  properties: propertiesSchema,
  providerConfigs: z
    .array(providerConfig)
    .max(100)
    .refine(
      uniqueBy((item: { providerId: string }) => item.providerId),
      rule('onePerProvider'),
    ),
  optionValues: z
    .array(optionValue)
    .max(200)
    .refine(
      uniqueBy((item: { optionId: string }) => item.optionId),
      rule('onePerOption'),
    ),
});

const requireFirstField = requireFirstApiField(operatorApis);

export const casinoCreateSchema = casinoFields.extend({ id: casinoIdSchema }).superRefine(requireFirstField);
export type CasinoCreate = z.infer<typeof casinoCreateSchema>;

/** The id is the casino's key (rounds, users' scopes and integrations refer to it): it cannot change. */
export const casinoUpdateSchema = casinoFields.extend(versionField).superRefine(requireFirstField);
export type CasinoUpdate = z.infer<typeof casinoUpdateSchema>;

export const casinoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bridgeId: z.string(),
    bridgeName: z.string(),
    api: z.enum(operatorApiNames),
    /** The non-secret operator API fields that are set. */
    config: z.record(z.string(), z.string()),
    /** The operator secrets that hold a value (shown masked). */
    secretsSet: z.array(z.enum(operatorSecretFields)),
    jurisdictionId: z.string(),
    jurisdictionName: z.string(),
    showGameLaunchPage: z.boolean(),
    cheatingAllowed: z.boolean(),
    sendEventMessages: z.boolean(),
    gameRoundValidityPeriodDays: z.number().int().nullable(),
    properties: z.record(z.string(), z.string()),
    providerConfigs: z.array(
      z.object({
        providerId: z.string(),
        providerName: z.string(),
        config: z.record(z.string(), z.string()),
      }),
    ),
    optionValues: z.array(
      z.object({ optionId: z.string(), optionName: z.string(), dataType: z.string(), value: z.string() }),
    ),
    active: z.boolean(),
    gameCount: z.number().int(),
    /** The integrations the casino is bound to. */
    integrationIds: z.array(z.string()),
    /**
     * The oldest activation change that has not reached the bridge of one of these integrations yet
     * (issue 18); null when every one has confirmed it.
     */
    pendingDelivery: pendingDeliverySchema.nullable(),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'Casino' });
export type Casino = z.infer<typeof casinoSchema>;

export const casinoSortFields = ['id', 'name', 'active', 'updatedAt'] as const;
export type CasinoSortField = (typeof casinoSortFields)[number];
export const casinoListQuerySchema = listQuerySchema(casinoSortFields, 'id').extend({
  active: z.enum(['true', 'false']).optional(),
  bridgeId: z.uuid().optional(),
  jurisdictionId: z.uuid().optional(),
});
export type CasinoListQuery = z.infer<typeof casinoListQuerySchema>;
/**
 * A casino as a list shows it: what identifies and places it, without its configuration (operator
 * settings, provider settings, option values, bindings), which only its own screen needs.
 */
export const casinoListItemSchema = casinoSchema
  .pick({
    id: true,
    name: true,
    bridgeId: true,
    bridgeName: true,
    api: true,
    jurisdictionId: true,
    jurisdictionName: true,
    active: true,
    gameCount: true,
    version: true,
    createdAt: true,
    updatedAt: true,
  })
  .meta({ id: 'CasinoListItem' });
export type CasinoListItem = z.infer<typeof casinoListItemSchema>;
export const casinoPageSchema = pageSchema(casinoListItemSchema);

/** Activating or deactivating, at the version read (spec §4: behind the typed confirmation). */
export const activationSchema = z.object({ active: z.boolean(), version: z.number().int().min(1) });
export type Activation = z.infer<typeof activationSchema>;

/** A game assigned to a casino or an integration, active or not. */
export const assignedGameSchema = z
  .object({
    gameId: z.string(),
    gameName: z.string(),
    active: z.boolean(),
    assignedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AssignedGame' });
export type AssignedGame = z.infer<typeof assignedGameSchema>;

export const assignedGameSortFields = ['gameId', 'gameName', 'active', 'assignedAt'] as const;
export const assignedGameListQuerySchema = listQuerySchema(assignedGameSortFields, 'gameId').extend({
  active: z.enum(['true', 'false']).optional(),
});
export type AssignedGameListQuery = z.infer<typeof assignedGameListQuerySchema>;
export const assignedGamePageSchema = pageSchema(assignedGameSchema);

/** New games start inactive unless said otherwise: no player reaches them before they are switched on. */
export const assignGameSchema = z.object({ gameId: codeIdSchema, active: z.boolean().default(false) });
export type AssignGame = z.infer<typeof assignGameSchema>;
export const gameActivationSchema = z.object({ active: z.boolean() });
