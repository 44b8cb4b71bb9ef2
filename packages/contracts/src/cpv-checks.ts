/**
 * Control program verification checks (GLI-19 §2.3.2, §B.2.6; architecture §7): a check compares the hash
 * of every component that runs the games with its allowed hashes and appends one result per component.
 * Components are each game version's frontend (`game:<gameId>@<versionNumber>`, hashed by the back office
 * from its frontend URL) and what each bridge reports through `GET /cpv/components` (named as reported).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSchema } from './lists';
import { rule, ruled } from './validation-messages';

export const cpvResults = ['pass', 'mismatch', 'unknown-component', 'unreachable'] as const;
export type CpvResult = (typeof cpvResults)[number];

/** game-version: a frontend the back office hashed itself; bridge: a hash a bridge reported. */
export const cpvSources = ['game-version', 'bridge'] as const;
export type CpvSource = (typeof cpvSources)[number];

export const cpvCheckStates = ['queued', 'running', 'finished', 'failed'] as const;
export type CpvCheckState = (typeof cpvCheckStates)[number];

export const cpvTriggers = ['schedule', 'manual'] as const;
export type CpvTrigger = (typeof cpvTriggers)[number];

/** The component name of a game version's frontend. */
export function cpvGameVersionComponent(gameId: string, versionNumber: string): string {
  return `game:${gameId}@${versionNumber}`;
}

/** What a check can be asked to check as a whole: a bridge, with everything it reports. */
export function cpvBridgeComponent(bridgeName: string): string {
  return `bridge:${bridgeName}`;
}

/** A frontend larger than this is not hashed (unreachable): a game's entry file is far smaller. */
export const CPV_MAX_FRONTEND_BYTES = 20 * 1024 * 1024;
/** The whole download of a frontend, until its last byte. */
export const CPV_FRONTEND_TIMEOUT_MS = 15_000;

/** How many results of each kind a check has so far. */
export const cpvResultCountsSchema = z.object({
  pass: z.number().int().min(0),
  mismatch: z.number().int().min(0),
  unknownComponent: z.number().int().min(0),
  unreachable: z.number().int().min(0),
});
export type CpvResultCounts = z.infer<typeof cpvResultCountsSchema>;

export const cpvCheckSchema = z
  .object({
    id: z.uuid(),
    trigger: z.enum(cpvTriggers),
    /** The user who asked for it; null for the schedule. */
    triggeredBy: z.string().nullable(),
    /** What was asked for; null: all components. */
    components: z.array(z.string()).nullable(),
    state: z.enum(cpvCheckStates),
    /** How many results the check will have; null until the bridges have said what they run. */
    total: z.number().int().min(0).nullable(),
    done: z.number().int().min(0),
    counts: cpvResultCountsSchema,
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CpvCheck' });
export type CpvCheck = z.infer<typeof cpvCheckSchema>;

export const cpvCheckListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type CpvCheckListQuery = z.infer<typeof cpvCheckListQuerySchema>;
export const cpvCheckPageSchema = pageSchema(cpvCheckSchema);

/** A component a check may be asked for: `game:<gameId>@<versionNumber>` or `bridge:<bridge name>`. */
export const cpvComponentSelectorSchema = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(ruled(/^(game|bridge):/, 'componentName'));

/** Starting a check: of the chosen components, or of all when none are given. */
export const cpvCheckInputSchema = z.object({
  components: z
    .array(cpvComponentSelectorSchema)
    .min(1)
    .max(1_000)
    .refine((list) => new Set(list).size === list.length, rule('unique'))
    .optional(),
});
export type CpvCheckInput = z.infer<typeof cpvCheckInputSchema>;

export const cpvCheckResultSchema = z
  .object({
    id: z.uuid(),
    checkId: z.uuid(),
    component: z.string(),
    source: z.enum(cpvSources),
    /** The component's allowed hashes when checked, comma-separated; null when it had none. */
    expectedHash: z.string().nullable(),
    /** What was found; null when nothing could be hashed. */
    actualHash: z.string().nullable(),
    result: z.enum(cpvResults),
    /** Where the hash came from and why a result is not a pass, in English. */
    detail: z.string().nullable(),
    checkedOn: z.iso.datetime(),
    trigger: z.enum(cpvTriggers),
    /** The user who asked for the check; null for the schedule. */
    triggeredBy: z.string().nullable(),
  })
  .meta({ id: 'CpvCheckResult' });
export type CpvCheckResult = z.infer<typeof cpvCheckResultSchema>;

export const cpvResultListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    /** Part of the component's name. */
    component: z.string().trim().min(1).max(300).optional(),
    result: z.enum(cpvResults).optional(),
    checkId: z.uuid().optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && Date.parse(query.to) < Date.parse(query.from)) {
      context.addIssue({ code: 'custom', path: ['to'], ...rule('notBeforeFrom') });
    }
  });
export type CpvResultListQuery = z.infer<typeof cpvResultListQuerySchema>;
export const cpvResultPageSchema = pageSchema(cpvCheckResultSchema);

/** Something a check can be asked for (the trigger screen's choice). */
export const cpvComponentSchema = z
  .object({
    /** `game:<gameId>@<versionNumber>` or `bridge:<bridge name>`. */
    component: z.string(),
    source: z.enum(cpvSources),
    /** The game's or the bridge's name. */
    name: z.string(),
    /** The frontend URL that is hashed, or the bridge's router URL that is asked. */
    url: z.string(),
    /** Whether the game version takes new rounds; null for bridges. */
    active: z.boolean().nullable(),
  })
  .meta({ id: 'CpvComponent' });
export type CpvComponent = z.infer<typeof cpvComponentSchema>;
export const cpvComponentListSchema = z.object({ items: z.array(cpvComponentSchema) });
export type CpvComponentList = z.infer<typeof cpvComponentListSchema>;
