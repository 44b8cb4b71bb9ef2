/**
 * Housekeeping: forgets expired sessions, identity-server artifacts and old sign-in throttle windows, and
 * creates the coming months' partitions of game rounds before their first round arrives.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { purgeExpiredSessions } from '../modules/auth/sessions.service';
import { purgeExpiredOidcPayloads } from '../modules/identity/oidc-adapter';
import { createSignInThrottle } from '../modules/identity/sign-in-throttle';
import { ensureComingPartitions } from '../modules/platform/partitions';

export const PURGE_INTERVAL_MS = 15 * 60 * 1000;

export async function purgeExpired(db: Db): Promise<void> {
  await purgeExpiredSessions(db);
  await purgeExpiredOidcPayloads(db);
  await createSignInThrottle(db).purge();
  await ensureComingPartitions(db);
}

/** Runs the purge now and then; every instance may run it, the deletes do not conflict. */
export function startPurgeJob(db: Db, log: FastifyBaseLogger): () => void {
  const run = () => purgeExpired(db).catch((error: unknown) => log.warn({ err: error }, 'purge failed'));
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
