/**
 * The bulk generator of platform data, on each engine: exact counts, the same rows for the same seed,
 * believable shapes (statuses, RTP, the daily curve, bets per currency, players), partitions created or
 * reused, and rollups equal to a recomputation from the raw rounds.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql';
import { recomputedDailySql } from '../modules/platform/rollups';
import { createReportsService } from '../modules/reports/reports.service';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/databases';
import { seedPlatformFixture } from '../test/platform';
import {
  generatePlatformData,
  roundsByStatus,
  OPEN_WITHIN_DAYS,
  STATUS_SHARES,
  type PlatformDataOptions,
} from './platform-data';

const ROUNDS = 20_000;

/** Jan 20 to Mar 10: three months, the first and last partial; 49 whole days. */
const options: PlatformDataOptions = {
  seed: 11,
  rounds: ROUNDS,
  from: '2026-01-20T00:00:00.000Z',
  until: '2026-03-10T00:00:00.000Z',
  casinos: [
    { casinoId: 'casino-eu', integrationId: 'int-a', currencies: ['EUR'], weight: 2, country: 'MT' },
    { casinoId: 'casino-se', integrationId: 'int-a', currencies: ['SEK'], players: 40 },
    {
      casinoId: 'casino-uk',
      integrationId: 'int-b',
      currencies: ['GBP', 'USD'],
      games: ['game-b', 'game-c'],
      jurisdiction: 'United Kingdom (UKGC)',
    },
  ],
  games: [
    { gameId: 'game-a', theoreticalRtp: 96 },
    { gameId: 'game-b', theoreticalRtp: 94 },
    { gameId: 'game-c', theoreticalRtp: 97.5 },
    { gameId: 'game-d', theoreticalRtp: 95 },
  ],
  batchSize: 4_000,
};

/** Everything that makes up the rows, as one hash: equal data sets, equal fingerprints. */
async function fingerprint(database: TestDatabase): Promise<string> {
  const [row] = rowsOf<{ rounds: string; players: string; savegames: string }>(
    await database.db.execute(sql`
      select
        (select md5(string_agg(concat_ws('|', casino_id, round_id, started_at, provider_round_id, integration_id,
          player_id, game_id, updated_at, status, currency, debit, credit, total_win, voucher_code, funds_at_start,
          funds_at_end, displayed_outcome, real_money, bonus_money, voucher_money), ',' order by casino_id, round_id))
          from game_rounds) as rounds,
        (select md5(string_agg(concat_ws('|', casino_id, player_id, integration_id, language, country, email,
          jurisdiction, first_name, last_name, nick_name, city, date_of_birth, gender, registered_at), ','
          order by casino_id, player_id)) from players) as players,
        (select md5(string_agg(concat_ws('|', casino_id, player_id, game_id, saved_at, state, data), ','
          order by casino_id, player_id, game_id)) from savegames) as savegames`),
  );
  return JSON.stringify(row);
}

for (const engine of testEngines) {
  describe(`platform data generator [${engine}]`, () => {
    let database: TestDatabase;
    let result: Awaited<ReturnType<typeof generatePlatformData>>;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      const { db } = database;
      // February is partitioned already (the direct path); January and March are loaded and attached.
      await db.execute(sql`select ensure_game_rounds_partition('2026-02-01')`);
      // SEK and GBP have rates for every day, USD for none: its rounds must stay unrated.
      await db.execute(sql`insert into fx_rates (day, currency, rate_to_eur)
        select d::date, c, case c when 'SEK' then 0.087 else 1.17 end
        from generate_series('2026-01-20'::date, '2026-03-09'::date, interval '1 day') d,
          unnest(array['SEK', 'GBP']) c`);
      result = await generatePlatformData(db, options);
    });

    afterAll(async () => {
      await database?.destroy();
    });

    const query = async <Row>(statement: ReturnType<typeof sql>) =>
      rowsOf<Row>(await database.db.execute(statement));

    it('writes exactly the rounds asked for, within the range, into monthly partitions', async () => {
      expect(result.rounds).toBe(ROUNDS);
      expect(result.months).toEqual(['2026-01', '2026-02', '2026-03']);
      const [range] = await query<{ n: number; first: string; last: string }>(sql`
        select count(*)::int as n, min(started_at) as first, max(started_at) as last from game_rounds`);
      expect(Number(range!.n)).toBe(ROUNDS);
      expect(new Date(range!.first).getTime()).toBeGreaterThanOrEqual(Date.parse(options.from));
      expect(new Date(range!.last).getTime()).toBeLessThan(Date.parse(options.until));

      const partitions = await query<{ name: string; n: number }>(sql`
        select c.relname as name, (select count(*)::int from game_rounds g where g.tableoid = c.oid) as n
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'game_rounds'::regclass order by 1`);
      const filled = partitions.filter((partition) => Number(partition.n) > 0);
      expect(filled.map((partition) => partition.name)).toEqual([
        'game_rounds_2026_01',
        'game_rounds_2026_02',
        'game_rounds_2026_03',
      ]);
      // Rounds by month follow the days in range: 12, 28 and 9.
      const [january, february, march] = filled.map((partition) => Number(partition.n));
      expect(february! / ROUNDS).toBeGreaterThan(0.5);
      expect(january! / ROUNDS).toBeGreaterThan(0.18);
      expect(march! / ROUNDS).toBeGreaterThan(0.15);
      // No load tables are left behind.
      expect(await query(sql`select relname from pg_class where relname like 'game_rounds_load%'`)).toEqual(
        [],
      );
    });

    it('gives every round a known player of its casino, and players the fields of the spec', async () => {
      const [orphans] = await query<{ n: number }>(sql`
        select count(*)::int as n from game_rounds g
        where not exists (select 1 from players p where p.casino_id = g.casino_id and p.player_id = g.player_id)`);
      expect(Number(orphans!.n)).toBe(0);
      const perCasino = await query<{ casino_id: string; n: number; integrations: string }>(sql`
        select casino_id, count(*)::int as n, string_agg(distinct integration_id, ',') as integrations
        from players group by 1 order by 1`);
      expect(perCasino.map((row) => [row.casino_id, Number(row.n), row.integrations])).toEqual([
        // Default: one player per 150 of the casino's rounds (its weight's share of 20,000).
        ['casino-eu', Math.round((ROUNDS * 2) / 4 / 150), 'int-a'],
        ['casino-se', 40, 'int-a'],
        ['casino-uk', Math.round(ROUNDS / 4 / 150), 'int-b'],
      ]);
      expect(result.players).toBe(67 + 40 + 33);
      const [missing] = await query<{ n: number }>(sql`
        select count(*)::int as n from players where language is null or country is null or email is null
          or first_name is null or last_name is null or nick_name is null or city is null
          or date_of_birth is null or gender is null or registered_at is null`);
      expect(Number(missing!.n)).toBe(0);
      const [home] = await query<{ share: number }>(sql`
        select avg((country = 'MT')::int)::float8 as share from players where casino_id = 'casino-eu'`);
      expect(Number(home!.share)).toBeGreaterThan(0.7);
      const [uk] = await query<{ jurisdictions: string }>(sql`
        select string_agg(distinct jurisdiction, ',') as jurisdictions from players where casino_id = 'casino-uk'`);
      expect(uk!.jurisdictions).toBe('United Kingdom (UKGC)');
      // Adults, registered before the range.
      const [ages] = await query<{ youngest: string; latest: string }>(sql`
        select max(date_of_birth)::text as youngest, max(registered_at) as latest from players`);
      expect(ages!.youngest < '2005-01-20').toBe(true);
      expect(new Date(ages!.latest).getTime()).toBeLessThan(Date.parse(options.from));
    });

    it('spreads statuses as configured, most rounds completed', async () => {
      const byStatus = await roundsByStatus(database.db);
      expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(ROUNDS);
      for (const [status, share] of Object.entries(STATUS_SHARES)) {
        if (status === 'open') continue;
        expect(byStatus[status], status).toBeGreaterThan(ROUNDS * share * 0.5);
        expect(byStatus[status], status).toBeLessThan(ROUNDS * share * 1.6);
      }
      // Open only within the last days, which every casino's validity period covers.
      const [open] = await query<{ n: number; stale: number; recent: number }>(sql`
        select count(*) filter (where status = 'open')::int as n,
          count(*) filter (where status = 'open' and started_at
            < ${options.until}::timestamptz - make_interval(days => ${OPEN_WITHIN_DAYS}))::int as stale,
          count(*) filter (where started_at
            >= ${options.until}::timestamptz - make_interval(days => ${OPEN_WITHIN_DAYS}))::int as recent
        from game_rounds`);
      expect(open!.stale).toBe(0);
      expect(open!.n).toBeGreaterThan(open!.recent * STATUS_SHARES.open * 0.5);
      expect(open!.n).toBeLessThan(open!.recent * STATUS_SHARES.open * 1.6);
      expect(byStatus.completed! / ROUNDS).toBeGreaterThan(0.95);
      // What each status means for the money.
      const [wrong] = await query<{ n: number }>(sql`
        select count(*)::int as n from game_rounds where
          (status in ('refunded', 'expiredVoucher') and (credit <> 0 or total_win <> 0))
          or (status in ('open', 'autoCloseFailed') and (credit <> 0 or funds_at_end is not null))
          or (status in ('completed', 'autoClose', 'manualClose', 'operator') and credit <> total_win)
          or (status = 'expiredVoucher' and (voucher_code is null or voucher_money <> debit))
          or real_money + bonus_money + voucher_money <> debit
          or updated_at < started_at or updated_at > ${options.until}::timestamptz`);
      expect(Number(wrong!.n)).toBe(0);
    });

    it('pays back about each game’s RTP: most rounds lose, a few win big', async () => {
      const games = await query<{ game_id: string; rtp: number; hits: number; big: number }>(sql`
        select game_id, sum(win_eur) / sum(bet_eur) * 100 as rtp,
          (select avg((credit > 0)::int)::float8 from game_rounds g where g.game_id = s.game_id) as hits,
          (select count(*)::int from game_rounds g where g.game_id = s.game_id and credit >= 20 * debit) as big
        from round_stats_daily s where currency <> 'USD' group by game_id order by game_id`);
      expect(games.map((game) => game.game_id)).toEqual(['game-a', 'game-b', 'game-c', 'game-d']);
      for (const game of games) {
        const theoretical = options.games.find((g) => g.gameId === game.game_id)!.theoreticalRtp;
        expect(Math.abs(Number(game.rtp) - theoretical), game.game_id).toBeLessThan(8);
        expect(Number(game.hits)).toBeGreaterThan(0.3);
        expect(Number(game.hits)).toBeLessThan(0.4);
        expect(Number(game.big)).toBeGreaterThan(0);
      }
      const [overall] = await query<{ rtp: number }>(sql`
        select sum(win_eur) / sum(bet_eur) * 100 as rtp from round_stats_daily where currency <> 'USD'`);
      expect(Number(overall!.rtp)).toBeGreaterThan(92);
      expect(Number(overall!.rtp)).toBeLessThan(99);
    });

    it('plays only the games a casino has, in its currencies, with bets that fit the currency', async () => {
      const rows = await query<{ casino_id: string; games: string; currencies: string; bet: number }>(sql`
        select casino_id, string_agg(distinct game_id, ',') as games, string_agg(distinct currency, ',') as currencies,
          avg(debit)::float8 as bet
        from game_rounds group by 1 order by 1`);
      expect(rows.map((row) => [row.casino_id, row.games, row.currencies])).toEqual([
        ['casino-eu', 'game-a,game-b,game-c,game-d', 'EUR'],
        ['casino-se', 'game-a,game-b,game-c,game-d', 'SEK'],
        ['casino-uk', 'game-b,game-c', 'GBP,USD'],
      ]);
      const [eu, se] = rows.map((row) => Number(row.bet));
      // Kronor are worth about a tenth of a euro: the same bets are ten times as many minor units.
      expect(se! / eu!).toBeGreaterThan(4);
      expect(se! / eu!).toBeLessThan(25);
      // A player keeps one currency.
      const [mixed] = await query<{ n: number }>(sql`
        select count(*)::int as n from (select casino_id, player_id from game_rounds group by 1, 2
          having count(distinct currency) > 1) p`);
      expect(Number(mixed!.n)).toBe(0);
    });

    it('follows a daily curve: evenings busier than mornings; later weeks busier than the first', async () => {
      const [hours] = await query<{ evening: number; morning: number; first: number; last: number }>(sql`
        select count(*) filter (where extract(hour from started_at at time zone 'UTC') between 18 and 21)::int as evening,
          count(*) filter (where extract(hour from started_at at time zone 'UTC') between 6 and 9)::int as morning,
          count(*) filter (where started_at < '2026-01-27')::int as first,
          count(*) filter (where started_at >= '2026-03-03')::int as last
        from game_rounds`);
      expect(Number(hours!.evening)).toBeGreaterThan(2.5 * Number(hours!.morning));
      expect(Number(hours!.last)).toBeGreaterThan(1.2 * Number(hours!.first));
    });

    it('adds savegames of players and the games they play', async () => {
      expect(result.savegames).toBe(Math.ceil(67 / 4) + Math.ceil(40 / 4) + Math.ceil(33 / 4));
      const [stray] = await query<{ n: number }>(sql`
        select count(*)::int as n from savegames s
        where not exists (select 1 from players p where p.casino_id = s.casino_id and p.player_id = s.player_id)
          or (s.casino_id = 'casino-uk' and s.game_id not in ('game-b', 'game-c'))
          or s.state is null or s.saved_at < ${options.from}::timestamptz`);
      expect(Number(stray!.n)).toBe(0);
    });

    it('fills the rollups exactly as a recomputation from the raw rounds, priced where rates exist', async () => {
      const columns = sql`casino_id, day, integration_id, game_id, currency, rounds, open_rounds,
        refunded_rounds, bet, win, bet_eur, win_eur, unrated_rounds`;
      const differences = await query(sql`
        (select ${columns} from round_stats_daily except select ${columns} from (${recomputedDailySql()}) r)
        union all
        (select ${columns} from (${recomputedDailySql()}) r except select ${columns} from round_stats_daily)`);
      expect(differences).toEqual([]);
      const [monthly] = await query<{ n: number }>(sql`
        select count(*)::int as n from round_stats_monthly m full join (
          select casino_id, date_trunc('month', day)::date as month, integration_id, game_id, currency,
            sum(rounds) as rounds, sum(bet) as bet, sum(win) as win, sum(bet_eur) as bet_eur,
            sum(unrated_rounds) as unrated_rounds
          from round_stats_daily group by 1, 2, 3, 4, 5) d using (casino_id, month, integration_id, game_id, currency)
        where m.rounds is distinct from d.rounds or m.bet is distinct from d.bet or m.win is distinct from d.win
          or m.bet_eur is distinct from d.bet_eur or m.unrated_rounds is distinct from d.unrated_rounds`);
      expect(Number(monthly!.n)).toBe(0);
      const [priced] = await query<{ rounds: number; unrated: number; usd: number }>(sql`
        select sum(rounds)::int as rounds, sum(unrated_rounds)::int as unrated,
          sum(rounds) filter (where currency = 'USD')::int as usd from round_stats_daily`);
      expect(Number(priced!.rounds)).toBe(ROUNDS);
      expect(Number(priced!.usd)).toBeGreaterThan(0);
      expect(Number(priced!.unrated)).toBe(Number(priced!.usd));
    });

    it('makes the same rows from the same seed, adds nothing when run again, and other rows from another seed', async () => {
      const before = await fingerprint(database);
      const again = await generatePlatformData(database.db, options);
      expect([again.rounds, again.players, again.savegames]).toEqual([0, 0, 0]);
      expect(await fingerprint(database)).toBe(before);

      const twin = await createTestDatabase(engine);
      try {
        await generatePlatformData(twin.db, options);
        expect(await fingerprint(twin)).toBe(before);
        await twin.db.execute(sql`truncate game_rounds, players, savegames`);
        const other = await generatePlatformData(twin.db, { ...options, seed: 12, rounds: 500 });
        expect(other.rounds).toBe(500);
        expect(await fingerprint(twin)).not.toBe(before);
      } finally {
        await twin.destroy();
      }
      // A database of its own made, and the rows generated three times: 5–6 s alone, 34 s on PGlite beside
      // a second test run (the newcomer's beside .ci/run).
    }, 120_000);
  });
}

describe('platform data generator options', () => {
  it('refuses options it cannot honour, before writing anything', async () => {
    const refused = (changes: Partial<PlatformDataOptions>) =>
      generatePlatformData(undefined as never, { ...options, ...changes });
    await expect(refused({ casinos: [...options.casinos, options.casinos[0]!] })).rejects.toThrow(
      'each casino once',
    );
    await expect(refused({ until: options.from })).rejects.toThrow('from must be before until');
    await expect(refused({ games: [] })).rejects.toThrow('at least one game');
    await expect(
      refused({ casinos: [{ casinoId: 'x', integrationId: 'y', currencies: ['EUR'], games: ['nope'] }] }),
    ).rejects.toThrow('games not in the list: nope');
    await expect(
      refused({ casinos: [{ casinoId: 'x', integrationId: 'y', currencies: ['euro'] }] }),
    ).rejects.toThrow('x: currency');
  });
});

describe('RTP outliers in generated data', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const games = { 'fair-1': 96, 'fair-2': 94, 'fair-3': 97, skewed: 96 };
    await seedPlatformFixture(database.db, {
      casinos: ['casino-eu'],
      integrations: { 'int-a': ['casino-eu'] },
      games,
    });
    await generatePlatformData(database.db, {
      seed: 11,
      rounds: 24_000,
      from: '2026-02-01T00:00:00.000Z',
      until: '2026-03-01T00:00:00.000Z',
      casinos: [{ casinoId: 'casino-eu', integrationId: 'int-a', currencies: ['EUR'] }],
      games: [
        { gameId: 'fair-1', theoreticalRtp: 96 },
        { gameId: 'fair-2', theoreticalRtp: 94 },
        { gameId: 'fair-3', theoreticalRtp: 97 },
        { gameId: 'skewed', theoreticalRtp: 96, payoutRtp: 76 },
      ],
    });
  });
  afterAll(() => database?.destroy());

  it('are flagged by the game performance report, and only they, with the band beside each RTP', async () => {
    const report = await createReportsService(database.db).gamePerformance(
      { from: '2026-02-01', to: '2026-02-28' },
      { unlimited: true },
    );
    const flagged = report.rows.filter((row) => row.deviationFlagged).map((row) => row.gameId);
    expect(flagged).toEqual(['skewed']);
    for (const row of report.rows) {
      expect(row.figures.rounds, row.gameId).toBeGreaterThan(1_000);
      expect(row.rtpBand, row.gameId).not.toBeNull();
    }
  });
});
