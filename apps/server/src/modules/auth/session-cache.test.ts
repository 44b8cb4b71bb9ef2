/**
 * Sessions held in memory (decision 030): two instances of the server on one database, as behind a load
 * balancer. What one instance ends or changes, the other refuses by the time the first has answered;
 * while an instance cannot hear the database's announcements it serves nothing from memory.
 */
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { LISTENER_NAME } from '../../db/client';
import { auditEntries, sessions, users } from '../../db/schema/index';
import { signInTo } from '../../test/app';
import { testEngines, type TestDatabase } from '../../test/databases';
import { unannounced, waitForListeners, withTwoInstances } from '../../test/instances';
import { createSessionCache, SESSION_CHANNEL } from './session-cache';

const ROUNDS = 10;

for (const engine of testEngines) {
  describe(`sessions held in memory [${engine}]`, () => {
    const instances = withTwoInstances(engine);
    const { as } = instances;
    let database: TestDatabase;
    let first: App;
    let second: App;
    beforeAll(() => {
      ({ database, first, second } = instances);
    });
    const account = (app: App, headers: Record<string, string>) =>
      as(app, headers, { method: 'GET', url: '/api/account' });

    it('serves a session from memory once it was read (the database is not asked again)', async () => {
      const user = await signInTo(database, 'visitor');
      // The sign-in's own announcements (written straight to the database) are heard before it is read.
      await second.settleSessions();
      expect((await account(second, user.headers)).statusCode).toBe(200);
      // Changed without announcement (triggers off for this connection's transaction): only an instance
      // that still asks the database would notice.
      await unannounced(database, (tx) => tx.delete(sessions).where(eq(sessions.userId, user.userId)));
      expect((await account(second, user.headers)).statusCode).toBe(200);
      // Any announcement about the user drops it.
      await database.db.update(users).set({ firstName: 'Changed' }).where(eq(users.id, user.userId));
      await second.settleSessions();
      expect((await account(second, user.headers)).statusCode).toBe(401);
    });

    it('refuses at once on the other instance a session ended by signing out', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const user = await signInTo(database, 'visitor');
        expect((await account(second, user.headers)).statusCode).toBe(200);
        expect((await account(first, user.headers)).statusCode).toBe(200);
        const out = await as(first, user.headers, { method: 'POST', url: '/auth/logout' });
        expect(out.statusCode, out.body).toBe(200);
        expect((await account(second, user.headers)).statusCode).toBe(401);
        expect((await account(first, user.headers)).statusCode).toBe(401);
      }
    });

    it('refuses at once on the other instance the sessions of a user deactivated or re-scoped', async () => {
      const admin = await signInTo(database, 'admin');
      for (let round = 0; round < ROUNDS; round++) {
        const user = await signInTo(database, 'support', { casinoIds: ['casino-1'] });
        const before = await account(second, user.headers);
        expect(before.json<{ casinoIds: string[] }>().casinoIds).toEqual(['casino-1']);
        const stored = (
          await as(first, admin.headers, { method: 'GET', url: `/api/users/${user.userId}` })
        ).json<Record<string, unknown>>();
        const { username, email, firstName, lastName, role, integrationIds, version } = stored;
        const change = (body: Record<string, unknown>) =>
          as(first, admin.headers, {
            method: 'PUT',
            url: `/api/users/${user.userId}`,
            payload: { username, email, firstName, lastName, role, integrationIds, ...body },
          });
        if (round % 2 === 0) {
          const changed = await change({ active: true, casinoIds: ['casino-2'], version });
          expect(changed.statusCode, changed.body).toBe(200);
          const after = await account(second, user.headers);
          expect(after.json<{ casinoIds: string[] }>().casinoIds).toEqual(['casino-2']);
        } else {
          const changed = await change({ active: false, casinoIds: ['casino-1'], version });
          expect(changed.statusCode, changed.body).toBe(200);
          expect((await account(second, user.headers)).statusCode).toBe(401);
        }
      }
    });

    it('waits for the other instances only after a write that announced a session change', async () => {
      const admin = await signInTo(database, 'admin');
      const user = await signInTo(database, 'visitor');
      await first.settleSessions();
      // The syncs that settling sends, heard on a connection that is not an instance (none waits for it).
      const syncs: string[] = [];
      const stopHearing = await hearSyncs(syncs);
      try {
        let markers = 0;
        const syncsAfter = async (write: () => Promise<{ statusCode: number; body: string }>) => {
          const before = syncs.length;
          const answer = await write();
          expect(answer.statusCode, answer.body).toBeLessThan(300);
          // Announcements arrive in commit order: once a marker sent after the write is heard, so is
          // every sync the write sent (an acknowledgement nobody waits for: instances ignore it).
          const marker = `ack:marker-${++markers}`;
          await database.db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${marker})`);
          for (let wait = 0; !syncs.includes(marker); wait++) {
            if (wait === 200) throw new Error('the marker was not heard');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          return syncs.slice(before).filter((payload) => payload.startsWith('sync:')).length;
        };
        const event = await syncsAfter(() =>
          as(first, admin.headers, {
            method: 'POST',
            url: '/api/significant-events',
            payload: { happenedAt: '2026-01-01T12:00:00Z', reason: 'Nothing about sessions' },
          }),
        );
        // PostgreSQL tells the writer what its statements announced; PGlite does not, so every write settles.
        expect(event).toBe(engine === 'postgres' ? 0 : 1);
        // A configuration write announces (kept answers, 0020): it settles before it answers.
        const configuration = await syncsAfter(() =>
          as(first, admin.headers, {
            method: 'POST',
            url: '/api/jurisdictions',
            payload: { name: 'Announced before it answers' },
          }),
        );
        expect(configuration).toBe(1);
        const signOut = await syncsAfter(() =>
          as(first, user.headers, { method: 'POST', url: '/auth/logout' }),
        );
        expect(signOut).toBe(1);
        expect((await account(second, user.headers)).statusCode).toBe(401);
      } finally {
        await stopHearing();
      }
    });

    async function hearSyncs(syncs: string[]): Promise<() => Promise<void>> {
      const hear = (payload: string | undefined) => {
        if (payload?.startsWith('sync:') || payload?.startsWith('ack:marker-')) syncs.push(payload);
      };
      if (database.jobStore.kind === 'postgres') {
        const client = new pg.Client({ connectionString: database.jobStore.url });
        await client.connect();
        client.on('notification', (notification) => hear(notification.payload));
        await client.query(`LISTEN "${SESSION_CHANNEL}"`);
        return () => client.end();
      }
      const heard = database.subscribe(SESSION_CHANNEL, { message: hear, up: () => {}, down: () => {} });
      return () => heard.close();
    }

    it('does not keep what the database answered while a change was announced', async () => {
      const cache = createSessionCache<{ id: string; userId: string }>({
        database,
        log: { warn: () => {} } as never,
      });
      try {
        const row = { id: 'session', userId: 'user' };
        // Nothing is held until the cache listens.
        for (let attempt = 0; attempt < 200 && !cache.lookup('held'); attempt++) {
          cache.remember('held', row, cache.generation());
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(cache.lookup('held')).toEqual(row);
        const asked = cache.generation();
        // An announcement arrives while the database is being asked.
        await database.db.execute(sql`select pg_notify('bo_session_changes', 'u:someone-else')`);
        await cache.settle();
        cache.remember('late', row, asked);
        expect(cache.lookup('late')).toBeUndefined();
        await database.db.execute(sql`select pg_notify('bo_session_changes', 's:session')`);
        await cache.settle();
        expect(cache.lookup('held')).toBeUndefined();
      } finally {
        await cache.close();
      }
    });

    it('drops what an announcement names, and only that', async () => {
      const cache = createSessionCache<{ id: string; userId: string }>({
        database,
        log: { warn: () => {} } as never,
      });
      try {
        const held = {
          a1: { id: 'session-a1', userId: 'user-a' },
          a2: { id: 'session-a2', userId: 'user-a' },
          b1: { id: 'session-b1', userId: 'user-b' },
          c1: { id: 'session-c1', userId: 'user-c' },
        };
        const holdAll = async () => {
          for (let attempt = 0; attempt < 200 && !cache.lookup('c1'); attempt++) {
            for (const [hash, row] of Object.entries(held)) cache.remember(hash, row, cache.generation());
            if (!cache.lookup('c1')) await new Promise((resolve) => setTimeout(resolve, 10));
          }
        };
        const stillHeld = () => Object.keys(held).filter((hash) => cache.lookup(hash) !== undefined);
        const announce = async (payload: string) => {
          await database.db.execute(sql`select pg_notify('bo_session_changes', ${payload})`);
          await cache.settle();
        };
        await holdAll();
        expect(stillHeld()).toEqual(['a1', 'a2', 'b1', 'c1']);
        await announce('s:session-b1');
        expect(stillHeld()).toEqual(['a1', 'a2', 'c1']);
        await announce('u:user-a');
        expect(stillHeld()).toEqual(['c1']);
        // Held again under the same token: the old entry's place in the indexes goes with it.
        cache.remember('c1', { id: 'session-c1', userId: 'user-a' }, cache.generation());
        await announce('u:user-c');
        expect(stillHeld()).toEqual(['c1']);
        await announce('u:user-a');
        expect(stillHeld()).toEqual([]);
        await holdAll();
        await announce('*');
        expect(stillHeld()).toEqual([]);
      } finally {
        await cache.close();
      }
    });

    if (engine === 'postgres') {
      it('serves nothing from memory while its listening connection is lost, and again once it is back', async () => {
        const user = await signInTo(database, 'visitor');
        expect((await account(second, user.headers)).statusCode).toBe(200);
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = ${LISTENER_NAME}`,
        );
        // Whatever is changed now is not heard; nothing held may be served.
        await unannounced(database, (tx) => tx.delete(sessions).where(eq(sessions.userId, user.userId)));
        for (let attempt = 0; attempt < 50; attempt++) {
          const answer = await account(second, user.headers);
          if (answer.statusCode === 401) break;
          // The instance has not yet seen its connection end: only until it does.
          expect(attempt).toBeLessThan(49);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect((await account(second, user.headers)).statusCode).toBe(401);
        // Both listen again, with back-off: sessions are held again and ended sessions still refused.
        await waitForListeners(database, 2);
        const again = await signInTo(database, 'visitor');
        expect((await account(second, again.headers)).statusCode).toBe(200);
        const out = await as(first, again.headers, { method: 'POST', url: '/auth/logout' });
        expect(out.statusCode).toBe(200);
        expect((await account(second, again.headers)).statusCode).toBe(401);
      });

      it('answers a change whose connections are cut while it settles, and never serves what it ended', async () => {
        // Cuts every connection of the pools (not the listeners, not its own) a moment after a sign-out
        // starts: sometimes during its write, sometimes during the settle that follows the commit.
        const cutPools = () =>
          database.db
            .execute(
              sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()
                  and application_name is distinct from ${LISTENER_NAME}`,
            )
            .catch(() => undefined);
        /** A pooled connection cut while idle fails the one request that takes it next (503). */
        const accountAfterCut = async (app: App, headers: Record<string, string>) => {
          for (let attempt = 0; ; attempt++) {
            const { statusCode } = await account(app, headers);
            if (statusCode !== 503 || attempt === 3) return statusCode;
          }
        };
        const answered = new Map<number, number>();
        for (let round = 0; round < 2 * ROUNDS; round++) {
          const user = await signInTo(database, 'visitor');
          expect((await account(second, user.headers)).statusCode).toBe(200);
          const [out] = await Promise.all([
            as(first, user.headers, { method: 'POST', url: '/auth/logout' }),
            new Promise((resolve) => setTimeout(resolve, round % 5)).then(cutPools),
          ]);
          answered.set(out.statusCode, (answered.get(out.statusCode) ?? 0) + 1);
          // A request may fail for the cut (503), having changed nothing; a committed change is answered
          // (a cut during its settle does not turn it into an error), and held on both instances.
          expect([200, 503], out.body).toContain(out.statusCode);
          const ended = out.statusCode === 200 ? 401 : 200;
          expect(await accountAfterCut(second, user.headers)).toBe(ended);
          expect(await accountAfterCut(first, user.headers)).toBe(ended);
          // The sign-out's audit entry exists exactly when the session ended.
          const audited = await database.db
            .select({ id: auditEntries.id })
            .from(auditEntries)
            .where(and(eq(auditEntries.entityId, user.userId), eq(auditEntries.action, 'sign-out')));
          expect(audited).toHaveLength(out.statusCode === 200 ? 1 : 0);
        }
        expect(answered.get(200) ?? 0).toBeGreaterThan(0);
        // Both instances serve on, from memory again.
        await waitForListeners(database, 2);
        const again = await signInTo(database, 'visitor');
        expect((await account(first, again.headers)).statusCode).toBe(200);
        expect((await account(second, again.headers)).statusCode).toBe(200);
      });

      it('answers a change when another instance does not acknowledge it in time', async () => {
        const user = await signInTo(database, 'visitor');
        expect((await account(second, user.headers)).statusCode).toBe(200);
        const [out] = await Promise.all([
          as(first, user.headers, { method: 'POST', url: '/auth/logout' }),
          database.db.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = ${LISTENER_NAME}`,
          ),
        ]);
        expect(out.statusCode, out.body).toBe(200);
        expect((await account(second, user.headers)).statusCode).toBe(401);
        expect((await account(first, user.headers)).statusCode).toBe(401);
        await waitForListeners(database, 2);
      });
    }
  });
}
