/**
 * Configuration answers kept in memory (decision 041): two instances of the server on one database, as
 * behind a load balancer. An answer is served from memory until the configuration changes; what one
 * instance changes, the other answers by the time the first has answered; a change made in the database
 * by anyone else is heard; while an instance cannot hear the announcements it serves nothing from memory.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { LISTENER_NAME } from '../db/client';
import { casinos, jurisdictions, sessions } from '../db/schema/index';
import { signInTo } from '../test/app';
import { testEngines, type TestDatabase } from '../test/databases';
import { unannounced, waitForListeners, withTwoInstances } from '../test/instances';
import { seedPlatformFixture } from '../test/platform';
import { compressKept, createAnswerCache, type AnswerCache } from './kept-answers';

const ROUNDS = 8;

interface Named {
  id: string;
  name: string;
  version: number;
}

for (const engine of testEngines) {
  describe(`configuration answers kept in memory [${engine}]`, () => {
    const instances = withTwoInstances(engine);
    const { as } = instances;
    let database: TestDatabase;
    let first: App;
    let second: App;
    let admin: Awaited<ReturnType<typeof signInTo>>;

    beforeAll(async () => {
      ({ database, first, second } = instances);
      await seedPlatformFixture(database.db, {
        casinos: ['casino-1', 'casino-2', 'casino-3'],
        integrations: { 'integration-1': ['casino-1', 'casino-2', 'casino-3'] },
        games: {},
      });
      admin = await signInTo(database, 'admin');
      await second.settleSessions();
    });

    const get = (app: App, url: string, headers = admin.headers) => as(app, headers, { method: 'GET', url });
    const names = async (app: App, url: string, headers = admin.headers) => {
      const answer = await get(app, url, headers);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ items: Named[] }>().items.map((item) => item.name);
    };
    /** A jurisdiction stored straight in the database, once the second instance has heard it. */
    const storedJurisdiction = async (name: string) => {
      const [created] = await database.db
        .insert(jurisdictions)
        .values({ name })
        .returning({ id: jurisdictions.id });
      await second.settleSessions();
      return created!.id;
    };
    /** A jurisdiction created through the first instance. */
    const createdJurisdiction = async (name: string) => {
      const created = await as(first, admin.headers, {
        method: 'POST',
        url: '/api/jurisdictions',
        payload: { name },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<Named>();
    };
    /** The jurisdiction renamed through an instance: its new state. */
    const renamed = async (app: App, { id, version }: Named, name: string) => {
      const changed = await as(app, admin.headers, {
        method: 'PUT',
        url: `/api/jurisdictions/${id}`,
        payload: { name, version },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      return changed.json<Named>();
    };
    it('serves a list and a record from memory until the configuration changes, by anyone', async () => {
      const id = await storedJurisdiction('Kept A');
      const url = '/api/jurisdictions?q=Kept';
      expect(await names(second, url)).toEqual(['Kept A']);
      const record = `/api/jurisdictions/${id}`;
      expect((await get(second, record)).json<Named>().name).toBe('Kept A');
      await unannounced(database, (tx) =>
        tx.update(jurisdictions).set({ name: 'Kept B' }).where(eq(jurisdictions.id, id)),
      );
      // Served from memory: the database was not asked again.
      expect(await names(second, url)).toEqual(['Kept A']);
      expect((await get(second, record)).json<Named>().name).toBe('Kept A');
      // A change of any configuration table, written straight to the database, drops it.
      await database.db.update(casinos).set({ name: 'Casino renamed' }).where(eq(casinos.id, 'casino-3'));
      await second.settleSessions();
      expect(await names(second, url)).toEqual(['Kept B']);
      expect((await get(second, record)).json<Named>().name).toBe('Kept B');
    });

    it('answers at once on the other instance what a change through one instance wrote', async () => {
      let jurisdiction = await createdJurisdiction('Round 0');
      await unannounced(database, (tx) =>
        tx.update(casinos).set({ jurisdictionId: jurisdiction.id }).where(eq(casinos.id, 'casino-1')),
      );
      await first.settleSessions();
      await database.db.update(casinos).set({ active: false }).where(eq(casinos.id, 'casino-1'));
      await first.settleSessions();
      for (let round = 1; round <= ROUNDS; round++) {
        // Both instances hold the answers before the change.
        for (const app of [first, second]) {
          expect(await names(app, '/api/jurisdictions?q=Round')).toEqual([`Round ${round - 1}`]);
          const casino = (await get(app, '/api/casinos/casino-1')).json<{ jurisdictionName: string }>();
          expect(casino.jurisdictionName).toBe(`Round ${round - 1}`);
        }
        jurisdiction = await renamed(round % 2 ? first : second, jurisdiction, `Round ${round}`);
        // Whichever instance is asked next: the list, and another area's record naming it.
        for (const app of [second, first]) {
          expect(await names(app, '/api/jurisdictions?q=Round')).toEqual([`Round ${round}`]);
          const list = await get(app, '/api/casinos?q=casino-1');
          expect(list.json<{ items: { jurisdictionName: string }[] }>().items[0]!.jurisdictionName).toBe(
            `Round ${round}`,
          );
        }
      }
    });

    it('never answers, to reads running alongside the changes, a name older than the last change answered', async () => {
      let jurisdiction = await createdJurisdiction('Race 0');
      let answered = 0;
      let done = false;
      const seen: number[] = [];
      // Readers on both instances, each read checked against the last change answered before it began.
      const reader = async (app: App) => {
        while (!done) {
          const floor = answered;
          const [name] = await names(app, '/api/jurisdictions?q=Race');
          const read = Number(name?.slice('Race '.length));
          expect(read, `a read begun after change ${floor} answered ${name}`).toBeGreaterThanOrEqual(floor);
          seen.push(read);
          // An answer from memory is found without I/O: give the writer its turn.
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const readers = [first, second, first, second].map(reader);
      for (let round = 1; round <= ROUNDS * 2; round++) {
        jurisdiction = await renamed(round % 2 ? first : second, jurisdiction, `Race ${round}`);
        answered = round;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      done = true;
      await Promise.all(readers);
      // The readers ran alongside the changes: they read names from before, between and after them.
      expect(new Set(seen).size).toBeGreaterThan(2);
      for (const app of [first, second]) {
        expect(await names(app, '/api/jurisdictions?q=Race')).toEqual([`Race ${ROUNDS * 2}`]);
      }
    });

    it('keeps an answer per user and scope: a limited user never gets what another was answered', async () => {
      const limited = await signInTo(database, 'support', { casinoIds: ['casino-2'] });
      await second.settleSessions();
      const all = await get(second, '/api/casinos');
      expect(all.json<{ total: number }>().total).toBe(3);
      expect(await names(second, '/api/casinos', limited.headers)).toEqual(['Casino casino-2']);
      expect((await get(second, '/api/casinos/casino-1', limited.headers)).statusCode).toBe(404);
      // Their scope changed through the other instance: their kept answers go at once.
      const stored = (await get(first, `/api/users/${limited.userId}`)).json<Record<string, unknown>>();
      const { username, email, firstName, lastName, role, integrationIds, active, version } = stored;
      const changed = await as(first, admin.headers, {
        method: 'PUT',
        url: `/api/users/${limited.userId}`,
        payload: {
          username,
          email,
          firstName,
          lastName,
          role,
          integrationIds,
          active,
          version,
          casinoIds: ['casino-1'],
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await names(second, '/api/casinos', limited.headers)).toEqual(['Casino casino-1']);
      expect((await get(second, '/api/casinos/casino-2', limited.headers)).statusCode).toBe(404);
    });

    it('still checks the session and the permission of every request, and compresses as before', async () => {
      const accountant = await signInTo(database, 'accountant');
      const reader = await signInTo(database, 'developer');
      await second.settleSessions();
      expect((await get(second, '/api/casinos', reader.headers)).statusCode).toBe(200);
      expect((await get(second, '/api/casinos')).statusCode).toBe(200);
      const held = await get(second, '/api/casinos');
      expect(held.statusCode).toBe(200);
      // Compressed for a browser that takes it (above 1 KB), the same answer: the kept one, compressed once
      // per encoding (a change the instance did not hear shows it is still the kept answer).
      expect(held.body.length).toBeGreaterThan(1024);
      await unannounced(database, (tx) =>
        tx.update(casinos).set({ name: 'Casino unheard' }).where(eq(casinos.id, 'casino-1')),
      );
      const expand = { br: brotliDecompressSync, gzip: gunzipSync };
      for (const [accepted, encoding] of [
        ['br', 'br'],
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['x-gzip', 'gzip'],
        ['br;q=0, *', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const compressed = await as(second, admin.headers, {
          method: 'GET',
          url: '/api/casinos',
          headers: { 'accept-encoding': accepted },
        });
        expect(compressed.statusCode, accepted).toBe(200);
        expect(compressed.headers['content-encoding'], accepted).toBe(encoding);
        expect(compressed.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(compressed.headers['cache-control']).toBe('no-store');
        const body = encoding ? expand[encoding](compressed.rawPayload).toString() : compressed.body;
        expect(body, accepted).toBe(held.body);
        if (!encoding) continue;
        expect(compressed.headers.vary).toContain('accept-encoding');
        expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
        // The kept copy (compressed better than answers compressed while their request waits).
        expect(compressed.rawPayload.equals(compressKept(held.body, encoding)), accepted).toBe(true);
      }
      const refused = await as(second, admin.headers, {
        method: 'GET',
        url: '/api/casinos',
        headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
      });
      expect([refused.headers['content-encoding'], refused.body]).toEqual([undefined, held.body]);
      expect(held.headers['cache-control']).toBe('no-store');
      // A role without the permission is refused, whatever another user was answered.
      expect((await get(second, '/api/casinos', accountant.headers)).statusCode).toBe(403);
      // A session ended without announcement is still refused once it is read again; one ended through
      // the other instance is refused at once.
      const out = await as(first, reader.headers, { method: 'POST', url: '/auth/logout' });
      expect(out.statusCode).toBe(200);
      expect((await get(second, '/api/casinos', reader.headers)).statusCode).toBe(401);
    });

    if (engine === 'postgres') {
      it('serves nothing from memory while its listening connection is lost, and again once it is back', async () => {
        const id = await storedJurisdiction('Unheard A');
        expect(await names(second, '/api/jurisdictions?q=Unheard')).toEqual(['Unheard A']);
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = ${LISTENER_NAME}`,
        );
        await unannounced(database, (tx) =>
          tx.update(jurisdictions).set({ name: 'Unheard B' }).where(eq(jurisdictions.id, id)),
        );
        for (let attempt = 0; attempt < 50; attempt++) {
          if ((await names(second, '/api/jurisdictions?q=Unheard'))[0] === 'Unheard B') break;
          // The instance has not yet seen its connection end: only until it does.
          expect(attempt).toBeLessThan(49);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(await names(second, '/api/jurisdictions?q=Unheard')).toEqual(['Unheard B']);
        // Listening again, answers are kept again and changes heard again.
        await waitForListeners(database, 2);
        await unannounced(database, (tx) =>
          tx.update(jurisdictions).set({ name: 'Unheard C' }).where(eq(jurisdictions.id, id)),
        );
        expect(await names(second, '/api/jurisdictions?q=Unheard')).toEqual(['Unheard C']);
        await unannounced(database, (tx) =>
          tx.update(jurisdictions).set({ name: 'Unheard D' }).where(eq(jurisdictions.id, id)),
        );
        expect(await names(second, '/api/jurisdictions?q=Unheard')).toEqual(['Unheard C']);
        await database.db.update(jurisdictions).set({ name: 'Unheard E' }).where(eq(jurisdictions.id, id));
        await second.settleSessions();
        expect(await names(second, '/api/jurisdictions?q=Unheard')).toEqual(['Unheard E']);
      });
    }

    it('keeps no answer for a session that the database no longer has', async () => {
      const user = await signInTo(database, 'developer');
      await second.settleSessions();
      expect((await get(second, '/api/bridges', user.headers)).statusCode).toBe(200);
      await database.db.delete(sessions).where(eq(sessions.userId, user.userId));
      await second.settleSessions();
      expect((await get(second, '/api/bridges', user.headers)).statusCode).toBe(401);
    });
  });
}

describe('the answer cache', () => {
  const listening = (now = () => 0) => {
    const cache = createAnswerCache({ now, maxAgeMs: 1_000, maxEntries: 2, maxTotalChars: 10 });
    cache.up();
    return cache;
  };
  const held = (cache: AnswerCache, key: string) => cache.lookup(key)?.answer;

  it('keeps nothing read while an announcement arrived, nor while nothing is heard', () => {
    const cache = listening();
    const before = cache.generation();
    cache.message('c:jurisdictions');
    cache.remember('a', 'user-1', '{}', before);
    expect(held(cache, 'a')).toBeUndefined();
    cache.down();
    cache.remember('a', 'user-1', '{}', cache.generation());
    expect(held(cache, 'a')).toBeUndefined();
  });

  it("drops everything on a change of the configuration, a user's own on a change of the user", () => {
    const cache = listening();
    cache.remember('a', 'user-1', 'A', cache.generation());
    cache.remember('b', 'user-2', 'B', cache.generation());
    cache.message('s:some-session');
    expect([held(cache, 'a'), held(cache, 'b')]).toEqual(['A', 'B']);
    cache.message('u:user-1');
    expect([held(cache, 'a'), held(cache, 'b')]).toEqual([undefined, 'B']);
    cache.message('c:casinos');
    expect(held(cache, 'b')).toBeUndefined();
    cache.remember('b', 'user-2', 'B', cache.generation());
    cache.message('*');
    expect(held(cache, 'b')).toBeUndefined();
  });

  it('compresses a kept answer once per encoding, counts its copies in the limit and drops them with it', () => {
    const made: string[] = [];
    const cache = createAnswerCache({
      maxTotalChars: 40,
      compress: (answer, encoding) => {
        made.push(encoding);
        return Buffer.from(`${encoding}:${answer}`);
      },
    });
    cache.up();
    cache.remember('a', 'user-1', 'A'.repeat(10), cache.generation());
    const copy = cache.lookup('a')!.encoded('br');
    expect(copy.toString()).toBe(`br:${'A'.repeat(10)}`);
    expect(cache.lookup('a')!.encoded('br')).toBe(copy);
    expect(made).toEqual(['br']);
    // 10 + 13 characters, then 10 of the next answer and a 15-character copy: 48 of 40. The next answer
    // pushes out the oldest, which would have fitted without its copies.
    cache.remember('b', 'user-1', 'B'.repeat(10), cache.generation());
    cache.lookup('a')!.encoded('gzip');
    expect(made).toEqual(['br', 'gzip']);
    cache.remember('c', 'user-1', 'C', cache.generation());
    expect([held(cache, 'a'), held(cache, 'b'), held(cache, 'c')]).toEqual([undefined, 'B'.repeat(10), 'C']);
    // A copy asked for after its answer was dropped is made for that request alone.
    const b = cache.lookup('b')!;
    cache.message('c:casinos');
    b.encoded('br');
    b.encoded('br');
    expect(made).toEqual(['br', 'gzip', 'br', 'br']);
  });

  it('holds an answer no longer than its age, and no more answers or characters than its limits', () => {
    let now = 0;
    const cache = listening(() => now);
    cache.remember('a', 'user-1', 'A', cache.generation());
    now = 1_000;
    expect(held(cache, 'a')).toBe('A');
    now = 1_001;
    expect(held(cache, 'a')).toBeUndefined();
    for (const key of ['a', 'b', 'c']) cache.remember(key, 'user-1', key, cache.generation());
    expect([held(cache, 'a'), held(cache, 'b'), held(cache, 'c')]).toEqual([undefined, 'b', 'c']);
    // Together no more characters than the limit: the oldest go.
    cache.remember('d', 'user-1', '0123456789', cache.generation());
    expect([held(cache, 'b'), held(cache, 'c'), held(cache, 'd')]).toEqual([
      undefined,
      undefined,
      '0123456789',
    ]);
    cache.remember('big', 'user-1', 'x'.repeat(256 * 1024 + 1), cache.generation());
    expect(held(cache, 'big')).toBeUndefined();
    expect(held(cache, 'd')).toBe('0123456789');
  });
});
