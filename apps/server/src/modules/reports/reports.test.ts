/**
 * The money reports against figures computed by hand: rounds ingested across month edges in three
 * currencies (one day without a rate), refunded rounds, the top games, the RTP deviation flag, the scope
 * rule (casino OR integration), NO_DATA and bad filters.
 */
import {
  MAX_REPORT_DAYS,
  type CasinoPerformance,
  type GamePerformance,
  type GgrReport,
  type IntegrationGamePerformance,
  type MoneyFigures,
  type PlatformRound,
} from '@backoffice/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { casinos, integrationCasinos } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql';
import { ENGLISH, expectError } from '../../test/api';
import { describeEachEngine, type SignedIn, type TestContext } from '../../test/app';
import { round, seedPlatformFixture } from '../../test/platform';
import { expectRollupsExact } from '../../test/rollups';
import { createIngestService } from '../platform/ingest.service';

const BASE = '/api/reports';

/** 2025-01-31 … 2025-03-01: February whole (monthly rollup), the two edge days from the daily rollup. */
const EDGES = { from: '2025-01-31', to: '2025-03-01' };

/** Rounds around the month edges of early 2025 (amounts in minor units). */
const EDGE_ROUNDS: Record<string, PlatformRound[]> = {
  'int-1': [
    round({ roundId: 'a1', startedAt: '2025-01-30T12:00:00Z', debit: 1000 }), // before the range
    round({ roundId: 'a2', startedAt: '2025-01-31T23:59:59.999Z', debit: 2000, credit: 500 }),
    round({ roundId: 'a3', startedAt: '2025-02-01T00:00:00Z', debit: 3000, credit: 1000 }),
    round({ roundId: 'a4', startedAt: '2025-02-28T23:59:59Z', debit: 4000, credit: 6000 }),
    round({ roundId: 'a5', startedAt: '2025-03-01T00:00:00Z', debit: 500 }),
    round({ roundId: 'a6', startedAt: '2025-03-02T00:00:00Z', debit: 7000 }), // after the range
    // Refunded: a round, but neither turnover nor win.
    round({ roundId: 'a7', startedAt: '2025-02-10T10:00:00Z', status: 'refunded', debit: 9999 }),
    round({
      roundId: 'b1',
      casinoId: 'casino-b',
      gameId: 'game-b',
      currency: 'SEK',
      startedAt: '2025-02-15T08:00:00Z',
      debit: 10000,
      credit: 2000,
    }),
    round({
      roundId: 'b2',
      casinoId: 'casino-b',
      gameId: 'game-b',
      currency: 'SEK',
      startedAt: '2025-01-31T08:00:00Z',
      debit: 3333,
    }),
  ],
  'int-2': [
    round({
      roundId: 'c1',
      casinoId: 'casino-c',
      gameId: 'game-c',
      currency: 'USD',
      startedAt: '2025-02-20T08:00:00Z',
      debit: 5000,
      credit: 1000,
    }),
    // No USD rate on 2025-02-21: counted as a round, left out of the EUR figures, listed as missing.
    round({
      roundId: 'c2',
      casinoId: 'casino-c',
      gameId: 'game-c',
      currency: 'USD',
      startedAt: '2025-02-21T08:00:00Z',
      debit: 2500,
    }),
  ],
};

const RATES = [
  { day: '2025-01-31', currency: 'SEK', rateToEur: '0.0901' },
  { day: '2025-02-15', currency: 'SEK', rateToEur: '0.0875' },
  { day: '2025-02-20', currency: 'USD', rateToEur: '0.92' },
  // A rate outside the rounds' days changes nothing.
  { day: '2025-02-21', currency: 'SEK', rateToEur: '0.5' },
];

/** April 2025: one round per game, GGR t3 > t5 > t6 > t1 > t2 > t4. */
const TOP_ROUNDS: PlatformRound[] = [
  ['t1', 1000, 100],
  ['t2', 1000, 900],
  ['t3', 5000, 0],
  ['t4', 1000, 2000],
  ['t5', 3000, 0],
  ['t6', 2000, 0],
].map(([gameId, debit, credit]) =>
  round({
    roundId: `top-${gameId}`,
    casinoId: 'casino-d',
    gameId: String(gameId),
    startedAt: '2025-04-10T10:00:00Z',
    debit: Number(debit),
    credit: Number(credit),
  }),
);

/** May 2025: `count` rounds of one game, each 1.00 bet and `credit` won. */
/** `count` rounds of 1 EUR bets whose credits take the values of `credits` in turn. */
function rtpRounds(gameId: string, count: number, credits: number[]): PlatformRound[] {
  return Array.from({ length: count }, (_, index) =>
    round({
      roundId: `${gameId}-${index}`,
      casinoId: 'casino-d',
      gameId,
      startedAt: `2025-05-${String(1 + (index % 28)).padStart(2, '0')}T10:00:00Z`,
      debit: 100,
      credit: credits[index % credits.length]!,
    }),
  );
}

const money = (
  rounds: number,
  turnoverEur: number,
  winsEur: number,
  holdPercent: number | null,
  byCurrency: MoneyFigures['byCurrency'],
): MoneyFigures => ({
  rounds,
  turnoverEur,
  winsEur,
  ggrEur: turnoverEur - winsEur,
  holdPercent,
  byCurrency,
});

const eur = (rounds: number, turnover: number, wins: number) => ({
  currency: 'EUR',
  rounds,
  turnover,
  wins,
  ggr: turnover - wins,
});

// Hand-computed figures of EDGES. SEK: 3333 × 0.0901 = 300.3033 and 10000 × 0.0875 = 875 (win 175);
// USD: 5000 × 0.92 = 4600 (win 920), the 2500 of 2025-02-21 have no rate.
const CASINO_A = money(5, 9500, 7500, 21.05, [eur(5, 9500, 7500)]);
const CASINO_B = money(2, 1175, 175, 85.11, [
  { currency: 'SEK', rounds: 2, turnover: 13333, wins: 2000, ggr: 11333 },
]);
const CASINO_C = money(2, 4600, 920, 80, [
  { currency: 'USD', rounds: 2, turnover: 7500, wins: 1000, ggr: 6500 },
]);
// 9500 + 300.3033 + 875 + 4600 = 15275.3033, rounded once at the end.
const EDGE_TOTALS = money(9, 15275, 8595, 43.73, [
  ...CASINO_A.byCurrency,
  ...CASINO_B.byCurrency,
  ...CASINO_C.byCurrency,
]);

describeEachEngine('money reports', (ctx: () => TestContext) => {
  const db = () => ctx().database.db;
  const get = <T>(path: string, query: Record<string, string>, as: Pick<TestContext, 'inject'> = ctx()) =>
    as.inject({ method: 'GET', url: `${BASE}/${path}`, query }).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    });

  beforeAll(async () => {
    await seedPlatformFixture(db(), {
      casinos: ['casino-a', 'casino-b', 'casino-c', 'casino-d', 'casino-gone'],
      integrations: {
        'int-1': ['casino-a', 'casino-b'],
        'int-2': ['casino-c'],
        'int-3': ['casino-d', 'casino-gone'],
      },
      games: {
        'game-a': 96,
        'game-b': 95,
        'game-c': 94.5,
        t1: 96,
        t2: 96,
        t3: 96,
        t4: 96,
        t5: 96,
        t6: 96,
        'rtp-off': 96,
        'rtp-wild': 96,
        'rtp-few': 96,
      },
    });
    for (const rate of RATES) {
      const response = await ctx().inject({ method: 'POST', url: '/api/masterdata/fx-rates', payload: rate });
      expect(response.statusCode, response.body).toBe(201);
    }
    const ingest = createIngestService(db());
    for (const [integrationId, rounds] of Object.entries(EDGE_ROUNDS)) {
      await ingest.ingestRounds(integrationId, rounds);
    }
    await ingest.ingestRounds('int-3', [
      ...TOP_ROUNDS,
      round({
        roundId: 'gone-1',
        casinoId: 'casino-gone',
        gameId: 't1',
        startedAt: '2025-04-11T10:00:00Z',
        debit: 400,
      }),
    ]);
    // The casino is deleted later: its money stays in the reports, without a name.
    await db().delete(integrationCasinos).where(eq(integrationCasinos.casinoId, 'casino-gone'));
    await db().delete(casinos).where(eq(casinos.id, 'casino-gone'));
    // 90 % with a small spread (0.8 and 1.0 times the bet); 90 % with a slot's spread (one round in ten
    // pays 9 times the bet); 10 % over only ten rounds.
    await ingest.ingestRounds('int-3', rtpRounds('rtp-off', 1000, [80, 100]));
    await ingest.ingestRounds('int-3', rtpRounds('rtp-wild', 1000, [0, 0, 0, 0, 0, 0, 0, 0, 0, 900]));
    await ingest.ingestRounds('int-3', rtpRounds('rtp-few', 10, [10]));
  });

  describe('GGR report', () => {
    it('sums turnover and wins in EUR over the rates of each day, with each currency alongside', async () => {
      const report = await get<GgrReport>('ggr', EDGES);
      expect(report.filter).toEqual(EDGES);
      expect(report.totals).toEqual(EDGE_TOTALS);
      expect(report.missingRates).toEqual([{ currency: 'USD', day: '2025-02-21' }]);
    });

    it('has one point per day of a range up to 92 days, days without rounds as zero', async () => {
      const report = await get<GgrReport>('ggr', EDGES);
      expect(report.granularity).toBe('day');
      expect(report.series).toHaveLength(30);
      expect(report.series[0]).toEqual({
        period: '2025-01-31',
        turnoverEur: 2300, // 2000 EUR + 300.3033 from SEK
        winsEur: 500,
        ggrEur: 1800,
        rounds: 2,
      });
      const point = (period: string) => report.series.find((entry) => entry.period === period);
      expect(point('2025-02-05')).toEqual({
        period: '2025-02-05',
        turnoverEur: 0,
        winsEur: 0,
        ggrEur: 0,
        rounds: 0,
      });
      expect(point('2025-02-10')).toEqual({
        period: '2025-02-10',
        turnoverEur: 0,
        winsEur: 0,
        ggrEur: 0,
        rounds: 1,
      });
      expect(point('2025-02-21')).toEqual({
        period: '2025-02-21',
        turnoverEur: 0,
        winsEur: 0,
        ggrEur: 0,
        rounds: 1,
      });
      expect(point('2025-02-28')).toEqual({
        period: '2025-02-28',
        turnoverEur: 4000,
        winsEur: 6000,
        ggrEur: -2000,
        rounds: 1,
      });
      expect(report.series.at(-1)).toEqual({
        period: '2025-03-01',
        turnoverEur: 500,
        winsEur: 0,
        ggrEur: 500,
        rounds: 1,
      });
      expect(report.series.reduce((sum, entry) => sum + entry.rounds, 0)).toBe(9);
    });

    it('has one point per month of a longer range', async () => {
      const report = await get<GgrReport>('ggr', { from: '2024-12-01', to: '2025-03-31' });
      expect(report.granularity).toBe('month');
      expect(report.series).toEqual([
        { period: '2024-12', turnoverEur: 0, winsEur: 0, ggrEur: 0, rounds: 0 },
        // 1000 + 2000 EUR + 300.3033 from SEK
        { period: '2025-01', turnoverEur: 3300, winsEur: 500, ggrEur: 2800, rounds: 3 },
        // 3000 + 4000 EUR + 875 from SEK + 4600 from USD
        { period: '2025-02', turnoverEur: 12475, winsEur: 8095, ggrEur: 4380, rounds: 6 },
        { period: '2025-03', turnoverEur: 7500, winsEur: 0, ggrEur: 7500, rounds: 2 },
      ]);
      expect(report.totals.turnoverEur).toBe(23275); // 3300.3033 + 12475 + 7500, rounded once
      expect(report.totals.rounds).toBe(11);
    });

    it('shows the five games with the highest GGR, highest first, with their names', async () => {
      const report = await get<GgrReport>('ggr', { from: '2025-04-01', to: '2025-04-30' });
      expect(report.topGames.map((game) => [game.gameId, game.gameName, game.figures.ggrEur])).toEqual([
        ['t3', 'Game t3', 5000],
        ['t5', 'Game t5', 3000],
        ['t6', 'Game t6', 2000],
        ['t1', 'Game t1', 1300], // 900 in casino-d and 400 in the deleted casino
        ['t2', 'Game t2', 100],
      ]);
      expect(report.topGames[0]!.figures).toEqual(money(1, 5000, 0, 100, [eur(1, 5000, 0)]));
      expect(report.totals.ggrEur).toBe(5000 + 3000 + 2000 + 1300 + 100 - 1000);
    });
  });

  describe('casino performance', () => {
    it('has a row per casino, highest GGR first, and the totals', async () => {
      const report = await get<CasinoPerformance>('casino-performance', EDGES);
      expect(report.rows).toEqual([
        { casinoId: 'casino-c', casinoName: 'Casino casino-c', figures: CASINO_C },
        { casinoId: 'casino-a', casinoName: 'Casino casino-a', figures: CASINO_A },
        { casinoId: 'casino-b', casinoName: 'Casino casino-b', figures: CASINO_B },
      ]);
      expect(report.totals).toEqual(EDGE_TOTALS);
      expect(report.missingRates).toEqual([{ currency: 'USD', day: '2025-02-21' }]);
    });

    it('answers the name of a deleted casino as null', async () => {
      const report = await get<CasinoPerformance>('casino-performance', {
        from: '2025-04-01',
        to: '2025-04-30',
      });
      expect(report.rows.find((row) => row.casinoId === 'casino-gone')).toEqual({
        casinoId: 'casino-gone',
        casinoName: null,
        figures: money(1, 400, 0, 100, [eur(1, 400, 0)]),
      });
    });

    it('reads whole months from the monthly rollup and the edge days from the daily one', async () => {
      // The GGR series of a range up to 92 days reads day by day; the mix of months and days agrees.
      const daily = (await get<GgrReport>('ggr', EDGES)).series;
      const mixed = await get<CasinoPerformance>('casino-performance', EDGES);
      const sum = (key: 'rounds' | 'turnoverEur' | 'winsEur') =>
        daily.reduce((total, point) => total + point[key], 0);
      expect([mixed.totals.rounds, mixed.totals.turnoverEur, mixed.totals.winsEur]).toEqual([
        sum('rounds'),
        sum('turnoverEur'),
        sum('winsEur'),
      ]);
      expect(mixed.totals).toEqual(EDGE_TOTALS);

      // Proof of which rows are read: a change to February's monthly row shows, one to January's does not.
      const bump = (month: string, cents: number) =>
        db().execute(sql`update round_stats_monthly set bet_eur = bet_eur + ${cents}
          where casino_id = 'casino-a' and month = ${month}::date`);
      await bump('2025-02-01', 100_000);
      await bump('2025-01-01', 7_000_000);
      try {
        const changed = await get<CasinoPerformance>('casino-performance', EDGES);
        const casinoA = changed.rows.find((row) => row.casinoId === 'casino-a')!;
        expect(casinoA.figures.turnoverEur).toBe(9500 + 100_000);
        expect((await get<GgrReport>('ggr', EDGES)).series).toEqual(daily);
      } finally {
        await bump('2025-02-01', -100_000);
        await bump('2025-01-01', -7_000_000);
      }
      expect((await get<CasinoPerformance>('casino-performance', EDGES)).totals).toEqual(EDGE_TOTALS);
    });

    it('reads a month covered but for a few days whole, less those days, to the figures day by day', async () => {
      // February less the 1st and the 28th: the month and two days instead of 26 days.
      const range = { from: '2025-02-02', to: '2025-02-27' };
      const daily = (await get<GgrReport>('ggr', range)).series;
      const sum = (key: 'rounds' | 'turnoverEur' | 'winsEur') =>
        daily.reduce((total, point) => total + point[key], 0);
      const expected = [sum('rounds'), sum('turnoverEur'), sum('winsEur')];
      const casinos = await get<CasinoPerformance>('casino-performance', range);
      const games = await get<GamePerformance>('game-performance', range);
      expect(expected[0]).toBe(4);
      for (const totals of [casinos.totals, games.totals]) {
        expect([totals.rounds, totals.turnoverEur, totals.winsEur]).toEqual(expected);
      }
      expect(casinos.rows.find((row) => row.casinoId === 'casino-a')!.figures).toEqual(
        money(1, 0, 0, null, [eur(1, 0, 0)]),
      );

      // Proof that the days left out are read and taken away: a change to the 28th's rows shows negated.
      const bump = (cents: number) =>
        Promise.all(
          ['round_stats_daily', 'round_stats_daily_totals'].map((table) =>
            db().execute(sql`update ${sql.raw(table)} set bet_eur = bet_eur + ${cents}
              where casino_id = 'casino-a' and day = '2025-02-28'::date`),
          ),
        );
      await bump(100);
      try {
        const changed = await get<CasinoPerformance>('casino-performance', range);
        expect(changed.rows.find((row) => row.casinoId === 'casino-a')!.figures.turnoverEur).toBe(-100);
        const changedGames = await get<GamePerformance>('game-performance', range);
        expect(changedGames.totals.turnoverEur).toBe(games.totals.turnoverEur - 100);
      } finally {
        await bump(-100);
      }
    });

    it('shows no currency whose rounds all fall on the days left out of a month read whole', async () => {
      await createIngestService(db()).ingestRounds('int-3', [
        round({
          roundId: 'jul-1',
          casinoId: 'casino-d',
          gameId: 't2',
          startedAt: '2025-07-10T10:00:00Z',
          debit: 100,
        }),
        round({
          roundId: 'jul-2',
          casinoId: 'casino-d',
          gameId: 't3',
          currency: 'SEK',
          startedAt: '2025-07-31T10:00:00Z',
          debit: 900,
        }),
      ]);
      // July less the 31st: the SEK round is read with the month and taken away with its day.
      const range = { from: '2025-07-01', to: '2025-07-30', casinoIds: 'casino-d' };
      const casinos = await get<CasinoPerformance>('casino-performance', range);
      expect(casinos.rows).toEqual([
        {
          casinoId: 'casino-d',
          casinoName: 'Casino casino-d',
          figures: money(1, 100, 0, 100, [eur(1, 100, 0)]),
        },
      ]);
      expect(casinos.totals.byCurrency.map((figures) => figures.currency)).toEqual(['EUR']);
      const games = await get<GamePerformance>('game-performance', range);
      expect(games.rows.map((row) => row.gameId)).toEqual(['t2']);
      expect(games.totals.byCurrency.map((figures) => figures.currency)).toEqual(['EUR']);
    });

    it('reads single days from the daily totals unless it filters or groups by game', async () => {
      const series = (await get<GgrReport>('ggr', EDGES)).series;
      const day = series.find((point) => point.rounds > 0)!.period;
      const gameIds = (await get<GgrReport>('ggr', EDGES)).topGames.map((game) => game.gameId).join(',');
      const byGame = await get<GgrReport>('ggr', { ...EDGES, gameIds });
      // Proof of which rows are read: a change to the day's totals shows only where no game is asked for.
      const [row] = rowsOf<{ casino_id: string; integration_id: string; currency: string }>(
        await db().execute(sql`select casino_id, integration_id, currency from round_stats_daily_totals
          where day = ${day}::date order by 1, 2, 3 limit 1`),
      );
      const bump = (cents: number) =>
        db().execute(sql`update round_stats_daily_totals set bet_eur = bet_eur + ${cents}
          where day = ${day}::date and casino_id = ${row!.casino_id}
            and integration_id = ${row!.integration_id} and currency = ${row!.currency}`);
      await bump(55_500);
      try {
        const changed = await get<GgrReport>('ggr', EDGES);
        const point = (report: GgrReport) => report.series.find((entry) => entry.period === day)!;
        expect(point(changed).turnoverEur).toBe(point({ series } as GgrReport).turnoverEur + 55_500);
        expect(changed.topGames).toEqual(byGame.topGames);
        expect((await get<GgrReport>('ggr', { ...EDGES, gameIds })).series).toEqual(byGame.series);
      } finally {
        await bump(-55_500);
      }
      expect((await get<GgrReport>('ggr', EDGES)).series).toEqual(series);
    });

    it('applies the filters: casinos, integrations, games and currency', async () => {
      const sek = await get<CasinoPerformance>('casino-performance', { ...EDGES, currency: 'SEK' });
      expect(sek.rows).toEqual([{ casinoId: 'casino-b', casinoName: 'Casino casino-b', figures: CASINO_B }]);
      expect(sek.totals).toEqual(CASINO_B);
      expect(sek.missingRates).toEqual([]);

      const some = await get<CasinoPerformance>('casino-performance', {
        ...EDGES,
        casinoIds: 'casino-a, casino-c',
      });
      expect(some.rows.map((row) => row.casinoId)).toEqual(['casino-c', 'casino-a']);

      const byIntegration = await get<CasinoPerformance>('casino-performance', {
        ...EDGES,
        integrationIds: 'int-1',
      });
      expect(byIntegration.rows.map((row) => row.casinoId)).toEqual(['casino-a', 'casino-b']);
      expect(byIntegration.missingRates).toEqual([]);

      const byGame = await get<CasinoPerformance>('casino-performance', { ...EDGES, gameIds: 'game-b' });
      expect(byGame.totals).toEqual(CASINO_B);
    });
  });

  describe('game performance', () => {
    it('compares the actual RTP with the theoretical one', async () => {
      const report = await get<GamePerformance>('game-performance', EDGES);
      expect(report.rows).toEqual([
        {
          gameId: 'game-c',
          gameName: 'Game game-c',
          figures: CASINO_C,
          actualRtpPercent: 20,
          theoreticalRtpPercent: 94.5,
          rtpBand: null, // far off, but too few rounds to judge
          deviationFlagged: false,
        },
        {
          gameId: 'game-a',
          gameName: 'Game game-a',
          figures: CASINO_A,
          actualRtpPercent: 78.95, // 7500 / 9500
          theoreticalRtpPercent: 96,
          rtpBand: null,
          deviationFlagged: false,
        },
        {
          gameId: 'game-b',
          gameName: 'Game game-b',
          figures: CASINO_B,
          actualRtpPercent: 14.89, // 175 / 1175
          theoreticalRtpPercent: 95,
          rtpBand: null,
          deviationFlagged: false,
        },
      ]);
      expect(report.totals).toEqual(EDGE_TOTALS);
    });

    it('flags a game only when its actual RTP lies outside the band its rounds allow at 99 %', async () => {
      const report = await get<GamePerformance>('game-performance', { from: '2025-05-01', to: '2025-05-31' });
      const rows = Object.fromEntries(report.rows.map((row) => [row.gameId, row]));
      // Win per bet 0.8 or 1.0: s = 0.10005 (sample), so 96 ± 2.5758 · 0.10005 / √1000 · 100 = 96 ± 0.81.
      expect(rows['rtp-off']).toMatchObject({
        actualRtpPercent: 90,
        theoreticalRtpPercent: 96,
        rtpBand: { lowPercent: 95.19, highPercent: 96.81 },
        deviationFlagged: true,
        figures: { rounds: 1000, turnoverEur: 100_000, winsEur: 90_000 },
      });
      // The same 90 %, but one round in ten pays 9 times the bet: s = 2.7014, 96 ± 22.00. Normal for a slot.
      expect(rows['rtp-wild']).toMatchObject({
        actualRtpPercent: 90,
        theoreticalRtpPercent: 96,
        rtpBand: { lowPercent: 74, highPercent: 118 },
        deviationFlagged: false,
      });
      expect(rows['rtp-few']).toMatchObject({
        actualRtpPercent: 10,
        rtpBand: null,
        deviationFlagged: false,
        figures: { rounds: 10 },
      });
    });

    it('keeps the band’s figures exact through refunds and replaced states', async () => {
      const report = await get<GamePerformance>('game-performance', EDGES);
      // Few rounds in the edge data: no band, no flag, whatever the RTP.
      expect(report.rows.every((row) => row.rtpBand === null && !row.deviationFlagged)).toBe(true);
      await expectRollupsExact(db());
    });
  });

  describe('integration game performance', () => {
    it('has a row per integration and game', async () => {
      const report = await get<IntegrationGamePerformance>('integration-game-performance', EDGES);
      expect(
        report.rows.map((row) => [row.integrationId, row.integrationName, row.gameId, row.figures.ggrEur]),
      ).toEqual([
        ['int-2', 'Integration int-2', 'game-c', 3680],
        ['int-1', 'Integration int-1', 'game-a', 2000],
        ['int-1', 'Integration int-1', 'game-b', 1000],
      ]);
      expect(report.rows[1]).toEqual({
        integrationId: 'int-1',
        integrationName: 'Integration int-1',
        gameId: 'game-a',
        gameName: 'Game game-a',
        figures: CASINO_A,
        actualRtpPercent: 78.95,
        theoreticalRtpPercent: 96,
        rtpBand: null,
        deviationFlagged: false,
      });
      expect(report.totals).toEqual(EDGE_TOTALS);
    });
  });

  describe('scope', () => {
    let casinoA: SignedIn;
    let int2: SignedIn;
    let both: SignedIn;
    beforeAll(async () => {
      casinoA = await ctx().signIn('accountant', { casinoIds: ['casino-a'] });
      int2 = await ctx().signIn('visitor', { integrationIds: ['int-2'] });
      both = await ctx().signIn('developer', { casinoIds: ['casino-b'], integrationIds: ['int-2'] });
    });

    it('shows a user scoped to one casino only that casino', async () => {
      const report = await get<CasinoPerformance>('casino-performance', EDGES, casinoA);
      expect(report.rows).toEqual([
        { casinoId: 'casino-a', casinoName: 'Casino casino-a', figures: CASINO_A },
      ]);
      expect(report.totals).toEqual(CASINO_A);
      expect(report.missingRates).toEqual([]);
      const ggr = await get<GgrReport>('ggr', EDGES, casinoA);
      expect(ggr.totals).toEqual(CASINO_A);
      expect(ggr.topGames.map((game) => game.gameId)).toEqual(['game-a']);
    });

    it("shows an integration-scoped user its integration's rows, with its missing rates", async () => {
      const report = await get<IntegrationGamePerformance>('integration-game-performance', EDGES, int2);
      expect(report.rows.map((row) => [row.integrationId, row.gameId])).toEqual([['int-2', 'game-c']]);
      expect(report.totals).toEqual(CASINO_C);
      expect(report.missingRates).toEqual([{ currency: 'USD', day: '2025-02-21' }]);
    });

    it('shows the rows of the casinos OR the integrations of a user', async () => {
      const report = await get<CasinoPerformance>('casino-performance', EDGES, both);
      expect(report.rows.map((row) => row.casinoId)).toEqual(['casino-c', 'casino-b']);
      const games = await get<GamePerformance>('game-performance', EDGES, both);
      expect(games.rows.map((row) => row.gameId)).toEqual(['game-c', 'game-b']);
    });

    it('answers NO_DATA outside the scope, also when a filter names a casino outside it', async () => {
      const outside = await casinoA.inject({
        method: 'GET',
        url: `${BASE}/casino-performance`,
        query: { ...EDGES, casinoIds: 'casino-c' },
      });
      expectError(outside, 404, 'NO_DATA');
      const nothing = await ctx().signIn('accountant', { casinoIds: ['casino-d'] });
      expectError(await nothing.inject({ method: 'GET', url: `${BASE}/ggr`, query: EDGES }), 404, 'NO_DATA');
    });
  });

  describe('answers', () => {
    it("answers NO_DATA without rounds in range, in the reader's language", async () => {
      const query = { from: '2020-01-01', to: '2020-01-31' };
      for (const path of ['ggr', 'casino-performance', 'game-performance', 'integration-game-performance']) {
        const german = await ctx().inject({ method: 'GET', url: `${BASE}/${path}`, query });
        expect(expectError(german, 404, 'NO_DATA').message).toBe('Keine Daten gefunden.');
        const english = await ctx().inject({
          method: 'GET',
          url: `${BASE}/${path}`,
          query,
          headers: ENGLISH,
        });
        expect(expectError(english, 404, 'NO_DATA').message).toBe('No data found.');
      }
    });

    it.each([
      ['to before from', { from: '2025-02-01', to: '2025-01-31' }],
      ['a range over the limit', { from: '2022-01-01', to: addDays('2022-01-01', MAX_REPORT_DAYS) }],
      ['no to', { from: '2025-02-01' }],
      ['a date that does not exist', { from: '2025-02-30', to: '2025-03-01' }],
      ['a bad casino id', { ...EDGES, casinoIds: 'casino a' }],
      ['a bad game id', { ...EDGES, gameIds: 'game-a,/etc' }],
      ['a bad integration id', { ...EDGES, integrationIds: `${'x'.repeat(65)}` }],
      ['a bad currency', { ...EDGES, currency: 'eur' }],
    ])('refuses %s with VALIDATION_FAILED', async (_, query) => {
      for (const path of ['ggr', 'casino-performance', 'game-performance', 'integration-game-performance']) {
        const response = await ctx().inject({ method: 'GET', url: `${BASE}/${path}`, query });
        expectError(response, 400, 'VALIDATION_FAILED');
      }
    });

    it('takes a range of exactly the longest length', async () => {
      const query = { from: addDays('2025-04-30', -(MAX_REPORT_DAYS - 1)), to: '2025-04-30' };
      expect(query.from).toBe('2022-04-27');
      const report = await get<GgrReport>('ggr', query);
      expect(report.granularity).toBe('month');
      expect(report.series).toHaveLength(37); // 2022-04 … 2025-04
      expect(report.series[0]!.period).toBe('2022-04');
      expect(report.totals.rounds).toBe(11 + 7);
    });

    it('requires a session and the permission to view reports', async () => {
      for (const path of ['ggr', 'casino-performance', 'game-performance', 'integration-game-performance']) {
        const url = `${BASE}/${path}?from=${EDGES.from}&to=${EDGES.to}`;
        expectError(await ctx().app.inject({ method: 'GET', url }), 401, 'UNAUTHENTICATED');
        const support = await ctx().signIn('support');
        expectError(await support.inject({ method: 'GET', url }), 403, 'NO_PERMISSION');
        const accountant = await ctx().signIn('accountant', { casinoIds: ['casino-a'] });
        expect((await accountant.inject({ method: 'GET', url })).statusCode).toBe(200);
        // Outside admin, a user without any casino or integration sees nothing.
        const unscoped = await ctx().signIn('accountant');
        expectError(await unscoped.inject({ method: 'GET', url }), 404, 'NO_DATA');
      }
    });
  });
});

function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);
}
