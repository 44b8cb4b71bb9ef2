/**
 * What uses a record that cannot be deleted (issue 17): the `details` of an in-use answer (409), so that
 * the refusal can say "Used by 3 game versions and 1 casino." and link to them.
 */
import { z } from 'zod';

/** The kinds of records that can keep another from being deleted. */
export const usageKinds = ['gameVersions', 'casinos', 'integrations', 'games'] as const;
export type UsageKind = (typeof usageKinds)[number];

/** At most this many of each kind are named to link to; the count says how many there are. */
export const USAGE_NAMED_MAX = 5;

export const recordUsageSchema = z
  .object({
    kind: z.enum(usageKinds),
    /** How many the caller may see. */
    count: z.number().int().min(0),
    /** Some of those (up to USAGE_NAMED_MAX), by name. */
    records: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Whether records outside the caller's scope use it too: said, never counted or named. */
    othersHidden: z.boolean(),
  })
  .meta({ id: 'RecordUsage' });
export type RecordUsage = z.infer<typeof recordUsageSchema>;

/** A field-level problem of a VALIDATION_FAILED (or an import's) answer. */
export const fieldProblemSchema = z.object({ path: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof fieldProblemSchema>;

/** The `details` of an error answer: the problems of its fields, or what uses the record. */
export const errorDetailSchema = z.union([fieldProblemSchema, recordUsageSchema]);
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export function isRecordUsage(detail: ErrorDetail): detail is RecordUsage {
  return 'kind' in detail;
}
