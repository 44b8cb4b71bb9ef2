/** Shared rules of configuration writes: unique-name violations and versioned (optimistic) writes. */
import type { ErrorCode } from '@backoffice/contracts';
import { isUniqueViolation } from '../db/errors';
import { AppError } from './app-error';

/**
 * Runs a write and turns a violation of one of the named unique constraints into its catalogue error.
 * Catching the database's own violation (not checking first) keeps concurrent creates exact.
 */
export async function withUniqueErrors<T>(
  write: () => Promise<T>,
  constraints: Record<string, ErrorCode>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (const [constraint, code] of Object.entries(constraints)) {
      if (isUniqueViolation(error, constraint)) throw new AppError(code);
    }
    throw error;
  }
}

/** The record a versioned write needs: it must exist and still be at the version the client read. */
export function assertCurrent<T extends { version: number }>(
  current: T | undefined,
  expectedVersion: number,
): T {
  if (!current) throw new AppError('RECORD_NOT_FOUND');
  if (current.version !== expectedVersion) throw new AppError('STALE_VERSION');
  return current;
}
