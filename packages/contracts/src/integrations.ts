/**
 * Integrations: how game launches of a platform connection reach casinos. Rules route a launch by its
 * parameters (currency, country, jurisdiction) to one of the bound casinos, first match wins, else the
 * default casino; each rule test is a sample launch with the casino it must reach, and an integration is
 * saved only while all its tests pass.
 */
import { z } from 'zod';
import { codeIdSchema, optionalHttpUrlSchema, propertiesSchema } from './catalogue-ids';
import { validityPeriodSchema } from './casinos';
import { pendingDeliverySchema } from './delivery';
import { typedCurrencyCodeSchema } from './currencies';
import { listQuerySchema, pageSchema, recordMetaSchema, sortOrderSchema, versionField } from './lists';
import { rule as ruleOf, ruled } from './validation-messages';

export const INTEGRATION_NAME_MAX = 100;
export const RULES_MAX = 200;
export const TTL_MAX_DAYS = 3650;

export const integrationIdSchema = codeIdSchema;

const currency = typedCurrencyCodeSchema;
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(ruled(/^[A-Z]{2}$/, 'countryCode'));

/** The launch parameters rules look at. */
export const launchParametersSchema = z.object({
  currency: currency.optional(),
  country: country.optional(),
  jurisdictionId: z.uuid().optional(),
});
export type LaunchParameters = z.infer<typeof launchParametersSchema>;

/** A rule matches a launch when each of its non-empty lists contains the launch's value. */
export const routingRuleSchema = z.object({
  name: z.string().trim().min(1).max(100),
  currencies: z.array(currency).max(200),
  countries: z.array(country).max(300),
  jurisdictionIds: z.array(z.uuid()).max(100),
  casinoId: codeIdSchema,
});
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const ruleTestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  launch: launchParametersSchema,
  /** The casino the launch must reach; null: no casino (refused). */
  expectedCasinoId: codeIdSchema.nullable(),
});
export type RuleTest = z.infer<typeof ruleTestSchema>;

function listMatches(list: readonly string[], value: string | undefined): boolean {
  return list.length === 0 || (value !== undefined && list.includes(value));
}

/** Where a launch goes: the casino of the first matching rule, else the default casino (or none). */
export function routeLaunch(
  rules: readonly RoutingRule[],
  defaultCasinoId: string | null,
  launch: LaunchParameters,
): { casinoId: string | null; ruleIndex: number | null } {
  const index = rules.findIndex(
    (rule) =>
      listMatches(rule.currencies, launch.currency) &&
      listMatches(rule.countries, launch.country) &&
      listMatches(rule.jurisdictionIds, launch.jurisdictionId),
  );
  return index >= 0
    ? { casinoId: rules[index]!.casinoId, ruleIndex: index }
    : { casinoId: defaultCasinoId, ruleIndex: null };
}

export interface RuleTestResult {
  index: number;
  name: string;
  expectedCasinoId: string | null;
  actualCasinoId: string | null;
  ruleIndex: number | null;
  passed: boolean;
}

/** Runs every test against the rules: the screen shows these, the server refuses to save on a failure. */
export function runRuleTests(
  rules: readonly RoutingRule[],
  defaultCasinoId: string | null,
  tests: readonly RuleTest[],
): RuleTestResult[] {
  return tests.map((test, index) => {
    const routed = routeLaunch(rules, defaultCasinoId, test.launch);
    return {
      index,
      name: test.name,
      expectedCasinoId: test.expectedCasinoId,
      actualCasinoId: routed.casinoId,
      ruleIndex: routed.ruleIndex,
      passed: routed.casinoId === test.expectedCasinoId,
    };
  });
}

const ttlDays = z.number().int().min(1).max(TTL_MAX_DAYS).nullable();

/** What the platform keeps of this integration's play; a TTL of null keeps forever (spec §3). */
export const persistenceSchema = z.object({
  persistPlayer: z.boolean(),
  persistGameRound: z.boolean(),
  saveGameRoundDetails: z.boolean(),
  gameRoundTtlDays: ttlDays,
  loseDetailsTtlDays: ttlDays,
  winDetailsTtlDays: ttlDays,
  bigWinDetailsTtlDays: ttlDays,
});
export type Persistence = z.infer<typeof persistenceSchema>;

const integrationFields = z.object({
  name: z.string().trim().min(1).max(INTEGRATION_NAME_MAX),
  bridgeId: z.uuid(),
  gameClientIntegrationUrl: optionalHttpUrlSchema,
  /** The casinos launches may be routed to. */
  casinoIds: z
    .array(codeIdSchema)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, ruleOf('unique')),
  defaultCasinoId: codeIdSchema.nullable(),
  gameRoundValidityPeriodDays: validityPeriodSchema,
  properties: propertiesSchema,
  persistence: persistenceSchema,
  rules: z.array(routingRuleSchema).max(RULES_MAX),
  ruleTests: z.array(ruleTestSchema).max(RULES_MAX),
});

/** Rules, tests and the default may only name bound casinos. */
function boundCasinosOnly(value: z.infer<typeof integrationFields>, ctx: z.RefinementCtx): void {
  const bound = new Set(value.casinoIds);
  if (value.defaultCasinoId !== null && !bound.has(value.defaultCasinoId)) {
    ctx.addIssue({ code: 'custom', path: ['defaultCasinoId'], ...ruleOf('defaultCasinoBound') });
  }
  value.rules.forEach((rule, index) => {
    if (!bound.has(rule.casinoId)) {
      ctx.addIssue({ code: 'custom', path: ['rules', index, 'casinoId'], ...ruleOf('boundCasino') });
    }
  });
  value.ruleTests.forEach((test, index) => {
    if (test.expectedCasinoId !== null && !bound.has(test.expectedCasinoId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ruleTests', index, 'expectedCasinoId'],
        ...ruleOf('boundCasino'),
      });
    }
  });
}

export const integrationCreateSchema = integrationFields
  .extend({ id: integrationIdSchema })
  .superRefine(boundCasinosOnly);
export type IntegrationCreate = z.infer<typeof integrationCreateSchema>;

export const integrationUpdateSchema = integrationFields.extend(versionField).superRefine(boundCasinosOnly);
export type IntegrationUpdate = z.infer<typeof integrationUpdateSchema>;

export const pushResultSchema = z.object({
  pushedAt: z.iso.datetime(),
  /** The configuration version the bridge confirmed. */
  configurationVersion: z.number().int(),
  receivedAt: z.string(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

export const integrationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bridgeId: z.string(),
    bridgeName: z.string(),
    gameClientIntegrationUrl: z.string(),
    casinoIds: z.array(z.string()),
    defaultCasinoId: z.string().nullable(),
    gameRoundValidityPeriodDays: z.number().int().nullable(),
    properties: z.record(z.string(), z.string()),
    persistence: persistenceSchema,
    rules: z.array(routingRuleSchema),
    ruleTests: z.array(ruleTestSchema),
    active: z.boolean(),
    gameCount: z.number().int(),
    /** When the configuration was last pushed to the bridge, and what the bridge answered. */
    lastPush: pushResultSchema.nullable(),
    /**
     * An activation change not yet confirmed by the bridge (issue 18): since when it waits, how many
     * pushes of it failed, and the last one's error code; null when none waits.
     */
    pendingDelivery: pendingDeliverySchema.nullable(),
    /**
     * Whether the bridge confirmed the document a push would send now (issue 18); false while a change
     * of the integration, its casinos, games or inherited defaults has not reached it, or nothing has.
     */
    inSync: z.boolean(),
  })
  .extend(recordMetaSchema.shape)
  .meta({ id: 'Integration' });
export type Integration = z.infer<typeof integrationSchema>;

export const integrationSortFields = ['id', 'name', 'active', 'updatedAt'] as const;
export type IntegrationSortField = (typeof integrationSortFields)[number];
export const integrationListQuerySchema = listQuerySchema(integrationSortFields, 'id').extend({
  active: z.enum(['true', 'false']).optional(),
  bridgeId: z.uuid().optional(),
});
export type IntegrationListQuery = z.infer<typeof integrationListQuerySchema>;
export const integrationPageSchema = pageSchema(integrationSchema);

/** Who or what started a push: a user on the push screen, or the back office after a change. */
export const pushTriggers = ['manual', 'automatic'] as const;
export type PushTrigger = (typeof pushTriggers)[number];
/** A push is pending from before the bridge is called until it answers; then confirmed or failed. */
export const pushOutcomes = ['pending', 'confirmed', 'failed'] as const;
export type PushOutcome = (typeof pushOutcomes)[number];

/** One field of the configuration document that differs between two documents (dotted path). */
export const documentChangeSchema = z.object({
  path: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type DocumentChange = z.infer<typeof documentChangeSchema>;

/** One push of an integration's configuration to its bridge, as the push history lists it. */
export const pushEntrySchema = z
  .object({
    id: z.uuid(),
    integrationId: z.string(),
    /** The configuration version sent: one version is always one and the same document. */
    configurationVersion: z.number().int(),
    /** SHA-256 of the document without its version (hex). */
    digest: z.string(),
    trigger: z.enum(pushTriggers),
    /** The user who pushed (manual pushes); null for the back office's own. */
    actorName: z.string().nullable(),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    outcome: z.enum(pushOutcomes),
    /** When the bridge says it received the document (its answer), for a confirmed push. */
    receivedAt: z.string().nullable(),
    /** The error code of a failed push (the catalogue's: BRIDGE_UNREACHABLE, BRIDGE_TIMEOUT, …). */
    error: z.string().nullable(),
    /** The fields that differ from the document of the push before it (empty for the first). */
    changes: z.array(documentChangeSchema),
  })
  .meta({ id: 'PushEntry' });
export type PushEntry = z.infer<typeof pushEntrySchema>;

/** A push with the document it sent. */
export const pushDetailSchema = pushEntrySchema.extend({ document: z.record(z.string(), z.unknown()) });
export type PushDetail = z.infer<typeof pushDetailSchema>;

/** The history, newest first by default. */
export const pushHistoryQuerySchema = listQuerySchema(['startedAt'] as const, 'startedAt').extend({
  order: sortOrderSchema.default('desc'),
});
export type PushHistoryQuery = z.infer<typeof pushHistoryQuerySchema>;
export const pushHistoryPageSchema = pageSchema(pushEntrySchema);

/**
 * What a push sends: the integration's configuration document as the bridge receives it, the document
 * the bridge last confirmed, and the fields in which the two differ.
 */
export const pushPreviewSchema = z.object({
  integrationId: z.string(),
  bridge: z.object({ id: z.string(), name: z.string(), routerUrl: z.string() }),
  document: z.record(z.string(), z.unknown()),
  /** The last push the bridge confirmed (its version and digest), or null when none was. */
  delivered: z
    .object({ configurationVersion: z.number().int(), digest: z.string(), pushedAt: z.iso.datetime() })
    .nullable(),
  /** Whether the bridge holds the current document. */
  inSync: z.boolean(),
  /** The fields of the current document that differ from the delivered one (all of them without one). */
  changes: z.array(documentChangeSchema),
});
export type PushPreview = z.infer<typeof pushPreviewSchema>;
/** A push is made at the version read, so what was shown is what is sent. */
export const pushRequestSchema = z.object({ version: z.number().int().min(1) });
