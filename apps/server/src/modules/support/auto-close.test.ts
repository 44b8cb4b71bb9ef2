/**
 * Auto-close of stale rounds (spec §3, §4) against the real bridge simulator: refunded once through the
 * exactly-once booking path and ending autoClose; ending autoCloseFailed (with a significant event) when
 * the refund is not possible, refused, or its outcome stays unknown; then closed by support. Two instances
 * at once book each round once; the rollups stay exact.
 */
import type { SupportRound } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../../tools/bridge-simulator/simulator';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { rowsOf, textArray } from '../../lib/sql';
import { createTestApp, type SignedIn } from '../../test/app';
import { BRIDGE_TEST_TIMEOUTS } from '../../test/bridge-timeouts';
import { testEngines } from '../../test/databases';
import { apiKeyFor, makeBookingsDue, postRounds, round, seedPlatformFixture } from '../../test/platform';
import { expectRollupsExact } from '../../test/rollups';
import { createGameRoundsRepository } from '../game-rounds/game-rounds.repository';
import { createClosuresService } from './closures.service';

const SECRET = 'auto-close-test-secret';
const fixture = {
  casinos: ['ac-a', 'ac-b'],
  integrations: { 'ac-int': ['ac-a', 'ac-b'] },
  games: { 'ac-game': 96 },
};
const DAY_MS = 86_400_000;

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${++counter}`;

for (const engine of testEngines) {
  describe(`auto-close of stale rounds [${engine}]`, () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    let simulator: BridgeSimulator;
    let agent: SignedIn;
    let key: string;
    const db = () => ctx.database.db;
    const closures = () =>
      createClosuresService(db(), createGameRoundsRepository(), { bridgeClient: BRIDGE_TEST_TIMEOUTS });

    /** Ingests open rounds that started `daysAgo` days ago; answers their ids. */
    const openRounds = async (count: number, daysAgo: number, overrides: Record<string, unknown> = {}) => {
      const ids = Array.from({ length: count }, () => nextId('ac'));
      await postRounds(
        ctx.app,
        key,
        ids.map((roundId) =>
          round({
            roundId,
            casinoId: 'ac-a',
            gameId: 'ac-game',
            status: 'open',
            startedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
            debit: 300,
            ...overrides,
          }),
        ),
      );
      return ids;
    };
    const statusOf = async (roundId: string) => {
      const [row] = rowsOf<{ status: string; closure_id: string | null; bet_returned: boolean }>(
        await db().execute(
          sql`select status, closure_id, bet_returned from game_rounds where round_id = ${roundId}`,
        ),
      );
      return row;
    };
    const bookingsOf = (roundId: string) =>
      simulator.bookings().filter((booking) => booking.roundId === roundId);
    const makeDue = (roundIds: string[]) => makeBookingsDue(db(), roundIds);
    /** How many idempotency keys each round's bridge calls carried, first or retried, by round id. */
    const keysPerRound = async (roundIds: string[]) =>
      Object.fromEntries(
        rowsOf<{ round_id: string; keys: number }>(
          await db().execute(sql`select c.round_id, count(distinct e.request->>'idempotencyKey')::int as keys
            from round_closure_events e join round_closures c on c.id = e.closure_id
            where c.round_id = any(${textArray(roundIds)}) and e.kind = 'bridge-call' group by c.round_id`),
        ).map((row) => [row.round_id, row.keys]),
      );
    const eventsOf = async (roundId: string) =>
      rowsOf<{ component: string; after_value: string; casino_id: string }>(
        await db().execute(sql`select component, after_value, casino_id from significant_events
          where reason like ${`%${roundId}%`} order by created_at`),
      );

    beforeAll(async () => {
      simulator = await startBridgeSimulator({ secret: SECRET });
      ctx = await createTestApp(engine, {}, { closures: { bridgeClient: BRIDGE_TEST_TIMEOUTS } });
      await seedPlatformFixture(db(), fixture);
      await db().execute(sql`update bridges set router_url = ${simulator.url}, secret = ${SECRET}
        where id in (select bridge_id from casinos where id in ('ac-a', 'ac-b'))`);
      key = await apiKeyFor(db(), 'ac-int');
      agent = await ctx.signIn('support', { casinoIds: ['ac-a'] });
    });
    afterAll(async () => {
      await ctx?.close();
      await simulator?.close();
    });
    beforeEach(async () => {
      await simulator.setMode('normal');
      // Earlier tests' stale rounds are settled by now; each test counts its own.
      await db().execute(sql`update game_rounds set status = 'completed' where status = 'open'
        and round_id like 'ac-%' and closure_id is null and started_at < now() - interval '20 days'`);
      await db().execute(sql`delete from round_stats_daily`);
      await db().execute(sql`delete from round_stats_monthly`);
      const { rebuildRollups } = await import('../platform/rollups');
      await rebuildRollups(db());
    });

    it('refunds a round open longer than its validity period once: autoClose, audited, on the feed', async () => {
      const [stale] = await openRounds(1, 31);
      const [fresh] = await openRounds(1, 29);

      const summary = await closures().autoCloseStale();
      expect(summary).toEqual({ found: 1, closed: 1, pending: 0, failed: 0 });
      expect(await statusOf(stale!)).toMatchObject({ status: 'autoClose', bet_returned: true });
      expect(await statusOf(fresh!)).toMatchObject({ status: 'open', closure_id: null });
      const booked = bookingsOf(stale!);
      expect(booked).toHaveLength(1);
      expect(booked[0]).toMatchObject({ type: 'refund', amountMinor: 300, casinoId: 'ac-a' });
      expect(booked[0]!.idempotencyKey).toMatch(/^close-/);
      const [closure] = rowsOf<{ kind: string; state: string; idempotency_key: string }>(
        await db().execute(
          sql`select kind, state, idempotency_key from round_closures where round_id = ${stale!}`,
        ),
      );
      expect(closure).toEqual({ kind: 'auto', state: 'closed', idempotency_key: booked[0]!.idempotencyKey });
      const audit = rowsOf<{ action: string; actor_name: string | null }>(
        await db().execute(sql`select action, actor_name from audit_entries
          where entity_type = 'game-round' and entity_id = ${`ac-a/${stale!}`} order by changed_at, id`),
      );
      expect(audit.map((entry) => entry.action).sort()).toEqual(['close', 'close-requested']);
      expect(audit.every((entry) => entry.actor_name === null)).toBe(true);
      // A routine refund is audited, not a significant event.
      expect(await eventsOf(stale!)).toEqual([]);
      const feed = rowsOf<{ status: string; booking: string }>(
        await db().execute(sql`select status, booking from support_feed where round_id = ${stale!}`),
      );
      expect(feed).toEqual([{ status: 'autoClose', booking: 'refund' }]);

      // Support sees the job's close as automatic.
      const seen = await agent.inject({ method: 'GET', url: `/api/support/rounds/ac-a/${stale!}` });
      expect(seen.json<SupportRound>()).toMatchObject({
        round: { status: 'autoClose' },
        closure: { automatic: true, requestedBy: null, state: 'closed', booking: 'refund' },
      });

      // A second run finds nothing more to do.
      expect(await closures().autoCloseStale()).toEqual({ found: 0, closed: 0, pending: 0, failed: 0 });
      expect(bookingsOf(stale!)).toHaveLength(1);
      await expectRollupsExact(db());
    });

    it("uses the casino's own validity period before the integration's and the global one", async () => {
      await db().execute(sql`update casinos set game_round_validity_period_days = 2 where id = 'ac-a'`);
      try {
        const [stale] = await openRounds(1, 3);
        expect(await closures().autoCloseStale()).toMatchObject({ found: 1, closed: 1 });
        expect((await statusOf(stale!))?.status).toBe('autoClose');
      } finally {
        await db().execute(sql`update casinos set game_round_validity_period_days = null where id = 'ac-a'`);
      }
    });

    it('ends autoCloseFailed when the refund is not possible (a win) — then support closes it by hand', async () => {
      const [won] = await openRounds(1, 40, { totalWin: 900 });
      expect(await closures().autoCloseStale()).toEqual({ found: 1, closed: 0, pending: 0, failed: 1 });
      expect(await statusOf(won!)).toMatchObject({ status: 'autoCloseFailed', closure_id: null });
      expect(bookingsOf(won!)).toHaveLength(0);
      expect(await eventsOf(won!)).toEqual([
        { component: 'auto-close', after_value: 'autoCloseFailed', casino_id: 'ac-a' },
      ]);
      await expectRollupsExact(db());

      // Not picked up again; support sees it and books the win.
      expect(await closures().autoCloseStale()).toMatchObject({ found: 0 });
      const view = await agent.inject({ method: 'GET', url: `/api/support/rounds/ac-a/${won!}` });
      expect(view.json<SupportRound>().choices.win).toMatchObject({ allowed: true, amount: 900 });
      const closed = await agent.inject({
        method: 'POST',
        url: `/api/support/rounds/ac-a/${won!}/close`,
        payload: { booking: 'win', reason: 'Auto-close could not refund', confirmation: won! },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json<SupportRound>().round.status).toBe('manualClose');
      expect(bookingsOf(won!)).toHaveLength(1);
      await expectRollupsExact(db());
    });

    it('ends autoCloseFailed when the operator refuses the refund; nothing is booked', async () => {
      const [refused] = await openRounds(1, 35);
      await simulator.setMode('reject');
      expect(await closures().autoCloseStale()).toEqual({ found: 1, closed: 0, pending: 0, failed: 1 });
      expect(await statusOf(refused!)).toMatchObject({ status: 'autoCloseFailed', closure_id: null });
      expect(bookingsOf(refused!)).toHaveLength(0);
      const [closure] = rowsOf<{ state: string }>(
        await db().execute(sql`select state from round_closures where round_id = ${refused!}`),
      );
      expect(closure?.state).toBe('rejected');
      expect((await eventsOf(refused!)).map((event) => event.after_value)).toEqual(['autoCloseFailed']);
      await expectRollupsExact(db());
    });

    it('keeps an unknown outcome pending with its key; once retries are used up support retries the same key', async () => {
      const [hanging] = await openRounds(1, 33);
      await simulator.setMode('hang');
      expect(await closures().autoCloseStale()).toEqual({ found: 1, closed: 0, pending: 1, failed: 0 });
      expect(await statusOf(hanging!)).toMatchObject({ status: 'open' });
      // The automatic retries, all due at once, until the back-off is used up.
      for (let attempt = 0; attempt < 6; attempt++) {
        await makeDue([hanging!]);
        await closures().retryDue();
      }
      const [pending] = rowsOf<{ state: string; attempts: number; next_attempt_at: string | null }>(
        await db().execute(sql`select state, attempts, next_attempt_at from round_closures
          where round_id = ${hanging!}`),
      );
      expect(pending).toMatchObject({ state: 'pending', next_attempt_at: null });
      expect(pending!.attempts).toBeGreaterThanOrEqual(6);
      const failed = await statusOf(hanging!);
      expect(failed?.status).toBe('autoCloseFailed');
      expect(failed?.closure_id).not.toBeNull();

      // Support cannot start a new booking (that would be a second key) — only retry this one.
      const fresh = await agent.inject({
        method: 'POST',
        url: `/api/support/rounds/ac-a/${hanging!}/close`,
        payload: { booking: 'refund', reason: 'again', confirmation: hanging! },
      });
      expect(fresh.statusCode).toBe(409);
      await simulator.setMode('normal');
      const retried = await agent.inject({
        method: 'POST',
        url: `/api/support/rounds/ac-a/${hanging!}/retry`,
        payload: {},
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json<SupportRound>().round.status).toBe('autoClose');
      // The failure and the agent's completion are significant events.
      expect((await eventsOf(hanging!)).map((event) => event.after_value)).toEqual([
        'autoCloseFailed',
        'autoClose',
      ]);
      expect(bookingsOf(hanging!)).toHaveLength(1);
      expect(await keysPerRound([hanging!])).toEqual({ [hanging!]: 1 });
      await expectRollupsExact(db());
    });

    it('books each stale round once when two instances run auto-close at the same time', async () => {
      const ids = await openRounds(12, 45);
      // A second instance: its own connections to the same database.
      const other =
        ctx.database.jobStore.kind === 'postgres'
          ? await openDatabase({ kind: 'postgres', url: ctx.database.jobStore.url, poolSize: 4 })
          : undefined;
      try {
        const second = other
          ? createClosuresService(other.db, createGameRoundsRepository(), {
              bridgeClient: BRIDGE_TEST_TIMEOUTS,
            })
          : closures();
        await simulator.setMode('slow', { delayMs: 20 });
        const [a, b] = await Promise.all([closures().autoCloseStale(), second.autoCloseStale()]);
        expect(a.failed + b.failed).toBe(0);
        // Each round is taken by one instance only: without the row lock both would take it.
        expect(a.closed + b.closed + a.pending + b.pending).toBe(12);
        // On a starved machine a bridge call can outlast its timeout: its booking stays pending with its
        // key (an unknown outcome), and the retries, on both instances at once, replay that key.
        const stillPending = async () =>
          rowsOf<{ count: number }>(
            await db().execute(sql`select count(*)::int as count from round_closures
              where state = 'pending' and round_id = any(${textArray(ids)})`),
          )[0]!.count;
        for (let pass = 0; pass < 5 && (await stillPending()) > 0; pass++) {
          await makeDue(ids);
          await Promise.all([closures().retryDue(), second.retryDue()]);
        }
        expect(await stillPending()).toBe(0);
      } finally {
        await other?.close();
      }
      for (const id of ids) {
        expect(bookingsOf(id)).toHaveLength(1);
        expect((await statusOf(id))?.status).toBe('autoClose');
      }
      // Every call for a round, first or retried, carried that round's one key.
      expect(await keysPerRound(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
      await expectRollupsExact(db());
    });
  });
}

describe.runIf(process.env.DATABASE_URL)(
  'auto-close on two server instances with job engines [postgres]',
  () => {
    it('refunds each stale round once, however both instances are asked to run it', async () => {
      const { createTestDatabase } = await import('../../test/databases');
      const simulator = await startBridgeSimulator({ secret: SECRET });
      const database = await createTestDatabase('postgres');
      const url = database.jobStore.kind === 'postgres' ? database.jobStore.url : '';
      const second = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
      const options = { config, logger: false as const, jobs: { pollingSeconds: 0.5 } };
      const apps = [
        await buildApp({ ...options, database }),
        await buildApp({ ...options, database: second }),
      ];
      try {
        await seedPlatformFixture(database.db, fixture);
        await database.db.execute(sql`update bridges set router_url = ${simulator.url}, secret = ${SECRET}`);
        const apiKey = await apiKeyFor(database.db, 'ac-int');
        const ids = Array.from({ length: 20 }, (_, index) => `two-${index}`);
        await postRounds(
          apps[0]!,
          apiKey,
          ids.map((roundId, index) =>
            round({
              roundId,
              casinoId: index % 2 ? 'ac-a' : 'ac-b',
              gameId: 'ac-game',
              status: 'open',
              startedAt: new Date(Date.now() - 50 * DAY_MS).toISOString(),
              debit: 100 + index,
            }),
          ),
        );
        await simulator.setMode('slow', { delayMs: 30 });
        // Both instances are asked at once, twice: the engine runs one at a time across them.
        for (const app of [...apps, ...apps]) await app.jobs!.runNow('auto-close', null);
        // Until every round is closed and every run has ended: a run writes what it did after its last
        // round, so on a slow machine the rounds are closed before the run is.
        await expect
          .poll(
            async () =>
              rowsOf<{ open: number; running: number }>(
                await database.db.execute(sql`select
                  (select count(*)::int from game_rounds where status = 'open') as open,
                  (select count(*)::int from job_runs where job = 'auto-close' and outcome = 'running') as running`),
              )[0],
            { timeout: 30_000, interval: 200 },
          )
          .toEqual({ open: 0, running: 0 });
        for (const id of ids) {
          expect(simulator.bookings().filter((booking) => booking.roundId === id)).toHaveLength(1);
        }
        const runs = rowsOf<{ outcome: string; closed: number }>(
          await database.db.execute(sql`select outcome, (summary->>'closed')::int as closed from job_runs
          where job = 'auto-close' order by started_at`),
        );
        expect(runs.map((run) => run.outcome)).not.toContain('failed');
        expect(runs.reduce((sum, run) => sum + (run.closed ?? 0), 0)).toBe(20);
        await expectRollupsExact(database.db);
      } finally {
        for (const app of apps) await app.close();
        await second.close();
        await database.destroy();
        await simulator.close();
      }
    });
  },
);
