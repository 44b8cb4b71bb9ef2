/**
 * The demo's platform data: seeded once on top of the demo casinos and integrations (with two more casinos
 * for USD and DKK), every day of the range priced in EUR, games assigned where rounds are played; and the
 * demo integration's API key, renewed at every start.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoGames, casinos, games, integrationApiKeys, integrationCasinos } from '../db/schema/index';
import { rowsOf } from '../lib/sql';
import { authenticateApiKey } from '../modules/platform/api-keys';
import { createTestDatabase, type TestDatabase } from '../test/databases';
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

const NOW = new Date('2026-05-14T15:30:00.000Z');
const ROUNDS = 6_000;

describe('demo platform data', () => {
  let database: TestDatabase;
  let seeded: Awaited<ReturnType<typeof seedDemoPlatform>>;
  const query = async <Row>(statement: ReturnType<typeof sql>) =>
    rowsOf<Row>(await database.db.execute(statement));

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const { db } = database;
    await seedDemo(db);
    await seedDemoBridge(db, 'http://127.0.0.1:4610');
    await seedDemoCatalogue(db);
    await seedDemoCasinos(db);
    await seedDemoIntegrations(db);
    seeded = await seedDemoPlatform(db, { rounds: ROUNDS, now: NOW });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('seeds the rounds of the last 90 days once, with players and savegames', async () => {
    expect(seeded?.rounds).toBe(ROUNDS);
    expect(seeded?.players).toBeGreaterThan(20);
    expect(seeded?.savegames).toBeGreaterThan(5);
    const [range] = await query<{ n: number; first: string; last: string }>(sql`
      select count(*)::int as n, min(started_at) as first, max(started_at) as last from game_rounds`);
    expect(Number(range!.n)).toBe(ROUNDS);
    expect(new Date(range!.first).getTime()).toBeGreaterThanOrEqual(Date.parse('2026-02-13T00:00:00Z'));
    expect(new Date(range!.first).getTime()).toBeLessThan(Date.parse('2026-02-14T00:00:00Z'));
    expect(new Date(range!.last).getTime()).toBeLessThan(NOW.getTime());

    expect(await seedDemoPlatform(database.db, { rounds: ROUNDS, now: NOW })).toBeUndefined();
    const [after] = await query<{ n: number }>(sql`select count(*)::int as n from game_rounds`);
    expect(Number(after!.n)).toBe(ROUNDS);
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
    expect(Number(rollups!.rounds)).toBe(ROUNDS);
    expect(Number(rollups!.unrated)).toBe(0);
    expect(Number(rollups!.unpriced)).toBe(0);
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
      await seedDemoCatalogue(database.db);
      expect(await seedDemoPlatform(database.db, { rounds: 100, now: NOW })).toBeUndefined();
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
