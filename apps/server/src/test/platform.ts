/**
 * Fixtures for tests of platform data: the configuration rounds need (casinos bound to integrations,
 * games), an API key, and rounds built with sensible defaults. Rows are written directly, which is fast
 * and keeps these tests about the platform data; the configuration screens have their own tests.
 */
import {
  gameProviderApiNames,
  operatorApiNames,
  type IngestResult,
  type PlatformRound,
} from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  bridges,
  casinos,
  gameProviders,
  games,
  gameStudios,
  integrationApiKeys,
  integrationCasinos,
  integrations,
  jurisdictions,
} from '../db/schema/index';
import { generateApiKey } from '../modules/platform/api-keys';
import { repriceRollups } from '../modules/platform/rollups';
import { textArray } from '../lib/sql';

/** Persistence settings of an integration that keeps players, rounds and their details forever. */
export const KEEP_EVERYTHING = {
  persistPlayer: true,
  persistGameRound: true,
  saveGameRoundDetails: true,
  gameRoundTtlDays: null,
  loseDetailsTtlDays: null,
  winDetailsTtlDays: null,
  bigWinDetailsTtlDays: null,
};

export interface PlatformFixture {
  casinos: string[];
  /** Integration id → the casinos bound to it. */
  integrations: Record<string, string[]>;
  /** Game id → theoretical RTP in percent. */
  games: Record<string, number>;
}

/** Writes what is missing of the fixture (safe to call twice with overlapping fixtures). */
export async function seedPlatformFixture(db: Db, fixture: PlatformFixture): Promise<void> {
  const suffix = randomUUID().slice(0, 8);
  const [jurisdiction] = await db
    .insert(jurisdictions)
    .values({ name: `Fixture ${suffix}` })
    .returning({ id: jurisdictions.id });
  const [bridge] = await db
    .insert(bridges)
    .values({ name: `Fixture ${suffix}`, routerUrl: 'http://127.0.0.1:9', secret: 'fixture-secret' })
    .returning({ id: bridges.id });
  const [studio] = await db
    .insert(gameStudios)
    .values({ name: `Fixture ${suffix}` })
    .returning({ id: gameStudios.id });
  const providerId = `fixture-${suffix}`;
  await db
    .insert(gameProviders)
    .values({ id: providerId, name: `Fixture ${suffix}`, api: gameProviderApiNames[0] });
  await db
    .insert(casinos)
    .values(
      fixture.casinos.map((id) => ({
        id,
        name: `Casino ${id}`,
        bridgeId: bridge!.id,
        api: operatorApiNames[0],
        jurisdictionId: jurisdiction!.id,
      })),
    )
    .onConflictDoNothing();
  for (const [id, casinoIds] of Object.entries(fixture.integrations)) {
    await db
      .insert(integrations)
      .values({
        id,
        name: `Integration ${id}`,
        bridgeId: bridge!.id,
        persistence: KEEP_EVERYTHING,
      })
      .onConflictDoNothing();
    if (casinoIds.length > 0) {
      await db
        .insert(integrationCasinos)
        .values(casinoIds.map((casinoId) => ({ integrationId: id, casinoId })))
        .onConflictDoNothing();
    }
  }
  const gameRows = Object.entries(fixture.games).map(([gameId, rtp]) => ({
    gameId,
    name: `Game ${gameId}`,
    studioId: studio!.id,
    providerId,
    gameProviderGameId: gameId,
    theoreticalRtp: rtp,
    maxExposureFactor: 1000,
    minBetCents: 10,
  }));
  if (gameRows.length > 0) await db.insert(games).values(gameRows).onConflictDoNothing();
}

/** A new API key of the integration (the plain key, as the platform sends it). */
export async function apiKeyFor(db: Db, integrationId: string): Promise<string> {
  const { key, prefix, hash } = generateApiKey();
  await db.insert(integrationApiKeys).values({ integrationId, name: 'test', prefix, keyHash: hash });
  return key;
}

/** Sends rounds through the ingest API with the integration's key, as the platform does; expects 200. */
export async function postRounds(
  app: Pick<FastifyInstance, 'inject'>,
  key: string,
  rounds: object[],
): Promise<IngestResult> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/platform/v1/rounds',
    headers: { authorization: `Bearer ${key}` },
    payload: { rounds },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IngestResult>();
}

/** A completed round of 1.00 bet and no win, with whatever the test overrides. */
export function round(overrides: Partial<PlatformRound> & { roundId: string }): PlatformRound {
  const startedAt = overrides.startedAt ?? '2026-03-10T12:00:00.000Z';
  return {
    casinoId: 'casino-a',
    playerId: 'player-1',
    gameId: 'game-a',
    startedAt,
    updatedAt: overrides.updatedAt ?? startedAt,
    status: 'completed',
    currency: 'EUR',
    debit: 100,
    credit: 0,
    totalWin: 0,
    ...overrides,
  };
}

/** Sets the rate of a currency on a day and reprices the rollups, as master data does. */
export async function setRate(db: Db, day: string, currency: string, rateToEur: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into fx_rates (day, currency, rate_to_eur)
      values (${day}, ${currency}, ${rateToEur})
      on conflict (day, currency) do update set rate_to_eur = excluded.rate_to_eur`);
    await repriceRollups(tx, [{ day, currency }]);
  });
}

/**
 * Makes the pending support bookings of these rounds due now, as their back-off would in time: the retry
 * job then takes them on its next run.
 */
export async function makeBookingsDue(db: Db, roundIds: readonly string[]): Promise<void> {
  await db.execute(sql`update round_closures set next_attempt_at = now()
    where round_id = any(${textArray(roundIds)}) and state = 'pending' and next_attempt_at is not null`);
}
