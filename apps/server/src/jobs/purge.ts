/**
 * Housekeeping: forgets expired sessions, identity-server artifacts, old sign-in throttle windows and the
 * notes of finished report data changes (report-cache.ts), and creates the coming months' partitions of
 * game rounds before their first round arrives. It runs as the job `housekeeping` (jobs/product-jobs.ts)
 * every 15 minutes, once across all instances.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { purgeExpiredSessions } from '../modules/auth/sessions.service';
import { purgeExpiredOidcPayloads } from '../modules/identity/oidc-adapter';
import { createSignInThrottle } from '../modules/identity/sign-in-throttle';
import { ensureComingPartitions } from '../modules/platform/partitions';
import { pruneReportDataChanges } from '../modules/reports/report-cache';

export async function purgeExpired(db: Db): Promise<void> {
  await purgeExpiredSessions(db);
  await pruneReportDataChanges(db);
  await purgeExpiredOidcPayloads(db);
  await createSignInThrottle(db).purge();
  await ensureComingPartitions(db);
  // The jobs screen shows recent runs; three months of them are plenty.
  await db.execute(sql`delete from job_runs where started_at < now() - interval '90 days'`);
}
