/**
 * The demo's platform data: seeded once on top of the demo casinos and integrations (with two more casinos
 * for USD and DKK), every day of the range priced in EUR, games assigned where rounds are played; and the
 * demo integration's API key, renewed at every start.
 */
import type { RoundStatus } from '@backoffice/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoGames, casinos, games, integrationApiKeys, integrationCasinos } from '../db/schema/index';
import { rowsOf } from '../lib/sql';
import { authenticateApiKey } from '../modules/platform/api-keys';
import { choicesOf } from '../modules/support/closures.service';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { expectRollupsExact } from '../test/rollups';
import { seedDemoBridge } from './bridges';
import { seedDemoCasinos } from './casinos';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoIntegrations } from './integrations';
import {
  DEMO_API_KEY_NAME,
  DEMO_TRAFFIC_INTEGRATION,
  printDemoApiKey,
  renewDemoApiKey,
  seedDemoPlatform,
} from './platform';
import { seedDemo } from './seed';
import { demoSupportRoundId, demoSupportRounds } from './support-cases';
import { testSecretBox } from '../test/secrets';

const NOW = new Date('2026-05-14T15:30:00.000Z');
const ROUNDS = 6_000;
/** The casinos of the demo integrations, each with the known rounds for support. */
const DEMO_CASINOS = [
  'liberty-reels',
  'lucky-malta',
  'nordic-star',
  'rheinspiel',
  'thames-play',
  'viking-bay',
];
const SUPPORT_ROUNDS = DEMO_CASINOS.length * demoSupportRounds.length;
const DAY_MS = 86_400_000;

describe('demo platform data', () => {
  let database: TestDatabase;
  let seeded: Awaited<ReturnType<typeof seedDemoPlatform>>;
  const query = async <Row>(statement: ReturnType<typeof sql>) =>
    rowsOf<Row>(await database.db.execute(statement));

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const { db } = database;
    await seedDemo(db);
    await seedDemoBridge(db, testSecretBox(), 'http://127.0.0.1:4610');
    await seedDemoCatalogue(db, testSecretBox());
    await seedDemoCasinos(db, testSecretBox());
    await seedDemoIntegrations(db);
    seeded = await seedDemoPlatform(db, testSecretBox(), { rounds: ROUNDS, now: NOW });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('seeds the rounds of the last 90 days once, with players and savegames', async () => {
    expect(seeded?.rounds).toBe(ROUNDS + SUPPORT_ROUNDS);
    expect(seeded?.support.rounds).toBe(SUPPORT_ROUNDS);
    expect(seeded?.players).toBeGreaterThan(20);
    expect(seeded?.savegames).toBeGreaterThan(5);
    const [range] = await query<{ n: number; first: string; last: string }>(sql`
      select count(*)::int as n, min(started_at) as first, max(started_at) as last from game_rounds`);
    expect(Number(range!.n)).toBe(ROUNDS + SUPPORT_ROUNDS);
    expect(new Date(range!.first).getTime()).toBeGreaterThanOrEqual(Date.parse('2026-02-13T00:00:00Z'));
    expect(new Date(range!.first).getTime()).toBeLessThan(Date.parse('2026-02-14T00:00:00Z'));
    expect(new Date(range!.last).getTime()).toBeLessThan(NOW.getTime());

    expect(
      await seedDemoPlatform(database.db, testSecretBox(), { rounds: ROUNDS, now: NOW }),
    ).toBeUndefined();
    const [after] = await query<{ n: number }>(sql`select count(*)::int as n from game_rounds`);
    expect(Number(after!.n)).toBe(ROUNDS + SUPPORT_ROUNDS);
  });

  it('adds casinos in USD and DKK to the demo integration: five currencies in all', async () => {
    const added = await database.db
      .select({ id: casinos.id, config: casinos.config })
      .from(casinos)
      .where(sql`${casinos.id} in ('liberty-reels', 'viking-bay')`)
      .orderBy(casinos.id);
    expect(added.map((casino) => [casino.id, casino.config.currency])).toEqual([
      ['liberty-reels', 'USD'],
      ['viking-bay', 'DKK'],
    ]);
    const bound = await database.db
      .select({ casinoId: integrationCasinos.casinoId })
      .from(integrationCasinos)
      .where(eq(integrationCasinos.integrationId, DEMO_TRAFFIC_INTEGRATION));
    expect(bound.map((row) => row.casinoId)).toEqual(expect.arrayContaining(['liberty-reels', 'viking-bay']));
    const currencies = await query<{ currency: string; casinos: string }>(sql`
      select currency, string_agg(distinct casino_id, ',' order by casino_id) as casinos
      from game_rounds group by 1 order by 1`);
    expect(currencies).toEqual([
      { currency: 'DKK', casinos: 'viking-bay' },
      { currency: 'EUR', casinos: 'lucky-malta,rheinspiel' },
      { currency: 'GBP', casinos: 'thames-play' },
      { currency: 'SEK', casinos: 'nordic-star' },
      { currency: 'USD', casinos: 'liberty-reels' },
    ]);
  });

  it('has a rate for every day and foreign currency, so every rollup is priced in EUR', async () => {
    const rates = await query<{ currency: string; days: number; first: string; last: string }>(sql`
      select currency, count(*)::int as days, min(day)::text as first, max(day)::text as last
      from fx_rates group by 1 order by 1`);
    expect(rates.map((rate) => rate.currency)).toEqual(['DKK', 'GBP', 'SEK', 'USD']);
    for (const rate of rates) {
      expect(rate.first <= '2026-02-13').toBe(true);
      expect(rate.last).toBe('2026-05-14');
      // Every day between, none missing.
      expect(Number(rate.days)).toBe((Date.parse(rate.last) - Date.parse(rate.first)) / 86_400_000 + 1);
    }
    const [rollups] = await query<{ rounds: number; unrated: number; unpriced: number }>(sql`
      select sum(rounds)::int as rounds, sum(unrated_rounds)::int as unrated,
        count(*) filter (where bet > 0 and bet_eur = 0)::int as unpriced
      from round_stats_daily`);
    expect(Number(rollups!.rounds)).toBe(ROUNDS + SUPPORT_ROUNDS);
    expect(Number(rollups!.unrated)).toBe(0);
    expect(Number(rollups!.unpriced)).toBe(0);
    await expectRollupsExact(database.db);
  });

  it('plays dozens of games, each casino only games assigned to it', async () => {
    const [catalogue] = await database.db.select({ n: sql<number>`count(*)::int` }).from(games);
    expect(catalogue!.n).toBeGreaterThanOrEqual(36);
    const [played] = await query<{ n: number }>(
      sql`select count(distinct game_id)::int as n from game_rounds`,
    );
    expect(Number(played!.n)).toBeGreaterThanOrEqual(24);
    const [unassigned] = await query<{ n: number }>(sql`
      select count(*)::int as n from game_rounds g
      where not exists (select 1 from casino_games c where c.casino_id = g.casino_id and c.game_id = g.game_id)`);
    expect(Number(unassigned!.n)).toBe(0);
    const assigned = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(casinoGames)
      .where(eq(casinoGames.casinoId, 'lucky-malta'));
    expect(assigned[0]!.n).toBeGreaterThanOrEqual(14);
  });

  it('gives support a known set of unsettled rounds per casino: stuck and recent, with a win and without', async () => {
    const rounds = await query<{
      casino_id: string;
      round_id: string;
      player_id: string;
      status: string;
      currency: string;
      debit: number;
      credit: number;
      total_win: number;
      age_ms: number;
      validity: number;
      held: boolean;
      assigned: boolean;
    }>(sql`
      select g.casino_id, g.round_id, g.player_id, g.status, g.currency, g.debit::float8 as debit,
        g.credit::float8 as credit, g.total_win::float8 as total_win,
        (extract(epoch from ${NOW.toISOString()}::timestamptz - g.started_at) * 1000)::float8 as age_ms,
        coalesce(c.game_round_validity_period_days, i.game_round_validity_period_days,
          (select default_game_round_validity_period_days from global_settings where id = 1), 30) as validity,
        g.closure_id is not null as held,
        exists (select 1 from casino_games cg where cg.casino_id = g.casino_id and cg.game_id = g.game_id)
          as assigned
      from game_rounds g
      join casinos c on c.id = g.casino_id
      join integrations i on i.id = g.integration_id
      where g.round_id like 'support-%'
      order by g.casino_id, g.round_id`);
    expect(rounds).toHaveLength(SUPPORT_ROUNDS);
    expect([...new Set(rounds.map((round) => round.casino_id))]).toEqual(DEMO_CASINOS);

    for (const casinoId of DEMO_CASINOS) {
      const own = rounds.filter((round) => round.casino_id === casinoId);
      const byCase = new Map(
        demoSupportRounds.map((known) => [
          known.case,
          own.find((round) => round.round_id === demoSupportRoundId(known.case, casinoId)),
        ]),
      );
      expect([...byCase.values()].every(Boolean)).toBe(true);
      for (const round of own) {
        expect(['open', 'autoCloseFailed']).toContain(round.status);
        expect(round.held).toBe(false);
        expect(round.assigned).toBe(true);
      }
      const validityMs = Number(own[0]!.validity) * DAY_MS;
      // Stuck: open for days. Only the stale bet and the auto-close failure are past the validity period
      // (the auto-close job takes the stale bet; the others stay for support).
      const stuck = own.filter((round) => Number(round.age_ms) > 2 * DAY_MS);
      const recent = own.filter((round) => Number(round.age_ms) < DAY_MS);
      expect(stuck.length).toBeGreaterThanOrEqual(3);
      expect(
        own
          .filter((round) => Number(round.age_ms) > validityMs)
          .map((round) => round.round_id.replace(`-${casinoId}`, ''))
          .sort(),
      ).toEqual(['support-stale-bet', 'support-stuck-auto-close-failed']);
      expect(recent.length).toBeGreaterThanOrEqual(2);
      // With a win not paid yet: refund is refused, "book the total win" books totalWin − credit.
      const won = own.filter((round) => Number(round.total_win) > Number(round.credit));
      expect(won.some((round) => Number(round.credit) === 0 && stuck.includes(round))).toBe(true);
      expect(won.some((round) => Number(round.credit) === 0 && recent.includes(round))).toBe(true);
      expect(won.some((round) => Number(round.credit) > 0)).toBe(true);
      // Without a win, with a bet to refund: stuck and recent.
      const refundable = own.filter((round) => Number(round.total_win) === 0 && Number(round.debit) > 0);
      expect(refundable.some((round) => stuck.includes(round) && round.status === 'open')).toBe(true);
      expect(refundable.some((round) => recent.includes(round))).toBe(true);
    }

    // liberty-reels (USD, 30 days) exactly as documented in demo/support-cases.ts.
    const liberty = rounds.filter((round) => round.casino_id === 'liberty-reels');
    expect(Number(liberty[0]!.validity)).toBe(30);
    const row = (supportCase: string) =>
      liberty.find((round) => round.round_id === demoSupportRoundId(supportCase, 'liberty-reels'))!;
    expect(row('stuck-win')).toMatchObject({
      round_id: 'support-stuck-win-liberty-reels',
      player_id: 'player-000000',
      status: 'open',
      currency: 'USD',
    });
    expect([row('stuck-win').debit, row('stuck-win').credit, row('stuck-win').total_win].map(Number)).toEqual(
      [100, 0, 2450],
    );
    expect(Number(row('stuck-win').age_ms)).toBe(18 * DAY_MS);
    expect([row('stuck-bet').debit, row('stuck-bet').total_win].map(Number)).toEqual([200, 0]);
    expect(row('stuck-bet').player_id).toBe('player-000000');
    expect(row('recent-bet')).toMatchObject({ player_id: 'player-000000', status: 'open' });
    expect(Number(row('recent-bet').age_ms)).toBe(2 * 3_600_000);
    expect(row('stuck-auto-close-failed').status).toBe('autoCloseFailed');
    // What support may book for each, as the table in demo/support-cases.ts says.
    const offered = Object.fromEntries(
      demoSupportRounds.map(({ case: supportCase }) => {
        const { status, debit, credit, total_win } = row(supportCase);
        const choices = choicesOf({
          status: status as RoundStatus,
          closure_id: null,
          debit: Number(debit),
          credit: Number(credit),
          total_win: Number(total_win),
        });
        const what = (choice: { allowed: boolean; reason: string | null; amount: number }) =>
          choice.allowed ? choice.amount : choice.reason;
        expect(choices.none.allowed).toBe(true);
        return [supportCase, [what(choices.refund), what(choices.win)]];
      }),
    );
    expect(offered).toEqual({
      'stuck-bet': [200, 'NO_WIN_TO_BOOK'],
      'stuck-win': ['REFUND_AFTER_WIN', 2450],
      'stuck-partly-paid': ['REFUND_AFTER_WIN', 1100],
      'stuck-free-round': ['NO_BET_TO_REFUND', 'NO_WIN_TO_BOOK'],
      'stuck-auto-close-failed': [1000, 'NO_WIN_TO_BOOK'],
      'stale-bet': [300, 'NO_WIN_TO_BOOK'],
      'recent-bet': [50, 'NO_WIN_TO_BOOK'],
      'recent-win': ['REFUND_AFTER_WIN', 750],
    });
    // Amounts scale with the currency like the generator's bets: SEK ×10.
    const nordic = rounds.find((round) => round.round_id === 'support-stuck-win-nordic-star')!;
    expect([nordic.currency, Number(nordic.debit), Number(nordic.total_win)]).toEqual(['SEK', 1000, 24500]);
  });

  it('gives the demo players savegames with a game state to delete, RoyalNight0 of liberty-reels too', async () => {
    const [player] = await query<{ nick_name: string }>(sql`
      select nick_name from players where casino_id = 'liberty-reels' and player_id = 'player-000000'`);
    expect(player?.nick_name).toBe('RoyalNight0');
    const savegames = await query<{
      casino_id: string;
      player_id: string;
      game_id: string;
      restorable: boolean;
    }>(
      sql`select casino_id, player_id, game_id, state is not null and state <> 'null'::jsonb as restorable
        from savegames where player_id in ('player-000000', 'player-000001')
          and saved_at > ${new Date(NOW.getTime() - 10 * DAY_MS).toISOString()}::timestamptz
        order by casino_id, player_id, game_id`,
    );
    for (const casinoId of DEMO_CASINOS) {
      const own = savegames.filter((savegame) => savegame.casino_id === casinoId);
      const restorable = (playerId: string) =>
        own.filter((savegame) => savegame.player_id === playerId && savegame.restorable).length;
      expect(restorable('player-000000')).toBeGreaterThanOrEqual(2);
      expect(restorable('player-000001')).toBeGreaterThanOrEqual(1);
      // One already without a state: only a hard delete is left for it.
      expect(own.some((savegame) => savegame.player_id === 'player-000000' && !savegame.restorable)).toBe(
        true,
      );
    }
    const [stateless] = await query<{ n: number }>(sql`
      select count(*)::int as n from savegames where state = 'null'::jsonb`);
    expect(Number(stateless!.n)).toBe(0);
  });

  it('renews the demo integration’s API key at every start: the new one works, the old one no more', async () => {
    const first = await renewDemoApiKey(database.db);
    expect(first).toMatch(/^bok_/);
    expect(await authenticateApiKey(database.db, first!)).toMatchObject({
      integrationId: DEMO_TRAFFIC_INTEGRATION,
    });
    const second = await renewDemoApiKey(database.db);
    expect(second).not.toBe(first);
    expect(await authenticateApiKey(database.db, first!)).toBeNull();
    expect(await authenticateApiKey(database.db, second!)).toMatchObject({
      integrationId: DEMO_TRAFFIC_INTEGRATION,
    });
    const keys = await database.db
      .select({ name: integrationApiKeys.name })
      .from(integrationApiKeys)
      .where(
        and(
          eq(integrationApiKeys.integrationId, DEMO_TRAFFIC_INTEGRATION),
          eq(integrationApiKeys.name, DEMO_API_KEY_NAME),
        ),
      );
    expect(keys).toHaveLength(1);

    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      printDemoApiKey('http://localhost:3000', second!);
    } finally {
      console.log = log;
    }
    expect(lines.join('\n')).toContain(
      `npm run platform-traffic -- --url http://localhost:3000 --key ${second} --live`,
    );
  });
});

describe('demo platform data without the demo integrations', () => {
  it('seeds nothing and makes no key', async () => {
    const database = await createTestDatabase('pglite');
    try {
      await seedDemo(database.db);
      await seedDemoCatalogue(database.db, testSecretBox());
      expect(await seedDemoPlatform(database.db, testSecretBox(), { rounds: 100, now: NOW })).toBeUndefined();
      expect(await renewDemoApiKey(database.db)).toBeUndefined();
      const [rounds] = await rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from game_rounds`),
      );
      expect(Number(rounds!.n)).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});
