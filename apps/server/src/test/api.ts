/** Small assertions and constants shared by the route tests. */
import { LANGUAGE_COOKIE, type ErrorBody } from '@backoffice/contracts';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { gameProviders, games, gameStudios, gameVersions } from '../db/schema/index';
import { clearAuditTrail } from './databases';

/** A well-formed id that no record has. */
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** Headers that ask for English answers (German is the default). */
export const ENGLISH = { cookie: `${LANGUAGE_COOKIE}=en` };

type Answer = { statusCode: number; json: <T>() => T; body: string };

/** Asserts an error answer of the catalogue: status, code and a message. */
export function expectError(response: Answer, statusCode: number, code: ErrorBody['code']): ErrorBody {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json<ErrorBody>();
  expect(body.statusCode).toBe(statusCode);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  return body;
}

/** Empties the game catalogue and the audit trail, children first. */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.delete(gameVersions);
  await db.delete(games);
  await db.delete(gameStudios);
  await db.delete(gameProviders);
  await clearAuditTrail(db);
}
