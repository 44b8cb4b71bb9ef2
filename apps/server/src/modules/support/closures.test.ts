/**
 * Closing open rounds through the real HTTP path against the real bridge simulator: every booking type,
 * every refusal, every fault mode of the bridge, 20 concurrent closes, automatic retries — counting what
 * the simulator booked, and checking the rollups, the audit trail, the significant events and the feed.
 */
import type { ErrorBody, SupportFeed, SupportRound, SignificantEvent } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../../tools/bridge-simulator/simulator';
import { rowsOf } from '../../lib/sql';
import { ENGLISH, expectError } from '../../test/api';
import { createTestApp, type SignedIn } from '../../test/app';
import { testEngines } from '../../test/databases';
import { BRIDGE_TEST_TIMEOUTS, SLOWER_THAN_THE_TIMEOUT_MS } from '../../test/bridge-timeouts';
import { apiKeyFor, makeBookingsDue, postRounds, round, seedPlatformFixture } from '../../test/platform';
import { expectRollupsExact } from '../../test/rollups';

const SECRET = 'closures-test-secret';
const fixture = {
  casinos: ['cl-a', 'cl-b'],
  integrations: { 'cl-int-a': ['cl-a'], 'cl-int-b': ['cl-b'] },
  games: { 'cl-game': 96 },
};

let counter = 0;
/** A fresh open round id for each test. */
const nextId = (prefix: string) => `${prefix}-${++counter}`;

for (const engine of testEngines) {
  describe(`closing open rounds [${engine}]`, () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    let simulator: BridgeSimulator;
    let agent: SignedIn;
    let keyA: string;

    const db = () => ctx.database.db;
    const ingest = (rounds: object[], key = keyA) => postRounds(ctx.app, key, rounds);
    const openRound = async (overrides: Record<string, unknown> = {}) => {
      const roundId = nextId('r');
      await ingest([
        round({
          roundId,
          casinoId: 'cl-a',
          gameId: 'cl-game',
          status: 'open',
          startedAt: new Date(Date.now() - 3_600_000).toISOString(),
          debit: 250,
          ...overrides,
        }),
      ]);
      return roundId;
    };
    const close = (who: SignedIn, roundId: string, booking: string, extra: Record<string, unknown> = {}) =>
      who.inject({
        method: 'POST',
        url: `/api/support/rounds/cl-a/${roundId}/close`,
        payload: { booking, reason: 'Stuck after a disconnect', confirmation: roundId, ...extra },
      });
    const view = async (roundId: string, who = agent) => {
      const response = await who.inject({ method: 'GET', url: `/api/support/rounds/cl-a/${roundId}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SupportRound>();
    };
    const retry = (roundId: string, who = agent) =>
      who.inject({ method: 'POST', url: `/api/support/rounds/cl-a/${roundId}/retry`, payload: {} });
    const bookingsOf = (roundId: string) =>
      simulator.bookings().filter((booking) => booking.roundId === roundId);
    const closuresOf = async (roundId: string) =>
      rowsOf<{ state: string; idempotency_key: string | null; attempts: number }>(
        await db().execute(sql`select state, idempotency_key, attempts from round_closures
          where round_id = ${roundId} order by requested_at`),
      );

    beforeAll(async () => {
      simulator = await startBridgeSimulator({ secret: SECRET });
      ctx = await createTestApp(engine, {}, { closures: { bridgeClient: BRIDGE_TEST_TIMEOUTS } });
      await seedPlatformFixture(db(), fixture);
      await db().execute(sql`update bridges set router_url = ${simulator.url}, secret = ${SECRET}
        where id in (select bridge_id from casinos where id in ('cl-a', 'cl-b'))`);
      keyA = await apiKeyFor(db(), 'cl-int-a');
      agent = await ctx.signIn('support', { casinoIds: ['cl-a'] });
    });
    afterAll(async () => {
      await ctx?.close();
      await simulator?.close();
    });
    beforeEach(async () => {
      await simulator.setMode('normal');
    });

    it('refunds the bet of a round without a win: one booking, manualClose, exact rollups, a full record', async () => {
      const roundId = await openRound({ debit: 250 });
      const before = await view(roundId);
      expect(before.choices.refund).toEqual({ allowed: true, reason: null, amount: 250 });
      expect(before.choices.win).toMatchObject({ allowed: false, reason: 'NO_WIN_TO_BOOK' });
      expect(before.mayAct).toBe(true);

      const response = await close(agent, roundId, 'refund');
      expect(response.statusCode, response.body).toBe(200);
      const after = response.json<SupportRound>();
      expect(after.round.status).toBe('manualClose');
      expect(after.closure).toMatchObject({ booking: 'refund', state: 'closed', amount: 250, attempts: 1 });
      expect(after.closure?.idempotencyKey).toMatch(/^close-/);
      expect(Object.values(after.choices).every((choice) => choice.reason === 'ROUND_NOT_OPEN')).toBe(true);

      const booked = bookingsOf(roundId);
      expect(booked).toHaveLength(1);
      expect(booked[0]).toMatchObject({
        type: 'refund',
        casinoId: 'cl-a',
        playerId: 'player-1',
        currency: 'EUR',
        amountMinor: 250,
        idempotencyKey: after.closure!.idempotencyKey,
      });
      expect(after.closure?.bridgeBookingId).toBe(booked[0]!.bookingId);

      // The timeline: the platform's open state, the close and its bridge call, the support's state.
      const kinds = after.timeline.map((entry) =>
        entry.kind === 'state'
          ? `state:${entry.status}:${entry.source}`
          : entry.kind === 'action'
            ? `action:${entry.action}`
            : `call:${entry.outcome}`,
      );
      expect(kinds).toEqual([
        'state:open:platform',
        'action:close-requested',
        'call:booked',
        'state:manualClose:support',
        'action:closed',
      ]);
      const call = after.timeline.find((entry) => entry.kind === 'bridge-call');
      expect(call).toMatchObject({
        request: { method: 'POST', path: '/bookings/refund', idempotencyKey: after.closure!.idempotencyKey },
        answer: { status: 201, error: null },
      });
      expect(JSON.stringify(after)).not.toContain(SECRET);
      expect(JSON.stringify(after).toLowerCase()).not.toContain('signature');

      // A refunded bet counts like a refunded round in the reports.
      await expectRollupsExact(db());
      const [figures] = rowsOf<{ bet: string; refunded_rounds: string; open_rounds: string }>(
        await db()
          .execute(sql`select bet::text, refunded_rounds::text, open_rounds::text from round_stats_daily
          where casino_id = 'cl-a' and day = (select (started_at at time zone 'UTC')::date from game_rounds
            where round_id = ${roundId})`),
      );
      expect(Number(figures!.open_rounds)).toBe(0);
      expect(Number(figures!.refunded_rounds)).toBeGreaterThanOrEqual(1);

      const audit = rowsOf<{ action: string; actor_name: string }>(
        await db().execute(sql`select action, actor_name from audit_entries
          where entity_type = 'game-round' and entity_id = ${`cl-a/${roundId}`} order by id`),
      );
      expect(audit).toEqual([
        { action: 'close-requested', actor_name: agent.username },
        { action: 'close', actor_name: agent.username },
      ]);
      const events = rowsOf<{ reason: string; casino_id: string; after_value: string }>(
        await db().execute(sql`select reason, casino_id, after_value from significant_events
          where reason like ${`Game round ${roundId} %`}`),
      );
      expect(events).toEqual([expect.objectContaining({ casino_id: 'cl-a', after_value: 'manualClose' })]);
      expect(events[0]!.reason).toContain('refund');
    });

    it('refuses a refund once the player has won, and books the total win instead', async () => {
      const roundId = await openRound({ debit: 100, totalWin: 900, credit: 0 });
      const shown = await view(roundId);
      expect(shown.choices.refund).toMatchObject({ allowed: false, reason: 'REFUND_AFTER_WIN' });
      expect(shown.choices.win).toEqual({ allowed: true, reason: null, amount: 900 });

      const refused = await close(agent, roundId, 'refund', {});
      expectError(refused, 409, 'REFUND_AFTER_WIN');
      expect(refused.json<ErrorBody>().message).toBe(
        'Eine Erstattung ist nicht möglich, sobald der Spieler gewonnen hat.',
      );
      expect(bookingsOf(roundId)).toHaveLength(0);
      expect(await closuresOf(roundId)).toEqual([]);

      const response = await close(agent, roundId, 'win');
      expect(response.statusCode, response.body).toBe(200);
      const after = response.json<SupportRound>();
      expect(after.round).toMatchObject({ status: 'manualClose', credit: 900, totalWin: 900 });
      expect(bookingsOf(roundId)).toEqual([expect.objectContaining({ type: 'win', amountMinor: 900 })]);
      await expectRollupsExact(db());
    });

    it('books only the part of the total win not yet credited', async () => {
      const roundId = await openRound({ debit: 100, totalWin: 900, credit: 300 });
      expect((await view(roundId)).choices.win.amount).toBe(600);
      const response = await close(agent, roundId, 'win');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SupportRound>().round.credit).toBe(900);
      expect(bookingsOf(roundId)).toEqual([expect.objectContaining({ amountMinor: 600 })]);
    });

    it('closes without operator booking: no bridge call at all', async () => {
      const roundId = await openRound({ totalWin: 500 });
      const response = await close(agent, roundId, 'none');
      expect(response.statusCode, response.body).toBe(200);
      const after = response.json<SupportRound>();
      expect(after.round.status).toBe('manualClose');
      expect(after.closure).toMatchObject({
        booking: 'none',
        state: 'closed',
        idempotencyKey: null,
        attempts: 0,
      });
      expect(after.timeline.some((entry) => entry.kind === 'bridge-call')).toBe(false);
      expect(bookingsOf(roundId)).toHaveLength(0);
      await expectRollupsExact(db());
    });

    it('asks for the round id as the confirmation, in the user’s language, and changes nothing without it', async () => {
      const roundId = await openRound();
      const empty = await agent.inject({
        method: 'POST',
        url: `/api/support/rounds/cl-a/${roundId}/close`,
        headers: ENGLISH,
        payload: { booking: 'refund', reason: 'x', confirmation: '' },
      });
      expectError(empty, 400, 'ROUND_ID_REQUIRED');
      expect(empty.json<ErrorBody>().message).toBe('Enter the game round id.');
      expectError(
        await close(agent, roundId, 'refund', { confirmation: `${roundId}x` }),
        400,
        'CONFIRMATION_MISMATCH',
      );
      expectError(await close(agent, roundId, 'refund', { reason: '   ' }), 400, 'VALIDATION_FAILED');
      expectError(await close(agent, roundId, 'cash'), 400, 'VALIDATION_FAILED');
      expect(await closuresOf(roundId)).toEqual([]);
      expect((await view(roundId)).round.status).toBe('open');
    });

    it('lets only roles with player support actions act, and only within their scope', async () => {
      const roundId = await openRound();
      const qa = await ctx.signIn('qa', { casinoIds: ['cl-a'] });
      expect((await view(roundId, qa)).mayAct).toBe(false);
      const noPermission = await close(qa, roundId, 'refund');
      expectError(noPermission, 403, 'NO_PERMISSION');
      expectError(await retry(roundId, qa), 403, 'NO_PERMISSION');
      const otherCasino = await ctx.signIn('support', { casinoIds: ['cl-b'] });
      expectError(
        await otherCasino.inject({ method: 'GET', url: `/api/support/rounds/cl-a/${roundId}` }),
        404,
        'RECORD_NOT_FOUND',
      );
      expectError(await close(otherCasino, roundId, 'refund'), 404, 'RECORD_NOT_FOUND');
      const admin = await ctx.signIn('admin');
      expect((await view(roundId, admin)).mayAct).toBe(true);
      expect(bookingsOf(roundId)).toHaveLength(0);
    });

    it('20 concurrent closes by different agents: one booking, one status change, 19 clear refusals', async () => {
      const roundId = await openRound({ debit: 400 });
      const agents = await Promise.all(
        Array.from({ length: 20 }, () => ctx.signIn('support', { casinoIds: ['cl-a'] })),
      );
      const answers = await Promise.all(agents.map((who) => close(who, roundId, 'refund')));
      // The one close that goes through books it. On a loaded machine the in-process simulator may answer
      // after the test's short bridge timeout (600 ms): then the booking is pending under its key, and its
      // retry books it — once, whatever the simulator did meanwhile.
      const winners = answers.filter(
        (answer) =>
          answer.statusCode === 200 ||
          (answer.statusCode === 504 && answer.json<ErrorBody>().code === 'BRIDGE_TIMEOUT'),
      );
      expect(winners, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
      if (winners[0]!.statusCode === 504) expect((await retry(roundId)).statusCode).toBe(200);
      const refusals = answers.filter((answer) => !winners.includes(answer));
      expect(refusals).toHaveLength(19);
      for (const refusal of refusals) {
        expect(refusal.statusCode, refusal.body).toBe(409);
        expect(['ROUND_CLOSE_IN_PROGRESS', 'ROUND_NOT_OPEN']).toContain(refusal.json<ErrorBody>().code);
      }
      expect(bookingsOf(roundId)).toHaveLength(1);
      expect(await closuresOf(roundId)).toEqual([
        expect.objectContaining({ state: 'closed', attempts: winners[0]!.statusCode === 200 ? 1 : 2 }),
      ]);
      const shown = await view(roundId);
      expect(
        shown.timeline
          .filter((entry) => entry.kind === 'state')
          .map((entry) => entry.kind === 'state' && entry.status),
      ).toEqual(['open', 'manualClose']);
      await expectRollupsExact(db());
    });

    it('20 concurrent closes with different booking types: exactly one of them happens', async () => {
      const roundId = await openRound({ debit: 400 });
      const agents = await Promise.all(
        Array.from({ length: 20 }, () => ctx.signIn('support', { casinoIds: ['cl-a'] })),
      );
      const answers = await Promise.all(
        agents.map((who, n) => close(who, roundId, n % 2 ? 'refund' : 'none')),
      );
      // As above: a refund's bridge call may outlast the short timeout on a loaded machine (pending).
      const winners = answers.filter(
        (answer) =>
          answer.statusCode === 200 ||
          (answer.statusCode === 504 && answer.json<ErrorBody>().code === 'BRIDGE_TIMEOUT'),
      );
      expect(winners, answers.map((answer) => answer.body).join('\n')).toHaveLength(1);
      const done = winners[0]!.statusCode === 200 ? winners[0]! : await retry(roundId);
      expect(done.statusCode, done.body).toBe(200);
      const closure = done.json<SupportRound>().closure!;
      expect(bookingsOf(roundId)).toHaveLength(closure.booking === 'refund' ? 1 : 0);
      expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);
      await expectRollupsExact(db());
    });

    it('a hanging bridge leaves the booking pending with its key; the platform cannot change the round; one retry books it once', async () => {
      const startedAt = new Date(Date.now() - 7_200_000).toISOString();
      const roundId = await openRound({ startedAt, debit: 300 });
      await simulator.setMode('hang');
      const hung = await close(agent, roundId, 'refund');
      expectError(hung, 504, 'BRIDGE_TIMEOUT');
      expect(hung.json<ErrorBody>().message).toBe('Die Bridge antwortet nicht.');
      const pending = await view(roundId);
      expect(pending.round.status).toBe('open');
      expect(pending.closure).toMatchObject({ state: 'pending', lastError: 'BRIDGE_TIMEOUT', attempts: 1 });
      expect(pending.closure?.nextAttemptAt).not.toBeNull();
      expect(
        Object.values(pending.choices).every((choice) => choice.reason === 'ROUND_CLOSE_IN_PROGRESS'),
      ).toBe(true);
      const key = pending.closure!.idempotencyKey;

      // Another close is refused while this one is in flight, and the platform's report changes nothing.
      expectError(await close(agent, roundId, 'none'), 409, 'ROUND_CLOSE_IN_PROGRESS');
      const report = await ingest([
        round({
          roundId,
          casinoId: 'cl-a',
          gameId: 'cl-game',
          startedAt,
          status: 'completed',
          debit: 300,
          updatedAt: new Date().toISOString(),
        }),
      ]);
      expect(report).toMatchObject({ updated: 0, unchanged: 1 });
      expect((await view(roundId)).round.status).toBe('open');

      await simulator.setMode('normal');
      const retried = await retry(roundId);
      expect(retried.statusCode, retried.body).toBe(200);
      const done = retried.json<SupportRound>();
      expect(done.round.status).toBe('manualClose');
      expect(done.closure).toMatchObject({ state: 'closed', idempotencyKey: key, attempts: 2 });
      expect(bookingsOf(roundId)).toEqual([expect.objectContaining({ idempotencyKey: key })]);
      const calls = done.timeline.filter((entry) => entry.kind === 'bridge-call');
      expect(
        calls.map((entry) => entry.kind === 'bridge-call' && [entry.outcome, entry.request.idempotencyKey]),
      ).toEqual([
        ['unknown', key],
        ['booked', key],
      ]);
      expect(done.timeline.some((entry) => entry.kind === 'action' && entry.action === 'close-retried')).toBe(
        true,
      );
      expectError(await retry(roundId), 409, 'ROUND_CLOSE_NOT_PENDING');
      await expectRollupsExact(db());
    });

    for (const { mode, status, code } of [
      { mode: 'slow', status: 504, code: 'BRIDGE_TIMEOUT' },
      { mode: 'drop', status: 502, code: 'BRIDGE_UNREACHABLE' },
    ] as const) {
      it(`a bridge that booked but answered after we gave up (${mode}): the retry is replayed, booked once`, async () => {
        const roundId = await openRound({ debit: 120 });
        await simulator.setMode(mode, { delayMs: SLOWER_THAN_THE_TIMEOUT_MS });
        expectError(await close(agent, roundId, 'refund'), status, code);
        // The simulator did book: only its answer was lost.
        await expect.poll(() => bookingsOf(roundId).length, { timeout: 5_000 }).toBe(1);
        expect((await view(roundId)).closure?.state).toBe('pending');
        await simulator.setMode('normal');
        const retried = await retry(roundId);
        expect(retried.statusCode, retried.body).toBe(200);
        const done = retried.json<SupportRound>();
        expect(done.round.status).toBe('manualClose');
        expect(done.closure?.bridgeBookingId).toBe(bookingsOf(roundId)[0]!.bookingId);
        expect(
          done.timeline
            .filter((entry) => entry.kind === 'bridge-call')
            .map((entry) => entry.kind === 'bridge-call' && entry.outcome),
        ).toEqual(['unknown', 'replayed']);
        expect(bookingsOf(roundId)).toHaveLength(1);
      });
    }

    for (const { mode, status, code } of [
      { mode: 'refuse', status: 502, code: 'BRIDGE_UNREACHABLE' },
      { mode: 'error', status: 502, code: 'BRIDGE_ERROR' },
    ] as const) {
      it(`a bridge that ${mode === 'refuse' ? 'refuses connections' : 'answers 5xx'}: pending, said why, and booked once on retry`, async () => {
        const roundId = await openRound({ debit: 80 });
        await simulator.setMode(mode);
        const failed = await close(agent, roundId, 'refund', {});
        expectError(failed, status, code);
        if (mode === 'refuse') expect(failed.json<ErrorBody>().message).toBe('Keine Verbindung zur Bridge.');
        expect((await view(roundId)).closure).toMatchObject({ state: 'pending', lastError: code });
        expect(bookingsOf(roundId)).toHaveLength(0);
        await simulator.setMode('normal');
        expect((await retry(roundId)).statusCode).toBe(200);
        expect(bookingsOf(roundId)).toHaveLength(1);
      });
    }

    it('a rejected booking leaves the round open and says why; a new close is a new attempt with a new key', async () => {
      const roundId = await openRound({ debit: 90 });
      await simulator.setMode('reject');
      expectError(await close(agent, roundId, 'refund'), 422, 'BRIDGE_BOOKING_REJECTED');
      const rejected = await view(roundId);
      expect(rejected.round.status).toBe('open');
      expect(rejected.closure).toMatchObject({ state: 'rejected', lastError: 'BRIDGE_BOOKING_REJECTED' });
      expect(rejected.choices.refund.allowed).toBe(true);
      expectError(await retry(roundId), 409, 'ROUND_CLOSE_NOT_PENDING');
      await simulator.setMode('normal');
      const second = await close(agent, roundId, 'refund');
      expect(second.statusCode, second.body).toBe(200);
      const closures = await closuresOf(roundId);
      expect(closures.map((closure) => closure.state)).toEqual(['rejected', 'closed']);
      expect(closures[0]!.idempotency_key).not.toBe(closures[1]!.idempotency_key);
      expect(bookingsOf(roundId)).toEqual([
        expect.objectContaining({ idempotencyKey: closures[1]!.idempotency_key }),
      ]);
      await expectRollupsExact(db());
    });

    it('10 concurrent retries of one pending booking: every call with the same key, one booking', async () => {
      const roundId = await openRound({ debit: 60 });
      await simulator.setMode('hang');
      expectError(await close(agent, roundId, 'refund'), 504, 'BRIDGE_TIMEOUT');
      await simulator.setMode('normal');
      const answers = await Promise.all(Array.from({ length: 10 }, () => retry(roundId)));
      for (const answer of answers) {
        expect([200, 409], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 409) expect(answer.json<ErrorBody>().code).toBe('ROUND_CLOSE_NOT_PENDING');
      }
      expect(bookingsOf(roundId)).toHaveLength(1);
      const calls = (await view(roundId)).timeline.flatMap((entry) =>
        entry.kind === 'bridge-call' ? [entry.request.idempotencyKey] : [],
      );
      expect(new Set(calls).size).toBe(1);
      await expectRollupsExact(db());
    });

    it('the platform reads the closes from its feed, in order, until it acknowledges them', async () => {
      const keyB = await apiKeyFor(db(), 'cl-int-b');
      const feed = async (key: string) => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/platform/v1/support-actions?limit=1000',
          headers: { authorization: `Bearer ${key}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<SupportFeed>();
      };
      const ack = (key: string, upTo: number) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/platform/v1/support-actions/ack',
          headers: { authorization: `Bearer ${key}` },
          payload: { upTo },
        });
      const roundId = await openRound({ debit: 70 });
      expect((await close(agent, roundId, 'refund')).statusCode).toBe(200);
      const first = await feed(keyA);
      const positions = first.items.map((item) => item.position);
      expect(positions).toEqual(positions.map((_, index) => first.acknowledged + index + 1));
      expect(first.items.at(-1)).toMatchObject({
        kind: 'round-closed',
        casinoId: 'cl-a',
        roundId,
        status: 'manualClose',
        booking: 'refund',
        amount: 70,
        currency: 'EUR',
      });
      // At least once: the same items again until acknowledged; the other integration sees none of them.
      expect((await feed(keyA)).items).toEqual(first.items);
      expect((await feed(keyB)).items).toEqual([]);
      const last = positions.at(-1)!;
      expectError(await ack(keyA, last + 1), 400, 'VALIDATION_FAILED');
      expect((await ack(keyA, last)).json()).toEqual({ acknowledged: last });
      expect((await ack(keyA, last - 1)).json()).toEqual({ acknowledged: last });
      expect(await feed(keyA)).toEqual({ items: [], acknowledged: last });
    });

    it('shows the close as a significant event only to readers of that casino', async () => {
      const roundId = await openRound();
      expect((await close(agent, roundId, 'none')).statusCode).toBe(200);
      const list = async (who: SignedIn) =>
        (await who.inject({ method: 'GET', url: '/api/significant-events?pageSize=100' }))
          .json<{ items: SignificantEvent[] }>()
          .items.filter((event) => event.reason.includes(roundId));
      expect(await list(await ctx.signIn('accountant', { casinoIds: ['cl-a'] }))).toHaveLength(1);
      expect(await list(await ctx.signIn('accountant', { casinoIds: ['cl-b'] }))).toHaveLength(0);
      expect(await list(await ctx.signIn('admin'))).toHaveLength(1);
    });
  });
}

for (const engine of testEngines) {
  describe(`automatic retries of pending bookings on the job engine [${engine}]`, () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    let simulator: BridgeSimulator;

    beforeAll(async () => {
      simulator = await startBridgeSimulator({ secret: SECRET });
      ctx = await createTestApp(
        engine,
        {},
        { closures: { bridgeClient: BRIDGE_TEST_TIMEOUTS }, jobs: { pollingSeconds: 0.5 } },
      );
      await seedPlatformFixture(ctx.database.db, fixture);
      await ctx.database.db.execute(sql`update bridges set router_url = ${simulator.url}, secret = ${SECRET}
        where id in (select bridge_id from casinos where id = 'cl-a')`);
    });
    afterAll(async () => {
      await ctx?.close();
      await simulator?.close();
    });

    it('retries a pending booking by itself once it is due, with the same key, and books it once', async () => {
      const key = await apiKeyFor(ctx.database.db, 'cl-int-a');
      const roundId = 'auto-1';
      await postRounds(ctx.app, key, [
        round({
          roundId,
          casinoId: 'cl-a',
          gameId: 'cl-game',
          status: 'open',
          startedAt: new Date(Date.now() - 60_000).toISOString(),
        }),
      ]);
      const agent = await ctx.signIn('support', { casinoIds: ['cl-a'] });
      await simulator.setMode('slow', { delayMs: SLOWER_THAN_THE_TIMEOUT_MS });
      const first = await agent.inject({
        method: 'POST',
        url: `/api/support/rounds/cl-a/${roundId}/close`,
        payload: { booking: 'refund', reason: 'auto retry', confirmation: roundId },
      });
      expectError(first, 504, 'BRIDGE_TIMEOUT');
      await simulator.setMode('normal');
      // Due now (instead of in 10 s); the job runs each minute — here at once, as "run now" does.
      await makeBookingsDue(ctx.database.db, [roundId]);
      expect(await ctx.app.jobs!.runNow('booking-retries', null)).toBe(true);
      const deadline = Date.now() + 10_000;
      let state = 'pending';
      while (state === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const [row] = rowsOf<{ state: string }>(
          await ctx.database.db.execute(sql`select state from round_closures where round_id = ${roundId}`),
        );
        state = row!.state;
      }
      expect(state).toBe('closed');
      expect(simulator.bookings().filter((booking) => booking.roundId === roundId)).toHaveLength(1);
      const [row] = rowsOf<{ attempts: number; next_attempt_at: string | null }>(
        await ctx.database.db.execute(
          sql`select attempts, next_attempt_at from round_closures where round_id = ${roundId}`,
        ),
      );
      expect(row).toEqual({ attempts: 2, next_attempt_at: null });
    });
  });
}
