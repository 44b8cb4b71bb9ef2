/**
 * Sign-in throttling (issue 3, §8). Failures are counted per hour under three keys:
 * - `pair:<email>|<address>`: progressive delay after 3 failures — one place guessing one account;
 * - `address:<address>`: progressive delay after 20 failures — one place spraying many accounts;
 * - `account:<email>`: at most 100 failures an hour; beyond that only addresses from which the account
 *   signed in before may still try, so an attacker elsewhere cannot lock the owner out.
 * A delay is enforced by refusing attempts until `blocked_until`, never by holding a connection.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownSignInAddresses, signInThrottle, users } from '../../db/schema/index';

export const THROTTLE_WINDOW_MS = 60 * 60 * 1000;
export const ACCOUNT_FAILURES_PER_HOUR = 100;
const FREE_FAILURES = { pair: 3, address: 20 } as const;
const MAX_DELAY_SECONDS = 15 * 60;

/** Seconds to wait after the n-th failure: none for the free ones, then 1, 2, 4, … up to 15 minutes. */
export function delaySeconds(failures: number, free: number): number {
  return failures <= free ? 0 : Math.min(2 ** (failures - free - 1), MAX_DELAY_SECONDS);
}

const keys = (email: string, address: string) => {
  const account = email.trim().toLowerCase();
  return { pair: `pair:${account}|${address}`, address: `address:${address}`, account: `account:${account}` };
};

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createSignInThrottle(db: Db, now: () => Date = () => new Date()) {
  async function countFailure(key: string, free: number | undefined): Promise<void> {
    const windowStart = new Date(now().getTime() - THROTTLE_WINDOW_MS);
    const [row] = await db
      .insert(signInThrottle)
      .values({ key, failures: 1, windowStartedAt: now() })
      .onConflictDoUpdate({
        target: signInThrottle.key,
        set: {
          failures: sql`case when ${signInThrottle.windowStartedAt} < ${windowStart} then 1 else ${signInThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${signInThrottle.windowStartedAt} < ${windowStart} then ${now()} else ${signInThrottle.windowStartedAt} end`,
        },
      })
      .returning({ failures: signInThrottle.failures });
    if (free === undefined || !row) return;
    const delay = delaySeconds(row.failures, free);
    if (delay > 0) {
      await db
        .update(signInThrottle)
        .set({ blockedUntil: new Date(now().getTime() + delay * 1000) })
        .where(eq(signInThrottle.key, key));
    }
  }

  async function isKnownAddress(email: string, address: string): Promise<boolean> {
    const [row] = await db
      .select({ address: knownSignInAddresses.address })
      .from(knownSignInAddresses)
      .innerJoin(users, eq(users.id, knownSignInAddresses.userId))
      .where(
        and(
          eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
          eq(knownSignInAddresses.address, address),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  return {
    async check(email: string, address: string): Promise<ThrottleVerdict> {
      const k = keys(email, address);
      const current = now();
      const rows = await db
        .select()
        .from(signInThrottle)
        .where(sql`${signInThrottle.key} in (${k.pair}, ${k.address}, ${k.account})`);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const waits = [k.pair, k.address].map((key) => {
        const until = byKey.get(key)?.blockedUntil;
        return until && until > current ? Math.ceil((until.getTime() - current.getTime()) / 1000) : 0;
      });
      const account = byKey.get(k.account);
      const windowOpen =
        account && current.getTime() - account.windowStartedAt.getTime() < THROTTLE_WINDOW_MS;
      if (
        windowOpen &&
        account.failures >= ACCOUNT_FAILURES_PER_HOUR &&
        !(await isKnownAddress(email, address))
      ) {
        const windowEnds = account.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
        waits.push(Math.ceil((windowEnds - current.getTime()) / 1000));
      }
      const wait = Math.max(...waits);
      return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
    },

    async recordFailure(email: string, address: string): Promise<void> {
      const k = keys(email, address);
      await countFailure(k.pair, FREE_FAILURES.pair);
      await countFailure(k.address, FREE_FAILURES.address);
      await countFailure(k.account, undefined);
    },

    async recordSuccess(email: string, address: string, userId: string): Promise<void> {
      await db.delete(signInThrottle).where(eq(signInThrottle.key, keys(email, address).pair));
      await db
        .insert(knownSignInAddresses)
        .values({ userId, address })
        .onConflictDoUpdate({
          target: [knownSignInAddresses.userId, knownSignInAddresses.address],
          set: { lastSignInAt: now() },
        });
    },

    /** Forgets windows that ended long ago; run now and then. */
    async purge(): Promise<void> {
      const cutoff = new Date(now().getTime() - 2 * THROTTLE_WINDOW_MS);
      await db
        .delete(signInThrottle)
        .where(
          and(
            sql`${signInThrottle.windowStartedAt} < ${cutoff}`,
            sql`coalesce(${signInThrottle.blockedUntil}, ${cutoff}) <= ${cutoff}`,
          ),
        );
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
