/**
 * The platform at production volume for the benchmarks that read it: rounds over the last 12 whole
 * months (the bulk generator, rollups rebuilt as the ingest keeps them) in 10 casinos of 3 integrations,
 * 4 currencies with a rate for every day, 60 games.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { generatePlatformData } from '../../apps/server/src/demo/platform-data';
import { seedPlatformFixture } from '../../apps/server/src/test/platform';

const CURRENCIES = ['EUR', 'USD', 'GBP', 'SEK'];
export const CASINOS = Array.from({ length: 10 }, (_, i) => `casino-${String(i + 1).padStart(2, '0')}`);
export const INTEGRATIONS: Record<string, string[]> = {
  'int-north': CASINOS.slice(0, 4),
  'int-south': CASINOS.slice(4, 8),
  'int-west': CASINOS.slice(8),
};
export const GAMES = Array.from({ length: 60 }, (_, i) => `game-${String(i + 1).padStart(2, '0')}`);

export interface MonthsRange {
  /** The first day (YYYY-MM-DD). */
  from: string;
  /** The last day (YYYY-MM-DD). */
  to: string;
  /** The instant after the last day. */
  until: string;
}

/** 12 whole months ending with the last complete month. */
export function lastTwelveMonths(now = new Date()): MonthsRange {
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const from = new Date(Date.UTC(until.getUTCFullYear() - 1, until.getUTCMonth(), 1));
  const to = new Date(until.getTime() - 86_400_000);
  return {
    from: from.toISOString().slice(0, 10),
    to: to.toISOString().slice(0, 10),
    until: until.toISOString(),
  };
}

/** Writes the configuration, the rates and `rounds` rounds; prints how long the rounds took. */
export async function seedTwelveMonths(db: Db, rounds: number): Promise<MonthsRange> {
  const range = lastTwelveMonths();
  await seedPlatformFixture(db, {
    casinos: CASINOS,
    integrations: INTEGRATIONS,
    games: Object.fromEntries(GAMES.map((gameId, i) => [gameId, 92 + (i % 7)])),
  });
  await db.execute(sql`insert into fx_rates (day, currency, rate_to_eur)
    select d::date, c, case c when 'USD' then 0.92 when 'GBP' then 1.17 else 0.088 end
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d,
      unnest(array['USD', 'GBP', 'SEK']) c`);
  const integrationOf = (casinoId: string) =>
    Object.entries(INTEGRATIONS).find(([, casinos]) => casinos.includes(casinoId))![0];
  const started = performance.now();
  const generated = await generatePlatformData(db, {
    seed: 7,
    rounds,
    from: `${range.from}T00:00:00.000Z`,
    until: range.until,
    casinos: CASINOS.map((casinoId, i) => ({
      casinoId,
      integrationId: integrationOf(casinoId),
      currencies: [CURRENCIES[i % CURRENCIES.length]!],
      weight: 1 + (i % 3),
    })),
    games: GAMES.map((gameId, i) => ({ gameId, theoreticalRtp: 92 + (i % 7) })),
    concurrency: 2,
  });
  console.log(
    `\ngenerated ${generated.rounds.toLocaleString('en')} rounds, ${generated.players.toLocaleString('en')} players in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  // As autovacuum would leave them: the statistics, and the visibility map that lets the round searches'
  // walks read their indexes alone. Without it the first run after seeding visits the table for every
  // entry: the load mix measured a quarter slower right after seeding than in the runs after it.
  await db.execute(sql`vacuum analyze`);
  return range;
}
