import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { knownSignInAddresses, signInThrottle, users } from '../../db/schema/index';
import { describeEachEngine, type TestContext } from '../../test/app';
import {
  ACCOUNT_FAILURES_PER_HOUR,
  THROTTLE_WINDOW_MS,
  createSignInThrottle,
  delaySeconds,
  type SignInThrottle,
} from './sign-in-throttle';

/** One hour, written out so that a changed constant in the source is noticed. */
const HOUR_MS = 60 * 60 * 1000;
const START = new Date('2030-01-01T08:00:00.000Z');
const HOME = '198.51.100.7';
const OFFICE = '203.0.113.20';
const ATTACKER = '192.0.2.66';

/** A clock the test moves by hand. */
function testClock(start = START) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}

function helpers(ctx: () => TestContext) {
  const db = () => ctx().database.db;

  /** A throttle on the suite's database with its own clock, starting at START. */
  function throttleWithClock(): { throttle: SignInThrottle; clock: ReturnType<typeof testClock> } {
    const clock = testClock();
    return { throttle: createSignInThrottle(db(), clock.now), clock };
  }

  async function fail(throttle: SignInThrottle, times: number, email: string, address: string) {
    for (let i = 0; i < times; i++) await throttle.recordFailure(email, address);
  }

  /** A user with this e-mail (needed for known addresses, which belong to a user). */
  async function userWithEmail(email: string): Promise<string> {
    const username = `u-${randomUUID().slice(0, 8)}`;
    const [row] = await db()
      .insert(users)
      .values({ username, email, role: 'support' })
      .returning({ id: users.id });
    return row!.id;
  }

  async function row(key: string) {
    const [found] = await db().select().from(signInThrottle).where(eq(signInThrottle.key, key));
    return found;
  }

  async function keys(): Promise<string[]> {
    const rows = await db().select({ key: signInThrottle.key }).from(signInThrottle);
    return rows.map((r) => r.key).sort();
  }

  return { throttleWithClock, fail, userWithEmail, row, keys };
}

describe('delaySeconds', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
    [4, 1],
    [5, 2],
    [6, 4],
    [7, 8],
    [8, 16],
    [12, 256],
    [13, 512],
    [14, 900],
    [15, 900],
    [100, 900],
    [10_000, 900],
  ])('after failure %i of a pair (3 free) waits %i s', (failures, seconds) => {
    expect(delaySeconds(failures, 3)).toBe(seconds);
  });

  it.each([
    [20, 0],
    [21, 1],
    [22, 2],
    [23, 4],
    [30, 512],
    [31, 900],
  ])('after failure %i of an address (20 free) waits %i s', (failures, seconds) => {
    expect(delaySeconds(failures, 20)).toBe(seconds);
  });

  it('never waits longer than 15 minutes', () => {
    for (let failures = 0; failures < 200; failures++) {
      expect(delaySeconds(failures, 3)).toBeLessThanOrEqual(15 * 60);
    }
  });
});

describe('throttle constants', () => {
  it('counts failures per hour and caps an account at 100 failures an hour', () => {
    expect(THROTTLE_WINDOW_MS).toBe(HOUR_MS);
    expect(ACCOUNT_FAILURES_PER_HOUR).toBe(100);
  });
});

describeEachEngine('sign-in throttle', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const { db } = ctx().database;
    await db.delete(signInThrottle);
    await db.delete(knownSignInAddresses);
    await ctx().changeBehindTheApp(() => db.delete(users));
  });

  describe('one e-mail from one address (pair)', () => {
    it('allows the first attempts and the three free failures without any wait', async () => {
      const { throttle } = h.throttleWithClock();
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({ allowed: true });
      for (let i = 1; i <= 3; i++) {
        await throttle.recordFailure('victim@example.com', ATTACKER);
        expect(await throttle.check('victim@example.com', ATTACKER), `after failure ${i}`).toEqual({
          allowed: true,
        });
      }
    });

    it('blocks the pair for 1 s after the 4th failure, refusing until the clock passes it', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await h.fail(throttle, 4, 'victim@example.com', ATTACKER);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      clock.advance(999);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      clock.advance(1);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({ allowed: true });
    });

    it('blocks for 2 s after the 5th failure and 4 s after the 6th', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await h.fail(throttle, 4, 'victim@example.com', ATTACKER);
      clock.advance(1_000);
      await throttle.recordFailure('victim@example.com', ATTACKER);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 2,
      });
      clock.advance(1_500);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      clock.advance(500);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({ allowed: true });

      await throttle.recordFailure('victim@example.com', ATTACKER);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 4,
      });
    });

    it('caps the block at 15 minutes however many failures there are', async () => {
      const { throttle } = h.throttleWithClock();
      await h.fail(throttle, 20, 'victim@example.com', ATTACKER);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 900,
      });
      const stored = await h.row(`pair:victim@example.com|${ATTACKER}`);
      expect(stored?.failures).toBe(20);
      expect(stored?.blockedUntil?.getTime()).toBe(START.getTime() + 900_000);
    });

    it('counts the e-mail without regard to case and surrounding blanks', async () => {
      const { throttle } = h.throttleWithClock();
      await throttle.recordFailure('Victim@Example.com', ATTACKER);
      await throttle.recordFailure(' victim@EXAMPLE.com ', ATTACKER);
      await throttle.recordFailure('VICTIM@example.com', ATTACKER);
      await throttle.recordFailure('victim@example.com', ATTACKER);
      expect(await throttle.check('vIcTiM@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      expect(await h.keys()).toEqual([
        `account:victim@example.com`,
        `address:${ATTACKER}`,
        `pair:victim@example.com|${ATTACKER}`,
      ]);
    });

    it('does not block the same e-mail from another address (no lock-out of the owner elsewhere)', async () => {
      const { throttle } = h.throttleWithClock();
      await h.fail(throttle, 10, 'victim@example.com', ATTACKER);
      expect((await throttle.check('victim@example.com', ATTACKER)).allowed).toBe(false);
      expect(await throttle.check('victim@example.com', HOME)).toEqual({ allowed: true });
    });

    it('does not block another e-mail from the same address while the address is under its limit', async () => {
      const { throttle } = h.throttleWithClock();
      await h.fail(throttle, 10, 'victim@example.com', ATTACKER);
      expect(await throttle.check('colleague@example.com', ATTACKER)).toEqual({ allowed: true });
    });

    it('starts counting afresh once the hour window has passed', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await h.fail(throttle, 3, 'victim@example.com', ATTACKER);
      clock.advance(HOUR_MS + 1);
      await throttle.recordFailure('victim@example.com', ATTACKER);
      expect(await throttle.check('victim@example.com', ATTACKER)).toEqual({ allowed: true });
      expect((await h.row(`pair:victim@example.com|${ATTACKER}`))?.failures).toBe(1);
    });

    it('recordSuccess clears the pair delay at once', async () => {
      const { throttle } = h.throttleWithClock();
      const userId = await h.userWithEmail('victim@example.com');
      await h.fail(throttle, 6, 'victim@example.com', HOME);
      expect(await throttle.check('victim@example.com', HOME)).toEqual({
        allowed: false,
        retryAfterSeconds: 4,
      });
      await throttle.recordSuccess('victim@example.com', HOME, userId);
      expect(await throttle.check('victim@example.com', HOME)).toEqual({ allowed: true });
      expect(await h.row(`pair:victim@example.com|${HOME}`)).toBeUndefined();
      // The pair counts from zero again: three more free failures.
      await h.fail(throttle, 3, 'victim@example.com', HOME);
      expect(await throttle.check('victim@example.com', HOME)).toEqual({ allowed: true });
    });
  });

  describe('one address spraying many e-mails (address)', () => {
    it('allows 20 failures with different e-mails from one address', async () => {
      const { throttle } = h.throttleWithClock();
      for (let i = 0; i < 20; i++) await throttle.recordFailure(`user${i}@example.com`, ATTACKER);
      expect(await throttle.check('fresh@example.com', ATTACKER)).toEqual({ allowed: true });
    });

    it('blocks the address for 1 s after the 21st e-mail and 2 s after the 22nd, for any e-mail', async () => {
      const { throttle, clock } = h.throttleWithClock();
      for (let i = 0; i < 21; i++) await throttle.recordFailure(`user${i}@example.com`, ATTACKER);
      expect(await throttle.check('fresh@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      expect(await throttle.check('user0@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      clock.advance(1_000);
      expect(await throttle.check('fresh@example.com', ATTACKER)).toEqual({ allowed: true });
      await throttle.recordFailure('user21@example.com', ATTACKER);
      expect(await throttle.check('fresh@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 2,
      });
    });

    it('leaves the sprayed e-mails usable from other addresses', async () => {
      const { throttle } = h.throttleWithClock();
      for (let i = 0; i < 25; i++) await throttle.recordFailure(`user${i}@example.com`, ATTACKER);
      expect((await throttle.check('user3@example.com', ATTACKER)).allowed).toBe(false);
      expect(await throttle.check('user3@example.com', OFFICE)).toEqual({ allowed: true });
    });
  });

  describe('per-account cap of 100 failures an hour', () => {
    /** Fails the account `times` times, each from a different address (so no pair or address block). */
    async function failFromManyAddresses(throttle: SignInThrottle, times: number, email: string) {
      for (let i = 0; i < times; i++)
        await throttle.recordFailure(email, `10.0.${Math.floor(i / 250)}.${i % 250}`);
    }

    it('allows unknown addresses up to 99 failures', async () => {
      const { throttle } = h.throttleWithClock();
      await failFromManyAddresses(throttle, 99, 'owner@example.com');
      expect(await throttle.check('owner@example.com', ATTACKER)).toEqual({ allowed: true });
    });

    it('refuses unknown addresses after 100 failures until the hour window ends', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await h.userWithEmail('owner@example.com');
      await failFromManyAddresses(throttle, 100, 'owner@example.com');
      expect(await throttle.check('owner@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: HOUR_MS / 1000,
      });
      clock.advance(20 * 60_000);
      expect(await throttle.check('OWNER@example.com', OFFICE)).toEqual({
        allowed: false,
        retryAfterSeconds: 40 * 60,
      });
      // Other accounts are not affected.
      expect(await throttle.check('someone@example.com', ATTACKER)).toEqual({ allowed: true });
    });

    it('still allows an address from which the account signed in successfully before', async () => {
      const { throttle } = h.throttleWithClock();
      const userId = await h.userWithEmail('owner@example.com');
      await throttle.recordSuccess('owner@example.com', HOME, userId);
      await failFromManyAddresses(throttle, 120, 'owner@example.com');
      expect((await throttle.check('owner@example.com', ATTACKER)).allowed).toBe(false);
      expect(await throttle.check('owner@example.com', HOME)).toEqual({ allowed: true });
      expect(await throttle.check('Owner@Example.com', HOME)).toEqual({ allowed: true });
    });

    it('does not count an address known for another account as known for this one', async () => {
      const { throttle } = h.throttleWithClock();
      await h.userWithEmail('owner@example.com');
      const otherId = await h.userWithEmail('other@example.com');
      await throttle.recordSuccess('other@example.com', ATTACKER, otherId);
      await failFromManyAddresses(throttle, 100, 'owner@example.com');
      expect((await throttle.check('owner@example.com', ATTACKER)).allowed).toBe(false);
    });

    it('lifts the cap once the hour window has passed', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await failFromManyAddresses(throttle, 100, 'owner@example.com');
      expect((await throttle.check('owner@example.com', ATTACKER)).allowed).toBe(false);
      clock.advance(HOUR_MS - 1_000);
      expect(await throttle.check('owner@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      clock.advance(1_000);
      expect(await throttle.check('owner@example.com', ATTACKER)).toEqual({ allowed: true });
      clock.advance(1);
      // A failure in the new window starts the count at 1 again.
      await throttle.recordFailure('owner@example.com', ATTACKER);
      expect((await h.row('account:owner@example.com'))?.failures).toBe(1);
      expect(await throttle.check('owner@example.com', OFFICE)).toEqual({ allowed: true });
    });
  });

  describe('purge', () => {
    it('removes windows that started over two hours ago and keeps recent ones', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await h.fail(throttle, 5, 'old@example.com', ATTACKER);
      clock.advance(HOUR_MS);
      await throttle.recordFailure('recent@example.com', OFFICE);
      clock.advance(HOUR_MS + 10_000);

      await throttle.purge();
      expect(await h.keys()).toEqual([
        'account:recent@example.com',
        `address:${OFFICE}`,
        `pair:recent@example.com|${OFFICE}`,
      ]);
    });

    it('keeps an old window until its block has been over for two hours', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await h.fail(throttle, 20, 'old@example.com', ATTACKER);
      // The pair is blocked until START + 15 min; address and account carry no block.
      clock.advance(2 * HOUR_MS + 1_000);
      await throttle.purge();
      expect(await h.keys()).toEqual([`pair:old@example.com|${ATTACKER}`]);

      clock.set(new Date(START.getTime() + 2 * HOUR_MS + 900_000));
      await throttle.purge();
      expect(await h.keys()).toEqual([]);
    });

    it('keeps everything inside the last two hours', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await h.fail(throttle, 5, 'old@example.com', ATTACKER);
      clock.advance(2 * HOUR_MS - 1_000);
      await throttle.purge();
      expect(await h.keys()).toHaveLength(3);
    });

    it('leaves the throttle working after a purge', async () => {
      const { throttle, clock } = h.throttleWithClock();
      await h.fail(throttle, 5, 'old@example.com', ATTACKER);
      clock.advance(3 * HOUR_MS);
      await throttle.purge();
      expect(await h.keys()).toEqual([]);
      expect(await throttle.check('old@example.com', ATTACKER)).toEqual({ allowed: true });
      await h.fail(throttle, 4, 'old@example.com', ATTACKER);
      expect(await throttle.check('old@example.com', ATTACKER)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
    });
  });
});
