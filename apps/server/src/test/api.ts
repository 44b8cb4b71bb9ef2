/** Small assertions and constants shared by the route tests. */
import {
  isRecordUsage,
  LANGUAGE_COOKIE,
  type ErrorBody,
  type ErrorDetail,
  type RecordUsage,
} from '@backoffice/contracts';
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

/** What uses the record, as an in-use answer (409) says it in its details. */
export function usageIn(body: ErrorBody | ErrorBody<ErrorDetail>): RecordUsage[] {
  return ((body as ErrorBody<ErrorDetail>).details ?? []).filter(isRecordUsage);
}

/** What a refused delete says uses the record, when the caller sees all of it: each record as [id, name]. */
export function usedByRecords(kind: RecordUsage['kind'], records: [string, string][]): RecordUsage {
  return {
    kind,
    count: records.length,
    records: records.map(([id, name]) => ({ id, name })),
    othersHidden: false,
  };
}

/** Empties the game catalogue and the audit trail, children first. */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.delete(gameVersions);
  await db.delete(games);
  await db.delete(gameStudios);
  await db.delete(gameProviders);
  await clearAuditTrail(db);
}

/** A studio, the internal provider `own` and its games alpha (Alpha Reels) and beta (Beta Gems). */
export async function seedAlphaAndBeta(db: Db): Promise<void> {
  const [studio] = await db.insert(gameStudios).values({ name: 'Studio' }).returning();
  await db.insert(gameProviders).values({ id: 'own', name: 'Own', api: 'internal' });
  const game = {
    studioId: studio!.id,
    providerId: 'own',
    theoreticalRtp: 96,
    maxExposureFactor: 1000,
    minBetCents: 10,
  };
  await db.insert(games).values([
    { ...game, gameId: 'alpha', name: 'Alpha Reels', gameProviderGameId: 'alpha' },
    { ...game, gameId: 'beta', name: 'Beta Gems', gameProviderGameId: 'beta' },
  ]);
}
