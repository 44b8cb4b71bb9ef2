/**
 * Platform data for the demo (`npm start`): about 200,000 game rounds of the last 90 days with their
 * players and savegames, exchange rates for every day, and two more casinos so that the reports show five
 * currencies. Seeded once, in one transaction, on top of the demo casinos and integrations; skipped when
 * any game round exists. The demo integration also gets an API key at every start, printed with the
 * sign-ins, so that `npm run platform-traffic` can send live rounds into the demo.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  bridges,
  casinoGames,
  casinos,
  games,
  integrationApiKeys,
  integrationCasinos,
  integrations,
  jurisdictions,
} from '../db/schema/index';
import { sealEnteredSecrets } from '../lib/sealed-secrets';
import type { SecretBox } from '../lib/secret-box';
import { rowsOf } from '../lib/sql';
import { createMasterdataRepository } from '../modules/masterdata/masterdata.repository';
import { generateApiKey } from '../modules/platform/api-keys';
import { DEMO_BRIDGE_NAME } from './bridges';
import { generatePlatformData, type GeneratorCasino, type PlatformDataResult } from './platform-data';
import { seedDemoSupportCases, type DemoSupportCasesResult } from './support-cases';

export const DEMO_PLATFORM_ROUNDS = 200_000;
const DEMO_PLATFORM_DAYS = 90;
const DEMO_SEED = 2026;
/**
 * Games whose rounds pay back other than their theoretical RTP (percent), as a wrongly configured pay table
 * would: the game performance report flags these, and only these, in the demo.
 */
export const DEMO_RTP_OUTLIERS: Record<string, number> = { 'aurora-spins': 76, 'fjord-fortune': 122 };
/** The demo integrations (demo/integrations.ts); traffic goes into the first, which is active. */
const DEMO_INTEGRATIONS = ['demo-platform-eu', 'demo-platform-uk'];
export const DEMO_TRAFFIC_INTEGRATION = 'demo-platform-eu';
export const DEMO_API_KEY_NAME = 'Demo traffic (replaced at every start)';
/** Games each casino plays besides those assigned to it already. */
const EXTRA_GAMES_PER_CASINO = 12;

/** Casinos in further currencies, on the demo integration; only for the local demo (known secrets). */
const moreCasinos: (Omit<typeof casinos.$inferInsert, 'bridgeId' | 'jurisdictionId'> & {
  jurisdiction: string;
})[] = [
  {
    id: 'liberty-reels',
    name: 'Liberty Reels',
    api: 'seamlessWallet',
    config: {
      apiUrl: 'https://wallet.liberty-reels.demo.invalid/api',
      operatorId: 'lr-07',
      currency: 'USD',
      locale: 'en-US',
    },
    secrets: { secret: 'demo-only-wallet-secret' },
    showGameLaunchPage: true,
    sendEventMessages: true,
    gameRoundValidityPeriodDays: 30,
    properties: { region: 'americas' },
    active: true,
    jurisdiction: 'Curaçao',
  },
  {
    id: 'viking-bay',
    name: 'Viking Bay',
    api: 'transferWallet',
    config: { apiUrl: 'https://wallet.viking-bay.demo.invalid', username: 'backoffice', currency: 'DKK' },
    secrets: { password: 'demo-only-password', key: 'demo-only-key' },
    sendEventMessages: true,
    gameRoundValidityPeriodDays: 14,
    properties: { region: 'nordic' },
    active: true,
    jurisdiction: 'Denmark (DGA)',
  },
];

/** How busy each demo casino is, and where its players live. */
const markets: Record<string, { weight: number; country: string }> = {
  'lucky-malta': { weight: 3, country: 'MT' },
  'nordic-star': { weight: 2, country: 'SE' },
  'thames-play': { weight: 2, country: 'GB' },
  'liberty-reels': { weight: 1.5, country: 'US' },
  'viking-bay': { weight: 1, country: 'DK' },
  rheinspiel: { weight: 0.3, country: 'DE' },
};

/** Rates to EUR around which the demo's daily rates move. */
const baseRates: Record<string, number> = {
  USD: 0.92,
  GBP: 1.17,
  SEK: 0.087,
  DKK: 0.134,
  NOK: 0.085,
  CHF: 1.05,
  CAD: 0.68,
};

const DAY_MS = 86_400_000;
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

/** A day's rate: a smooth, deterministic wander of a few per cent around the base rate. */
function demoRate(currency: string, dayIndex: number): string {
  const base = baseRates[currency] ?? 1;
  const wobble =
    1 + 0.02 * Math.sin(dayIndex / 9 + currency.charCodeAt(0)) + 0.006 * Math.sin(dayIndex / 2.3);
  return (base * wobble).toFixed(6);
}

async function addMoreCasinos(tx: Db, box: SecretBox): Promise<void> {
  const [bridge] = await tx
    .select({ id: bridges.id })
    .from(bridges)
    .where(eq(bridges.name, DEMO_BRIDGE_NAME));
  const [integration] = await tx
    .select({ id: integrations.id })
    .from(integrations)
    .where(eq(integrations.id, DEMO_TRAFFIC_INTEGRATION));
  if (!bridge || !integration) return;
  const jurisdictionIds = new Map(
    (await tx.select({ id: jurisdictions.id, name: jurisdictions.name }).from(jurisdictions)).map(
      ({ id, name }) => [name, id],
    ),
  );
  for (const { jurisdiction, ...casino } of moreCasinos) {
    const jurisdictionId = jurisdictionIds.get(jurisdiction);
    if (!jurisdictionId) continue;
    const [added] = await tx
      .insert(casinos)
      .values({
        ...casino,
        secrets: sealEnteredSecrets(box, casino.secrets ?? {}),
        bridgeId: bridge.id,
        jurisdictionId,
      })
      .onConflictDoNothing()
      .returning({ id: casinos.id });
    if (added) {
      await tx
        .insert(integrationCasinos)
        .values({ integrationId: DEMO_TRAFFIC_INTEGRATION, casinoId: added.id })
        .onConflictDoNothing();
    }
  }
}

/** The casinos of the demo integrations with their currency, integration and jurisdiction. */
async function demoCasinos(tx: Db): Promise<GeneratorCasino[]> {
  const rows = rowsOf<{
    casino_id: string;
    integration_id: string;
    config: Record<string, string>;
    properties: Record<string, string>;
    jurisdiction: string;
  }>(
    await tx.execute(sql`
      select distinct on (c.id) c.id as casino_id, ic.integration_id, c.config, c.properties,
        j.name as jurisdiction
      from integration_casinos ic
      join casinos c on c.id = ic.casino_id
      join jurisdictions j on j.id = c.jurisdiction_id
      where ic.integration_id in (${sql.join(
        DEMO_INTEGRATIONS.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by c.id, ic.integration_id`),
  );
  return rows.map((row) => {
    const market = markets[row.casino_id] ?? { weight: 1, country: undefined };
    return {
      casinoId: row.casino_id,
      integrationId: row.integration_id,
      currencies: [row.config.currency ?? row.properties.currency ?? 'EUR'],
      weight: market.weight,
      country: market.country,
      jurisdiction: row.jurisdiction,
    };
  });
}

/**
 * Each casino plays the games assigned to it and a dozen more of the catalogue (assigned to it now, and
 * active), a different dozen per casino.
 */
async function assignGames(tx: Db, casinoIds: string[], catalogue: string[]): Promise<Map<string, string[]>> {
  const assigned = await tx
    .select({ casinoId: casinoGames.casinoId, gameId: casinoGames.gameId })
    .from(casinoGames)
    .where(inArray(casinoGames.casinoId, casinoIds));
  const byCasino = new Map<string, string[]>(casinoIds.map((id) => [id, []]));
  for (const row of assigned) byCasino.get(row.casinoId)?.push(row.gameId);
  for (const [index, casinoId] of casinoIds.entries()) {
    const own = byCasino.get(casinoId)!;
    const extra: string[] = [];
    for (let k = 0; k < catalogue.length && extra.length < EXTRA_GAMES_PER_CASINO; k += 1) {
      const gameId = catalogue[(index * 5 + k) % catalogue.length]!;
      if (!own.includes(gameId)) extra.push(gameId);
    }
    if (extra.length > 0) {
      await tx
        .insert(casinoGames)
        .values(extra.map((gameId) => ({ casinoId, gameId, active: true })))
        .onConflictDoNothing();
    }
    own.push(...extra);
  }
  return byCasino;
}

/** Every day's rate of the currencies from `from` to today, where master data has none yet. */
async function seedRates(tx: Db, currencies: string[], from: Date, now: Date): Promise<void> {
  const repository = createMasterdataRepository();
  const rates: { day: string; currency: string; rateToEur: string }[] = [];
  for (const currency of currencies) {
    for (let time = from.getTime(), index = 0; time <= now.getTime(); time += DAY_MS, index += 1) {
      rates.push({ day: dayOf(new Date(time)), currency, rateToEur: demoRate(currency, index) });
    }
  }
  if (rates.length === 0) return;
  const known = new Set(
    (await repository.lockFxRates(tx, rates)).map((rate) => `${rate.day}/${rate.currency}`),
  );
  await repository.insertFxRates(
    tx,
    rates.filter((rate) => !known.has(`${rate.day}/${rate.currency}`)),
  );
}

export interface DemoPlatformResult extends PlatformDataResult {
  /** Of `rounds` and `savegames`: the known work for player support (demo/support-cases.ts). */
  support: DemoSupportCasesResult;
}

/**
 * Seeds the demo's platform data once; undefined when skipped (rounds exist, or the demo integrations
 * don't). The rates go in first, so that the rollups built at the end are priced in EUR. Then each casino
 * gets its known open rounds and savegames for player support, through the ingest.
 */
export async function seedDemoPlatform(
  db: Db,
  box: SecretBox,
  { rounds = DEMO_PLATFORM_ROUNDS, now = new Date() }: { rounds?: number; now?: Date } = {},
): Promise<DemoPlatformResult | undefined> {
  return db.transaction(async (tx) => {
    const existing = rowsOf<{ found: boolean }>(
      await tx.execute(sql`select exists (select 1 from game_rounds) as found`),
    );
    if (existing[0]?.found) return undefined;
    await addMoreCasinos(tx, box);
    const sites = await demoCasinos(tx);
    const catalogue = await tx
      .select({ gameId: games.gameId, theoreticalRtp: games.theoreticalRtp })
      .from(games)
      .orderBy(games.gameId);
    if (sites.length === 0 || catalogue.length === 0) return undefined;

    const gamesByCasino = await assignGames(
      tx,
      sites.map((site) => site.casinoId),
      catalogue.map((game) => game.gameId),
    );
    const today = new Date(`${dayOf(now)}T00:00:00.000Z`);
    const from = new Date(today.getTime() - DEMO_PLATFORM_DAYS * DAY_MS);
    const foreign = [...new Set(sites.flatMap((site) => site.currencies))].filter((c) => c !== 'EUR');
    await seedRates(tx, foreign, new Date(from.getTime() - 5 * DAY_MS), now);

    const generated = await generatePlatformData(tx, {
      seed: DEMO_SEED,
      rounds,
      from: from.toISOString(),
      until: now.toISOString(),
      casinos: sites.map((site) => ({ ...site, games: gamesByCasino.get(site.casinoId) })),
      games: catalogue.map((game) => ({
        gameId: game.gameId,
        theoreticalRtp: Number(game.theoreticalRtp),
        payoutRtp: DEMO_RTP_OUTLIERS[game.gameId],
      })),
    });
    const support = await seedDemoSupportCases(
      tx,
      sites.map((site) => ({
        casinoId: site.casinoId,
        integrationId: site.integrationId,
        currency: site.currencies[0]!,
        games: gamesByCasino.get(site.casinoId) ?? [],
      })),
      now,
    );
    return {
      ...generated,
      rounds: generated.rounds + support.rounds,
      savegames: generated.savegames + support.newSavegames,
      support,
    };
  });
}

/**
 * A fresh API key of the demo integration, replacing the one of the last start (the key is stored only as
 * a hash, so it can be printed only when made); undefined without the demo integration.
 */
export async function renewDemoApiKey(db: Db): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [integration] = await tx
      .select({ id: integrations.id })
      .from(integrations)
      .where(eq(integrations.id, DEMO_TRAFFIC_INTEGRATION));
    if (!integration) return undefined;
    await tx
      .delete(integrationApiKeys)
      .where(
        and(
          eq(integrationApiKeys.integrationId, DEMO_TRAFFIC_INTEGRATION),
          eq(integrationApiKeys.name, DEMO_API_KEY_NAME),
        ),
      );
    const { key, prefix, hash } = generateApiKey();
    await tx.insert(integrationApiKeys).values({
      integrationId: DEMO_TRAFFIC_INTEGRATION,
      name: DEMO_API_KEY_NAME,
      prefix,
      keyHash: hash,
      createdBy: 'npm start',
    });
    return key;
  });
}

export function printDemoApiKey(url: string, key: string): void {
  console.log(
    `  Send live game rounds into the demo (integration ${DEMO_TRAFFIC_INTEGRATION}; its key is new at every start):\n\n` +
      `    npm run platform-traffic -- --url ${url} --key ${key} --live\n`,
  );
}
