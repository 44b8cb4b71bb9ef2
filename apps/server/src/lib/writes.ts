/** Shared rules of configuration writes: constraint violations and versioned (optimistic) writes. */
import type { ErrorCode, RecordUsage } from '@backoffice/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { AppError } from './app-error';

/**
 * Runs a write and turns a violation of one of the named unique or foreign-key constraints into its
 * catalogue error. Catching the database's own violation (not checking first) keeps concurrent writes exact.
 */
export async function withConstraintErrors<T>(
  write: () => Promise<T>,
  constraints: Record<string, ErrorCode>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = violatedConstraint(error, constraints, isUniqueViolation, isForeignKeyViolation);
    if (code) throw new AppError(code);
    throw error;
  }
}

/** The catalogue error of the first of `constraints` that `error` violates in one of the given ways. */
function violatedConstraint(
  error: unknown,
  constraints: Record<string, ErrorCode>,
  ...violations: ((error: unknown, constraint: string) => boolean)[]
): ErrorCode | undefined {
  for (const [constraint, code] of Object.entries(constraints)) {
    if (violations.some((violates) => violates(error, constraint))) return code;
  }
  return undefined;
}

/**
 * A delete that other records may refuse by referring to the deleted one. It runs in a savepoint of the
 * transaction `tx`: when a foreign key named in `constraints` refuses it (the database is the judge, also of
 * a reference added a moment ago), the savepoint is rolled back and the transaction — still usable — counts
 * what uses the record (`usage`), which the constraint's catalogue error carries in its `details`.
 */
export async function deleteUnlessUsed<T>(
  tx: Db,
  remove: (savepoint: Db) => Promise<T>,
  constraints: Record<string, ErrorCode>,
  usage: () => Promise<RecordUsage[]>,
): Promise<T> {
  try {
    return await tx.transaction(remove);
  } catch (error) {
    const code = violatedConstraint(error, constraints, isForeignKeyViolation);
    if (!code) throw error;
    throw new AppError(code, await usage());
  }
}

/** The record a versioned write needs: it must exist and still be at the version the client read. */
export function assertCurrent<T extends { version: number }>(
  current: T | undefined,
  expectedVersion: number,
  notFound: ErrorCode = 'RECORD_NOT_FOUND',
): T {
  if (!current) throw new AppError(notFound);
  if (current.version !== expectedVersion) throw new AppError('STALE_VERSION');
  return current;
}

/** The columns a versioned update sets besides its own: the next version and the time of the change. */
export function nextVersion(version: PgColumn): { version: SQL; updatedAt: SQL } {
  return { version: sql`${version} + 1`, updatedAt: sql`now()` };
}

/**
 * A versioned change: reads the current state (which must be at `expectedVersion`), then writes only if
 * the stored version is still that one — a concurrent writer in between gets STALE_VERSION, not a lost update.
 */
export async function changeVersioned<T extends { version: number }, R = T>(
  find: () => Promise<T | undefined>,
  expectedVersion: number,
  write: (before: T) => Promise<R | undefined>,
  notFound: ErrorCode = 'RECORD_NOT_FOUND',
): Promise<{ before: T; after: R }> {
  const before = assertCurrent(await find(), expectedVersion, notFound);
  const after = await write(before);
  if (after === undefined) throw new AppError('STALE_VERSION');
  return { before, after };
}
