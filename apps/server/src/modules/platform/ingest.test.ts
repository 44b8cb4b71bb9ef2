import { MAX_BATCH_SIZE, type ErrorBody, type IngestResult, type PlatformRound } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { ENGLISH, expectError } from '../../test/api';
import { describeEachEngine } from '../../test/app';
import { apiKeyFor, round, seedPlatformFixture, setRate } from '../../test/platform';
import { rowsOf } from '../../lib/sql';

const fixture = {
  casinos: ['casino-a', 'casino-b', 'casino-c'],
  integrations: { 'int-1': ['casino-a', 'casino-b'], 'int-2': ['casino-c'] },
  games: { 'game-a': 96, 'game-b': 94.5 },
};

async function rollups(db: Db) {
  return rowsOf<Record<string, string | number>>(
    await db.execute(sql`select casino_id, day::text, integration_id, game_id, currency, rounds::int,
      open_rounds::int, refunded_rounds::int, bet::float8, win::float8, bet_eur::text, win_eur::text,
      unrated_rounds::int from round_stats_daily order by 1, 2, 3, 4, 5`),
  );
}

async function storedRounds(db: Db) {
  return rowsOf<{ round_id: string; status: string; credit: number }>(
    await db.execute(
      sql`select round_id, status, credit::float8 as credit from game_rounds order by round_id`,
    ),
  );
}

describeEachEngine('ingest API of the game platform', (ctx) => {
  let key: string;
  const db = () => ctx().database.db;

  beforeAll(async () => {
    await seedPlatformFixture(db(), fixture);
    key = await apiKeyFor(db(), 'int-1');
  });

  beforeEach(async () => {
    await db().execute(
      sql`truncate game_rounds, round_stats_daily, round_stats_daily_totals, round_stats_monthly, players, savegames`,
    );
    await db().execute(sql`delete from fx_rates`);
  });

  const send = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/platform/v1/${path}`,
      headers: { authorization: `Bearer ${key}`, ...headers },
      payload: payload as object,
    });
  const sendRounds = (rounds: PlatformRound[], headers?: Record<string, string>) =>
    send('rounds', { rounds }, headers);

  it('refuses requests without a valid API key, before reading the batch', async () => {
    const batch = { rounds: [round({ roundId: 'r1' })] };
    for (const authorization of [undefined, 'Bearer nonsense', `Basic ${key}`, `Bearer ${key}x`]) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/platform/v1/rounds',
        headers: authorization ? { authorization } : {},
        payload: batch,
      });
      expectError(response, 401, 'UNAUTHENTICATED');
    }
    const revoked = await apiKeyFor(db(), 'int-1');
    await db().execute(
      sql`update integration_api_keys set revoked_at = now() where prefix = ${revoked.slice(0, 12)}`,
    );
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/platform/v1/rounds',
      headers: { authorization: `Bearer ${revoked}` },
      payload: batch,
    });
    expectError(response, 401, 'UNAUTHENTICATED');
    expect(await storedRounds(db())).toEqual([]);
  });

  it('stores a batch once: sending it again changes nothing', async () => {
    const batch = [
      round({ roundId: 'r1', debit: 200, credit: 500, totalWin: 500 }),
      round({ roundId: 'r2', casinoId: 'casino-b', gameId: 'game-b', debit: 100 }),
      round({ roundId: 'r3', status: 'open', debit: 50 }),
    ];
    const first = await sendRounds(batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<IngestResult>()).toEqual({ received: 3, inserted: 3, updated: 0, unchanged: 0 });
    const before = await rollups(db());
    const again = await sendRounds(batch);
    expect(again.json<IngestResult>()).toEqual({ received: 3, inserted: 0, updated: 0, unchanged: 3 });
    expect(await rollups(db())).toEqual(before);
    expect(before).toEqual([
      expect.objectContaining({
        casino_id: 'casino-a',
        day: '2026-03-10',
        integration_id: 'int-1',
        game_id: 'game-a',
        currency: 'EUR',
        rounds: 2,
        open_rounds: 1,
        bet: 250,
        win: 500,
      }),
      expect.objectContaining({ casino_id: 'casino-b', game_id: 'game-b', rounds: 1, bet: 100, win: 0 }),
    ]);
  });

  it('applies an update only when it moves the round forward', async () => {
    const opened = round({ roundId: 'r1', status: 'open', updatedAt: '2026-03-10T12:00:01Z' });
    await sendRounds([opened]);
    // An older state of an open round is ignored; a later one is applied.
    const older = { ...opened, updatedAt: '2026-03-10T12:00:00.500Z', debit: 999 };
    expect((await sendRounds([older])).json<IngestResult>().unchanged).toBe(1);
    const later = { ...opened, updatedAt: '2026-03-10T12:00:02Z', debit: 300 };
    expect((await sendRounds([later])).json<IngestResult>().updated).toBe(1);
    const completed = {
      ...later,
      status: 'completed' as const,
      updatedAt: '2026-03-10T12:00:03Z',
      credit: 700,
    };
    expect((await sendRounds([completed])).json<IngestResult>().updated).toBe(1);
    // A final round never changes again, not even with a later time.
    const reopened = { ...completed, status: 'open' as const, updatedAt: '2026-03-10T12:05:00Z' };
    const refunded = { ...completed, status: 'refunded' as const, updatedAt: '2026-03-10T12:06:00Z' };
    expect((await sendRounds([reopened, refunded])).json<IngestResult>().unchanged).toBe(2);
    expect(await storedRounds(db())).toEqual([{ round_id: 'r1', status: 'completed', credit: 700 }]);
    expect(await rollups(db())).toEqual([
      expect.objectContaining({ rounds: 1, open_rounds: 0, bet: 300, win: 700 }),
    ]);
  });

  it('writes batches of new rounds and mixed batches alike, whichever came before', async () => {
    const expectResult = async (rounds: PlatformRound[], result: Partial<IngestResult>) => {
      const response = await sendRounds(rounds);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<IngestResult>()).toEqual(expect.objectContaining(result));
    };
    const opened = round({ roundId: 'm2', status: 'open', debit: 40 });
    // New rounds (a plain insert), then a mixed batch: a known round moved forward and a new one.
    await expectResult([round({ roundId: 'm1', debit: 10 }), opened], { inserted: 2 });
    await expectResult(
      [
        { ...opened, status: 'completed', credit: 90, totalWin: 90, updatedAt: '2026-03-10T12:01:00Z' },
        round({ roundId: 'm3', debit: 20 }),
      ],
      { inserted: 1, updated: 1 },
    );
    // New rounds after a mixed batch, then again after new ones.
    await expectResult([round({ roundId: 'm4', debit: 5 })], { inserted: 1 });
    await expectResult([round({ roundId: 'm5', debit: 5, status: 'refunded' })], { inserted: 1 });
    expect(await storedRounds(db())).toEqual([
      { round_id: 'm1', status: 'completed', credit: 0 },
      { round_id: 'm2', status: 'completed', credit: 90 },
      { round_id: 'm3', status: 'completed', credit: 0 },
      { round_id: 'm4', status: 'completed', credit: 0 },
      { round_id: 'm5', status: 'refunded', credit: 0 },
    ]);
    expect(await rollups(db())).toEqual([
      expect.objectContaining({ rounds: 5, open_rounds: 0, refunded_rounds: 1, bet: 75, win: 90 }),
    ]);
  });

  it('takes the states of one round within a batch in order', async () => {
    const opened = round({ roundId: 'r1', status: 'open' });
    const refunded = {
      ...opened,
      status: 'refunded' as const,
      credit: 100,
      updatedAt: '2026-03-10T12:01:00Z',
    };
    const response = await sendRounds([opened, refunded]);
    expect(response.json<IngestResult>()).toEqual({ received: 2, inserted: 1, updated: 0, unchanged: 1 });
    expect(await rollups(db())).toEqual([
      expect.objectContaining({ rounds: 1, open_rounds: 0, refunded_rounds: 1, bet: 0, win: 0 }),
    ]);
  });

  it('refuses a batch with an invalid item whole, with an error per item, in the user’s language', async () => {
    const good = round({ roundId: 'ok' });
    const badMoney = round({ roundId: 'bad-1', debit: -5 });
    const badSplit = round({ roundId: 'bad-2', debit: 100, moneySplit: { real: 50, bonus: 10, voucher: 0 } });
    const response = await sendRounds([good, badMoney, badSplit], ENGLISH);
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details?.map((detail) => detail.path)).toEqual([
      'body.rounds.1.debit',
      'body.rounds.2.moneySplit',
    ]);
    expect(error.details?.[1]?.message).toBe('Real, bonus and voucher money must add up to the debit.');
    const german = (await sendRounds([badSplit])).json<ErrorBody>();
    expect(german.details?.[0]?.message).toBe(
      'Echtgeld, Bonusgeld und Gutscheine müssen zusammen die Belastung ergeben.',
    );
    expect(await storedRounds(db())).toEqual([]);
  });

  it('refuses rounds of unknown casinos, casinos of another integration, and unknown games', async () => {
    const response = await sendRounds(
      [
        round({ roundId: 'ok' }),
        round({ roundId: 'x1', casinoId: 'nowhere' }),
        round({ roundId: 'x2', casinoId: 'casino-c' }),
        round({ roundId: 'x3', gameId: 'no-such-game' }),
        round({ roundId: 'x4', startedAt: '1999-12-31T23:00:00Z' }),
      ],
      ENGLISH,
    );
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details).toEqual([
      {
        path: 'body.rounds.1.casinoId',
        message: 'Unknown casino, or the casino is not bound to the integration of the API key.',
      },
      {
        path: 'body.rounds.2.casinoId',
        message: 'Unknown casino, or the casino is not bound to the integration of the API key.',
      },
      { path: 'body.rounds.3.gameId', message: 'Unknown game.' },
      {
        path: 'body.rounds.4.startedAt',
        message: 'The start of the round must lie between the year 2000 and tomorrow.',
      },
    ]);
    expect(await storedRounds(db())).toEqual([]);
  });

  it('refuses a change of a round’s player, game or currency', async () => {
    await sendRounds([round({ roundId: 'r1', status: 'open' })]);
    const moved = round({
      roundId: 'r1',
      status: 'completed',
      gameId: 'game-b',
      updatedAt: '2026-03-10T13:00:00Z',
    });
    const error = expectError(await sendRounds([moved], ENGLISH), 400, 'VALIDATION_FAILED');
    expect(error.details).toEqual([
      {
        path: 'body.rounds.0.gameId',
        message: "A round's integration, player, game and currency cannot change.",
      },
    ]);
    expect(await storedRounds(db())).toEqual([{ round_id: 'r1', status: 'open', credit: 0 }]);
  });

  it('refuses a body that is not JSON, and a __proto__ key changes nothing', async () => {
    const broken = await ctx().app.inject({
      method: 'POST',
      url: '/api/platform/v1/rounds',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"rounds": [',
    });
    expectError(broken, 400, 'BAD_REQUEST');
    const poisoned = await ctx().app.inject({
      method: 'POST',
      url: '/api/platform/v1/rounds',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ rounds: [round({ roundId: 'p1' })] }).replace(
        '"roundId"',
        '"__proto__":{"isAdmin":true},"roundId"',
      ),
    });
    expect(poisoned.statusCode, poisoned.body).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await storedRounds(db())).toEqual([{ round_id: 'p1', status: 'completed', credit: 0 }]);
  });

  it('stores exactly what it checked: numbers in any notation, a key given twice, the largest amounts', async () => {
    const sendText = (payload: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/platform/v1/rounds',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload,
      });
    const text = JSON.stringify({
      rounds: [
        round({
          roundId: 'n1',
          debit: 100,
          credit: 250,
          totalWin: 250,
          moneySplit: { real: 60, bonus: 40, voucher: 0 },
        }),
      ],
    })
      .replace('"debit":100', '"debit":1e2')
      .replace('"credit":250', '"credit":250.0')
      .replace('"real":60', '"real":6.0e1')
      // casino-c is another integration's: the last of a key counts, in the check as in the database.
      .replace('"casinoId":"casino-a"', '"casinoId":"casino-c","casinoId":"casino-a"');
    const response = await sendText(text);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<IngestResult>().inserted).toBe(1);
    const big = Number.MAX_SAFE_INTEGER;
    const large = await sendRounds([
      round({ roundId: 'n2', debit: big, credit: big - 1, totalWin: big - 1 }),
    ]);
    expect(large.statusCode, large.body).toBe(200);
    expect(
      rowsOf(
        await db().execute(sql`select round_id, casino_id, debit::text, credit::text, real_money::text,
          bonus_money::text from game_rounds order by round_id`),
      ),
    ).toEqual([
      {
        round_id: 'n1',
        casino_id: 'casino-a',
        debit: '100',
        credit: '250',
        real_money: '60',
        bonus_money: '40',
      },
      {
        round_id: 'n2',
        casino_id: 'casino-a',
        debit: String(big),
        credit: String(big - 1),
        real_money: null,
        bonus_money: null,
      },
    ]);
    expect(
      rowsOf(await db().execute(sql`select rounds::int, bet::text, win::text from round_stats_daily`)),
    ).toEqual([{ rounds: 2, bet: String(BigInt(big) + 100n), win: String(BigInt(big - 1) + 250n) }]);
  });

  it('refuses more than 1,000 items and empty batches', async () => {
    const many = Array.from({ length: MAX_BATCH_SIZE + 1 }, (_, index) => round({ roundId: `r${index}` }));
    expectError(await sendRounds(many), 400, 'VALIDATION_FAILED');
    expectError(await sendRounds([]), 400, 'VALIDATION_FAILED');
    expect(await storedRounds(db())).toEqual([]);
  });

  it('prices rollups with the rate of the round’s day, reports a missing rate and reprices when it is set', async () => {
    await setRate(db(), '2026-03-10', 'USD', '0.9');
    await sendRounds([
      round({ roundId: 'u1', currency: 'USD', debit: 1000, credit: 250 }),
      round({ roundId: 'u2', currency: 'USD', debit: 500, startedAt: '2026-03-11T08:00:00Z' }),
      round({ roundId: 'e1', debit: 300, credit: 100, startedAt: '2026-03-11T09:00:00Z' }),
    ]);
    const byDay = (rows: Record<string, unknown>[]) =>
      rows.map((row) => [
        row.day,
        row.currency,
        Number(row.bet_eur),
        Number(row.win_eur),
        row.unrated_rounds,
      ]);
    expect(byDay(await rollups(db()))).toEqual([
      ['2026-03-10', 'USD', 900, 225, 0],
      ['2026-03-11', 'EUR', 300, 100, 0],
      ['2026-03-11', 'USD', 0, 0, 1],
    ]);
    await setRate(db(), '2026-03-11', 'USD', '0.8');
    expect(byDay(await rollups(db()))).toEqual([
      ['2026-03-10', 'USD', 900, 225, 0],
      ['2026-03-11', 'EUR', 300, 100, 0],
      ['2026-03-11', 'USD', 400, 0, 0],
    ]);
    const monthly = rowsOf<{ currency: string; bet_eur: string; unrated_rounds: number }>(
      await db().execute(sql`select currency, bet_eur::text, unrated_rounds::int from round_stats_monthly
        order by currency`),
    );
    expect(monthly.map((row) => [row.currency, Number(row.bet_eur), row.unrated_rounds])).toEqual([
      ['EUR', 300, 0],
      ['USD', 1300, 0],
    ]);
  });

  it('creates the partition of a month when its first round arrives', async () => {
    const response = await sendRounds([round({ roundId: 'old', startedAt: '2021-02-03T04:05:06Z' })]);
    expect(response.statusCode, response.body).toBe(200);
    const partitions = rowsOf<{ name: string }>(
      await db().execute(sql`select inhrelid::regclass::text as name from pg_inherits
        where inhparent = 'game_rounds'::regclass and inhrelid::regclass::text = 'game_rounds_2021_02'`),
    );
    expect(partitions).toHaveLength(1);
  });

  it('stores players idempotently, the last state winning', async () => {
    const player = {
      playerId: 'p1',
      casinoId: 'casino-a',
      firstName: 'Ada',
      country: 'DE',
      dateOfBirth: '1990-01-02',
    };
    const first = await send('players', { players: [player] });
    expect(first.json<IngestResult>()).toEqual({ received: 1, inserted: 1, updated: 0, unchanged: 0 });
    expect((await send('players', { players: [player] })).json<IngestResult>().unchanged).toBe(1);
    const renamed = await send('players', { players: [{ ...player, firstName: 'Grace' }] });
    expect(renamed.json<IngestResult>().updated).toBe(1);
    const stored = rowsOf<{ first_name: string; integration_id: string; date_of_birth: string }>(
      await db().execute(sql`select first_name, integration_id, date_of_birth::text from players`),
    );
    expect(stored).toEqual([{ first_name: 'Grace', integration_id: 'int-1', date_of_birth: '1990-01-02' }]);
    const unknown = await send('players', { players: [{ ...player, casinoId: 'casino-c' }] });
    expectError(unknown, 400, 'VALIDATION_FAILED');
  });

  it('keeps the latest savegame of a player and game', async () => {
    const savegame = {
      casinoId: 'casino-a',
      playerId: 'p1',
      gameId: 'game-a',
      savedAt: '2026-03-10T10:00:00Z',
      state: { reels: [1, 2, 3] },
      data: { level: 4 },
    };
    expect((await send('savegames', { savegames: [savegame] })).json<IngestResult>().inserted).toBe(1);
    const older = { ...savegame, savedAt: '2026-03-10T09:00:00Z', data: { level: 1 } };
    expect((await send('savegames', { savegames: [older] })).json<IngestResult>().unchanged).toBe(1);
    const newer = { ...savegame, savedAt: '2026-03-10T11:00:00Z', data: { level: 5 } };
    expect((await send('savegames', { savegames: [newer] })).json<IngestResult>().updated).toBe(1);
    const stored = rowsOf<{ data: unknown }>(await db().execute(sql`select data from savegames`));
    expect(stored).toEqual([{ data: { level: 5 } }]);
  });

  it('keeps rollups exact when batches about the same rounds run at the same time', async () => {
    const opened = Array.from({ length: 200 }, (_, index) =>
      round({ roundId: `c${index}`, status: 'open', debit: 100 + index }),
    );
    const completed = opened.map((item) => ({
      ...item,
      status: 'completed' as const,
      credit: 50,
      updatedAt: '2026-03-10T12:30:00Z',
    }));
    const answers = await Promise.all([
      sendRounds(opened),
      sendRounds(completed),
      sendRounds(opened),
      sendRounds(completed),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const totalDebit = opened.reduce((sum, item) => sum + item.debit, 0);
    expect(await rollups(db())).toEqual([
      expect.objectContaining({ rounds: 200, open_rounds: 0, bet: totalDebit, win: 200 * 50 }),
    ]);
  });
});
