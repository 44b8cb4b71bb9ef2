/**
 * The automatic retries of pending bookings (architecture §7): now and then, the closes whose next retry
 * is due are sent again with their key. Every instance may run this: each attempt is claimed under a row
 * lock, and a booking sent twice with the same key is booked once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ClosuresService } from '../modules/support/closures.service';

export const CLOSE_RETRY_INTERVAL_MS = 5_000;

export function startCloseRetries(
  closures: ClosuresService,
  log: FastifyBaseLogger,
  intervalMs = CLOSE_RETRY_INTERVAL_MS,
): () => void {
  let running = false;
  const run = () => {
    // One round at a time: a slow bridge must not pile up overlapping runs.
    if (running) return;
    running = true;
    closures
      .retryDue()
      .catch((error: unknown) => log.warn({ err: error }, 'automatic booking retries failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
