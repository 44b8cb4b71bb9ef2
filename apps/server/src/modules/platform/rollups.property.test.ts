/**
 * The rollups are maintained incrementally (ingest, rate changes); they must always equal a recomputation
 * from the raw rounds. Random sequences of batches — new rounds, later states, stale states, repeats — and
 * rate changes, and support's closes of open rounds (refund, win, no booking, through the bridge
 * simulator), on PGlite and on PostgreSQL.
 */
import type { FxRate, PlatformRound, RoundStatus } from '@backoffice/contracts';
import { roundStatuses } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBridgeSimulator, type BridgeSimulator } from '../../../../../tools/bridge-simulator/simulator';
import { rowsOf } from '../../lib/sql';
import { describeEachEngine, type SignedIn } from '../../test/app';
import { apiKeyFor, seedPlatformFixture, setRate } from '../../test/platform';
import { expectRollupsExact } from '../../test/rollups';
import { rebuildRollups, repriceRollups } from './rollups';

const casinoIds = ['prop-a', 'prop-b'];
const gameIds = ['prop-game-1', 'prop-game-2'];
const currencies = ['EUR', 'USD', 'GBP'];
// Days across a month's end, so that daily and monthly rows both get exercised.
const days = ['2026-01-30', '2026-01-31', '2026-02-01'];

/** A round's identity and its fixed fields follow from its number, so updates never change them. */
function identity(n: number) {
  return {
    roundId: `round-${n}`,
    casinoId: casinoIds[n % casinoIds.length]!,
    playerId: `player-${n % 3}`,
    gameId: gameIds[Math.floor(n / 2) % gameIds.length]!,
    currency: currencies[n % currencies.length]!,
    startedAt: `${days[n % days.length]!}T${String(10 + (n % 12)).padStart(2, '0')}:00:00.000Z`,
  };
}

const eventArb = fc
  .record({
    n: fc.integer({ min: 0, max: 11 }),
    // Open often enough that later states and support's closes find open rounds.
    status: fc.oneof(
      { weight: 2, arbitrary: fc.constant<RoundStatus>('open') },
      { weight: 3, arbitrary: fc.constantFrom<RoundStatus>(...roundStatuses) },
    ),
    minutesLater: fc.integer({ min: 0, max: 30 }),
    debit: fc.integer({ min: 0, max: 100_000 }),
    credit: fc.integer({ min: 0, max: 250_000 }),
  })
  .map(({ n, status, minutesLater, debit, credit }): PlatformRound => {
    const base = identity(n);
    return {
      ...base,
      status,
      updatedAt: new Date(Date.parse(base.startedAt) + minutesLater * 60_000).toISOString(),
      debit,
      credit,
      totalWin: credit,
    };
  });

const stepArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      rounds: fc.array(eventArb, { minLength: 1, maxLength: 15 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      n: fc.integer({ min: 0, max: 11 }),
      booking: fc.constantFrom('refund', 'win', 'none'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rate' as const),
      day: fc.constantFrom(...days),
      currency: fc.constantFrom('USD', 'GBP'),
      // null removes the rate.
      rate: fc.option(fc.constantFrom('0.5', '0.9123456789', '1.17', '1.3'), { nil: null }),
    }),
  },
);

describeEachEngine('rollups equal a recomputation from the raw rounds', (ctx) => {
  let key: string;
  let agent: SignedIn;
  let simulator: BridgeSimulator;
  const db = () => ctx().database.db;

  beforeAll(async () => {
    await seedPlatformFixture(db(), {
      casinos: casinoIds,
      integrations: { 'prop-int': casinoIds },
      games: Object.fromEntries(gameIds.map((gameId) => [gameId, 96])),
    });
    key = await apiKeyFor(db(), 'prop-int');
    simulator = await startBridgeSimulator({ secret: 'prop-secret' });
    await db().execute(sql`update bridges set router_url = ${simulator.url}, secret = 'prop-secret'
      where id in (select bridge_id from casinos where id in ('prop-a', 'prop-b'))`);
    agent = await ctx().signIn('admin');
  });
  afterAll(async () => {
    await simulator?.close();
  });

  async function reset(): Promise<void> {
    await db().execute(
      sql`truncate game_rounds, round_stats_daily, round_stats_daily_totals, round_stats_monthly, round_closures cascade`,
    );
    await db().execute(sql`delete from fx_rates where day in ('2026-01-30', '2026-01-31', '2026-02-01')`);
  }

  it('after random sequences of batches, rate changes and closes', async () => {
    let closed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), async (steps) => {
        await reset();
        for (const step of steps) {
          if (step.kind === 'batch') {
            const response = await ctx().app.inject({
              method: 'POST',
              url: '/api/platform/v1/rounds',
              headers: { authorization: `Bearer ${key}` },
              payload: { rounds: step.rounds },
            });
            expect(response.statusCode, response.body).toBe(200);
          } else if (step.kind === 'close') {
            // One of the rounds still open, if any.
            const open = rowsOf<{ casino_id: string; round_id: string }>(
              await db().execute(sql`select casino_id, round_id from game_rounds
                where status in ('open', 'autoCloseFailed') order by casino_id, round_id`),
            );
            const target = open[step.n % Math.max(open.length, 1)];
            if (!target) continue;
            const { round_id: roundId, casino_id: casinoId } = target;
            const response = await agent.inject({
              method: 'POST',
              url: `/api/support/rounds/${casinoId}/${roundId}/close`,
              payload: { booking: step.booking, reason: 'property', confirmation: roundId },
            });
            // Closed, or refused: not possible this way.
            expect([200, 409], response.body).toContain(response.statusCode);
            if (response.statusCode === 200) closed += 1;
          } else if (step.rate === null) {
            await db().transaction(async (tx) => {
              await tx.execute(
                sql`delete from fx_rates where day = ${step.day} and currency = ${step.currency}`,
              );
              await repriceRollups(tx, [step]);
            });
          } else {
            await setRate(db(), step.day, step.currency, step.rate);
          }
        }
        await expectRollupsExact(db());
      }),
      { numRuns: ctx().engine === 'pglite' ? 25 : 40 },
    );
    // The sequences did close rounds (refunds, wins and closes without booking among them).
    expect(closed).toBeGreaterThan(0);
  });

  it('a re-sent batch changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 20 }), async (rounds) => {
        await reset();
        const send = () =>
          ctx().app.inject({
            method: 'POST',
            url: '/api/platform/v1/rounds',
            headers: { authorization: `Bearer ${key}` },
            payload: { rounds },
          });
        expect((await send()).statusCode).toBe(200);
        const snapshot = async () => ({
          rounds: rowsOf(await db().execute(sql`select * from game_rounds order by casino_id, round_id`)).map(
            (row) => ({ ...(row as object), received_at: null }),
          ),
          daily: rowsOf(await db().execute(sql`select * from round_stats_daily order by 1, 2, 3, 4, 5`)),
          monthly: rowsOf(await db().execute(sql`select * from round_stats_monthly order by 1, 2, 3, 4, 5`)),
        });
        const before = await snapshot();
        const again = await send();
        expect(again.json<{ inserted: number; updated: number }>()).toMatchObject({
          inserted: 0,
          updated: 0,
        });
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 15 },
    );
  });

  it('the rebuild command restores rollups that were damaged', async () => {
    await reset();
    const rounds = Array.from({ length: 12 }, (_, n) => ({
      ...identity(n),
      status: 'completed' as const,
      updatedAt: identity(n).startedAt,
      debit: 1_000 + n,
      credit: 500,
      totalWin: 500,
    }));
    await setRate(db(), '2026-01-30', 'USD', '0.9');
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/platform/v1/rounds',
      headers: { authorization: `Bearer ${key}` },
      payload: { rounds },
    });
    expect(response.statusCode).toBe(200);
    await db().execute(sql`update round_stats_daily set bet = bet + 7, bet_eur = 0`);
    await db().execute(sql`delete from round_stats_monthly`);
    await rebuildRollups(db());
    await expectRollupsExact(db());
    // A rebuild of some months leaves the others alone.
    await db().execute(sql`update round_stats_daily set win = win + 1 where day = '2026-02-01'`);
    await rebuildRollups(db(), { fromMonth: '2026-02', toMonth: '2026-02' });
    await expectRollupsExact(db());
  });

  it('a rate written through master data reprices the rollups of its day', async () => {
    await reset();
    const usd = { ...identity(1), status: 'completed' as const, debit: 2_000, credit: 0, totalWin: 0 };
    await ctx().app.inject({
      method: 'POST',
      url: '/api/platform/v1/rounds',
      headers: { authorization: `Bearer ${key}` },
      payload: { rounds: [{ ...usd, updatedAt: usd.startedAt }] },
    });
    const day = usd.startedAt.slice(0, 10);
    const created = await ctx().inject({
      method: 'POST',
      url: '/api/masterdata/fx-rates',
      payload: { day, currency: 'USD', rateToEur: '0.75' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const priced = rowsOf<{ bet_eur: string; unrated_rounds: number }>(
      await db().execute(sql`select bet_eur::text, unrated_rounds::int from round_stats_daily`),
    );
    expect(priced.map((row) => [Number(row.bet_eur), row.unrated_rounds])).toEqual([[1500, 0]]);
    const rate = created.json<FxRate>();
    const removed = await ctx().inject({
      method: 'DELETE',
      url: `/api/masterdata/fx-rates/${day}/USD`,
      query: { version: String(rate.version) },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await expectRollupsExact(db());
  });
});
