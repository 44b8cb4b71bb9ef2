/**
 * Delivery of configuration changes that must not wait for a human (issue 18, spec §4): activating or
 * deactivating a casino, an integration or a game within one asks, in the change's own transaction, for
 * every affected integration's document to be pushed (`requestDelivery…`, the outbox). The job
 * `config-delivery` (the job engine: one run at a time across instances) pushes each due integration's
 * current document, retrying with back-off while the bridge is unreachable; it is started right after
 * such a change and every minute. A delivery not confirmed within the set time raises an alert for admins
 * and developers and records a significant event, once per pending delivery.
 *
 * Order: one run at a time, and each push sends the document as it is when sent, so an earlier change
 * never arrives after a later one. A change made while its integration's push is on the way raises the
 * request's revision; the push then clears only the revision it read, and the next run delivers the rest.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts, integrationCasinos, integrationDeliveries } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createSignificantEventsRepository } from '../significant-events/significant-events.repository';

export const CONFIG_DELIVERY_JOB = 'config-delivery';
export const CONFIG_NOT_DELIVERED_ALERT = 'config-not-delivered';
/** The component significant events of overdue deliveries name. */
export const CONFIG_DELIVERY_EVENT_COMPONENT = 'backoffice:config-delivery';
/** Waits before the next attempt after 1, 2, 3, … failed ones (the last repeats). */
export const DELIVERY_RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;

const significantEvents = createSignificantEventsRepository();

/** Asks for the integrations' documents to be delivered (in the transaction of the change). */
export async function requestDelivery(tx: Db, integrationIds: readonly string[]): Promise<void> {
  if (integrationIds.length === 0) return;
  await tx
    .insert(integrationDeliveries)
    .values(integrationIds.map((integrationId) => ({ integrationId })))
    .onConflictDoUpdate({
      target: integrationDeliveries.integrationId,
      // Pending since the oldest change not delivered; tried again at once.
      set: {
        revision: sql`${integrationDeliveries.revision} + 1`,
        nextAttemptAt: sql`now()`,
      },
    });
}

/** Asks for the documents of every integration the casino is bound to. */
export async function requestDeliveryForCasino(tx: Db, casinoId: string): Promise<void> {
  const bound = await tx
    .select({ id: integrationCasinos.integrationId })
    .from(integrationCasinos)
    .where(eq(integrationCasinos.casinoId, casinoId));
  await requestDelivery(
    tx,
    bound.map((row) => row.id),
  );
}

/**
 * What a service calls after committing a change that asked for a delivery: starts the delivery job now
 * rather than at its next minute. The app points it at its job engine; without one it does nothing (the
 * requests wait in the outbox).
 */
export interface DeliveryKicker {
  kick(): void;
}

export const NO_KICKER: DeliveryKicker = { kick() {} };

export interface ConfigDeliveryOptions {
  /** Pushes the integration's current document (trigger "automatic"); throws what the bridge answered. */
  deliver: (integrationId: string) => Promise<unknown>;
  /** A delivery pending longer raises an alert and a significant event (default 120 s). */
  alertAfterMs?: number;
  /** Deliveries one run takes at most (the next run the rest). */
  batch?: number;
}

/** One run of the delivery job: alerts for overdue deliveries, then every due delivery in turn. */
export async function runConfigDelivery(
  db: Db,
  { deliver, alertAfterMs = 120_000, batch = 50 }: ConfigDeliveryOptions,
): Promise<{ delivered: number; failed: number; alerted: number; nextInMs: number | null }> {
  const alerted = await alertOverdue(db, alertAfterMs);
  const due = await db
    .select({
      id: integrationDeliveries.integrationId,
      revision: integrationDeliveries.revision,
      attempts: integrationDeliveries.attempts,
    })
    .from(integrationDeliveries)
    .where(lte(integrationDeliveries.nextAttemptAt, sql`now()`))
    .orderBy(asc(integrationDeliveries.requestedAt), asc(integrationDeliveries.integrationId))
    .limit(batch);
  let delivered = 0;
  let failed = 0;
  for (const { id, revision, attempts } of due) {
    try {
      await deliver(id);
      // Only the revision read: a change made meanwhile stays pending for the next run.
      await db
        .delete(integrationDeliveries)
        .where(
          and(eq(integrationDeliveries.integrationId, id), eq(integrationDeliveries.revision, revision)),
        );
      delivered++;
    } catch (error) {
      // A deleted integration has nothing left to deliver.
      if (error instanceof AppError && error.code === 'INTEGRATION_NOT_FOUND') {
        await db.delete(integrationDeliveries).where(eq(integrationDeliveries.integrationId, id));
        continue;
      }
      failed++;
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      await db
        .update(integrationDeliveries)
        .set({
          attempts: sql`${integrationDeliveries.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelayMs(attempts) / 1000}::double precision)`,
          lastError: code,
        })
        .where(eq(integrationDeliveries.integrationId, id));
    }
  }
  const [next] = await db
    .select({
      inMs: sql<number>`greatest(0, extract(epoch from min(${integrationDeliveries.nextAttemptAt}) - now()) * 1000)::float8`,
    })
    .from(integrationDeliveries);
  return { delivered, failed, alerted, nextInMs: next?.inMs ?? null };
}

/** The wait before the next attempt after `attempts` earlier failed ones. */
export function retryDelayMs(attempts: number): number {
  return DELIVERY_RETRY_DELAYS_MS[Math.min(attempts, DELIVERY_RETRY_DELAYS_MS.length - 1)]!;
}

/** Raises one alert and one significant event for each delivery pending longer than `afterMs`. */
async function alertOverdue(db: Db, afterMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const overdue = await tx
      .update(integrationDeliveries)
      .set({ alertedAt: sql`now()` })
      .where(
        and(
          isNull(integrationDeliveries.alertedAt),
          lte(
            integrationDeliveries.requestedAt,
            sql`now() - make_interval(secs => ${afterMs / 1000}::double precision)`,
          ),
        ),
      )
      .returning();
    for (const delivery of overdue) {
      const facts =
        `The configuration of integration ${delivery.integrationId} has not reached its bridge since ` +
        `${delivery.requestedAt.toISOString()} (${delivery.attempts} attempts` +
        (delivery.lastError ? `, last error ${delivery.lastError}` : '') +
        '). Players may still be sent to a configuration that is no longer valid.';
      await tx.insert(alerts).values({
        kind: CONFIG_NOT_DELIVERED_ALERT,
        subject: delivery.integrationId,
        message: facts,
        details: {
          integrationId: delivery.integrationId,
          pendingSince: delivery.requestedAt.toISOString(),
          attempts: delivery.attempts,
          lastError: delivery.lastError,
        },
      });
      await significantEvents.insert(tx, {
        happenedAt: new Date().toISOString(),
        reason: facts,
        component: CONFIG_DELIVERY_EVENT_COMPONENT,
        userName: null,
        beforeValue: null,
        afterValue: null,
        casinoId: null,
        createdBy: null,
        createdByName: null,
      });
    }
    return overdue.length;
  });
}
