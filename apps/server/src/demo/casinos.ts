/**
 * Demo casinos for `npm start`: four operators in EUR, SEK and GBP on the demo bridge, each with some
 * demo games assigned. Seeded once, after the bridge, the jurisdictions and the game catalogue.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sealEnteredSecrets } from '../lib/sealed-secrets';
import type { SecretBox } from '../lib/secret-box';
import {
  bridges,
  casinoGames,
  casinoProviderConfigs,
  casinos,
  gameProviders,
  games,
  jurisdictions,
} from '../db/schema/index';
import { DEMO_BRIDGE_NAME } from './bridges';

interface DemoCasino {
  casino: Omit<typeof casinos.$inferInsert, 'bridgeId' | 'jurisdictionId'>;
  jurisdiction: string;
  providerConfigs: { providerId: string; config: Record<string, string> }[];
  /** [game id, active] */
  games: [string, boolean][];
}

/** Only for the local demo: anyone who reads this file knows these secrets. */
const demoCasinos: DemoCasino[] = [
  {
    casino: {
      id: 'lucky-malta',
      name: 'Lucky Malta Casino',
      api: 'seamlessWallet',
      config: {
        apiUrl: 'https://wallet.lucky-malta.demo.invalid/api',
        operatorId: 'lm-01',
        currency: 'EUR',
        locale: 'en-MT',
      },
      secrets: { secret: 'demo-only-wallet-secret' },
      showGameLaunchPage: true,
      sendEventMessages: true,
      gameRoundValidityPeriodDays: 30,
      properties: { region: 'eu', brand: 'Lucky' },
      active: true,
    },
    jurisdiction: 'Malta (MGA)',
    providerConfigs: [{ providerId: 'relax', config: { account: 'lucky-malta' } }],
    games: [
      ['aurora-spins', true],
      ['midnight-sun', true],
      ['canyon-gold', true],
      ['coral-quest', false],
    ],
  },
  {
    casino: {
      id: 'nordic-star',
      name: 'Nordic Star',
      api: 'transferWallet',
      config: { apiUrl: 'https://wallet.nordic-star.demo.invalid', username: 'backoffice', currency: 'SEK' },
      secrets: { password: 'demo-only-password', key: 'demo-only-key' },
      showGameLaunchPage: false,
      sendEventMessages: true,
      gameRoundValidityPeriodDays: null,
      properties: { region: 'nordic' },
      active: true,
    },
    jurisdiction: 'Sweden (SGA)',
    providerConfigs: [{ providerId: 'node-games', config: { account: 'nordic-star', market: 'SE' } }],
    games: [
      ['fjord-fortune', true],
      ['aurora-spins', true],
      ['lagoon-pearls', true],
    ],
  },
  {
    casino: {
      id: 'thames-play',
      name: 'Thames Play',
      api: 'oauthWallet',
      config: { apiUrl: 'https://wallet.thames-play.demo.invalid', clientId: 'thames', locale: 'en-GB' },
      secrets: { token: 'demo-only-token', operatorSecret: 'demo-only-operator-secret' },
      showGameLaunchPage: true,
      sendEventMessages: false,
      gameRoundValidityPeriodDays: 14,
      properties: { region: 'uk', currency: 'GBP' },
      active: true,
    },
    jurisdiction: 'United Kingdom (UKGC)',
    providerConfigs: [],
    games: [
      ['bridge-of-riches', true],
      ['fog-city-fruits', true],
      ['cable-car-cash', false],
    ],
  },
  {
    casino: {
      id: 'rheinspiel',
      name: 'Rheinspiel (staging)',
      api: 'signedWallet',
      config: {
        apiUrl: 'https://wallet.rheinspiel.demo.invalid',
        publicKey: 'demo-public-key',
        operatorId: 'rs-9',
      },
      secrets: { privateKey: 'demo-only-private-key' },
      cheatingAllowed: true,
      gameRoundValidityPeriodDays: 7,
      properties: { region: 'de', currency: 'EUR' },
      active: false,
    },
    jurisdiction: 'Germany (GGL)',
    providerConfigs: [],
    games: [
      ['desert-drift', false],
      ['mesa-madness', false],
    ],
  },
];

/** Seeds the demo casinos once; without the demo bridge (no simulator) there is nothing to seed. */
export async function seedDemoCasinos(db: Db, box: SecretBox): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(casinos);
    if ((existing?.n ?? 0) > 0) return;
    const [bridge] = await tx
      .select({ id: bridges.id })
      .from(bridges)
      .where(eq(bridges.name, DEMO_BRIDGE_NAME));
    if (!bridge) return;

    const jurisdictionIds = new Map(
      (await tx.select({ id: jurisdictions.id, name: jurisdictions.name }).from(jurisdictions)).map(
        ({ id, name }) => [name, id],
      ),
    );
    const wanted = [...new Set(demoCasinos.flatMap((demo) => demo.games.map(([gameId]) => gameId)))];
    const gameIds = new Set(
      (await tx.select({ gameId: games.gameId }).from(games).where(inArray(games.gameId, wanted))).map(
        (row) => row.gameId,
      ),
    );
    const providerIds = new Set(
      (await tx.select({ id: gameProviders.id }).from(gameProviders)).map((row) => row.id),
    );

    for (const demo of demoCasinos) {
      const jurisdictionId = jurisdictionIds.get(demo.jurisdiction);
      if (!jurisdictionId) continue;
      await tx.insert(casinos).values({
        ...demo.casino,
        secrets: sealEnteredSecrets(box, demo.casino.secrets ?? {}),
        bridgeId: bridge.id,
        jurisdictionId,
      });
      const configs = demo.providerConfigs.filter(({ providerId }) => providerIds.has(providerId));
      if (configs.length > 0) {
        await tx
          .insert(casinoProviderConfigs)
          .values(configs.map((config) => ({ casinoId: demo.casino.id, ...config })));
      }
      const assigned = demo.games.filter(([gameId]) => gameIds.has(gameId));
      if (assigned.length > 0) {
        await tx
          .insert(casinoGames)
          .values(assigned.map(([gameId, active]) => ({ casinoId: demo.casino.id, gameId, active })));
      }
    }
  });
}
