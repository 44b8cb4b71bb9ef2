/**
 * Scoping (architecture §2): a user limited to some casinos and integrations sees and touches nothing
 * else. Services take the principal's scope and use these helpers in every query and action; admins are
 * never limited.
 *
 * What a scope grants (decisions 012, 017 and 021), the same in every route:
 * - Configuration: its casinos and its integrations. A casino answered does not name the integrations
 *   outside the scope; an integration answered names the casinos it serves (its own configuration).
 * - Platform data (rounds, players, figures): a row of one of its casinos OR of one of its integrations.
 *   An integration so opens its traffic in every casino it serves, and those casinos may be named (the
 *   user form says so). A casino opens the rounds of every integration serving it — a round shows the id
 *   of the integration it came through — but names none of them: named integrations are the scope's.
 * - The audit trail: entries of its casinos and integrations and of what belongs to neither; entries
 *   about staff (users, sign-ins) only for user administrators.
 */
import type { ErrorCode } from '@backoffice/contracts';
import { inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { AppError } from './app-error';

export type Scope =
  { unlimited: true } | { unlimited: false; casinoIds: readonly string[]; integrationIds: readonly string[] };

export const UNLIMITED: Scope = { unlimited: true };

function condition(ids: readonly string[], column: Column): SQL {
  return ids.length === 0 ? sql`false` : inArray(column, [...ids]);
}

/** A WHERE condition limiting rows to the scope's casinos; undefined when unlimited. */
export function casinoScopeCondition(scope: Scope, column: Column): SQL | undefined {
  return scope.unlimited ? undefined : condition(scope.casinoIds, column);
}

/** A WHERE condition limiting rows to the scope's integrations; undefined when unlimited. */
export function integrationScopeCondition(scope: Scope, column: Column): SQL | undefined {
  return scope.unlimited ? undefined : condition(scope.integrationIds, column);
}

export function casinoInScope(scope: Scope, casinoId: string): boolean {
  return scope.unlimited || scope.casinoIds.includes(casinoId);
}

export function integrationInScope(scope: Scope, integrationId: string): boolean {
  return scope.unlimited || scope.integrationIds.includes(integrationId);
}

/**
 * Refuses an action on something outside the scope. It answers as if the thing did not exist, so that
 * scoped users cannot learn which other casinos or integrations there are.
 */
export function assertInScope(scope: Scope, target: { casinoId?: string; integrationId?: string }): void {
  if (target.casinoId !== undefined && !casinoInScope(scope, target.casinoId))
    throw new OutOfScope('RECORD_NOT_FOUND', { type: 'casino', id: target.casinoId });
  if (target.integrationId !== undefined && !integrationInScope(scope, target.integrationId)) {
    throw new OutOfScope('RECORD_NOT_FOUND', { type: 'integration', id: target.integrationId });
  }
}

/**
 * A refusal because the record lies outside the caller's scope: it answers its not-found code, as if the
 * record did not exist, and is recorded as denied access with the record it names (GLI-19 §2.8.8 (a),
 * plugins/access-denials.ts).
 */
export class OutOfScope extends AppError {
  constructor(
    code: ErrorCode,
    readonly record: { type: string; id: string },
  ) {
    super(code);
  }
}

/**
 * The refusal of a record a scoped query did not find: OutOfScope when it exists beyond the scope (asked
 * only then, one small query on the not-found path of a limited user), otherwise the plain not-found.
 */
export async function notFoundIn(
  scope: Scope,
  code: ErrorCode,
  record: { type: string; id: string },
  existsAnywhere: () => Promise<unknown>,
): Promise<AppError> {
  if (!scope.unlimited && (await existsAnywhere())) return new OutOfScope(code, record);
  return new AppError(code);
}
