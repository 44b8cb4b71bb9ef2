/** Demo game catalogue for `npm start`: a few studios and providers, a dozen games with versions. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  gameProviders,
  games,
  gameStudios,
  gameVersionJurisdictions,
  gameVersions,
  jurisdictions,
} from '../db/schema/index';

const studios = [
  { name: 'Northern Lights Studio', relaxId: 'nls' },
  { name: 'Red Rock Games', relaxId: '' },
  { name: 'Blue Lagoon Interactive', relaxId: 'bli' },
  { name: 'Golden Gate Slots', relaxId: '' },
];

const providers: (typeof gameProviders.$inferInsert)[] = [
  { id: 'own-rgs', name: 'Own RGS', api: 'internal', config: {}, secrets: {} },
  {
    id: 'relax',
    name: 'Relax Gaming',
    api: 'relax',
    config: { apiUrl: 'https://relax.demo.invalid/api', operatorId: '1042' },
    secrets: { apiSecret: 'demo-only-secret' },
  },
  {
    id: 'node-games',
    name: 'Node Games',
    api: 'rgsNode',
    config: { apiUrl: 'https://rgs.demo.invalid', nodeId: '7' },
    secrets: { salt: 'demo-only-salt' },
  },
];

/** [gameId, name, studio index, provider id, RTP %, max exposure, min bet cents] */
const demoGames: [string, string, number, string, number, number, number][] = [
  ['aurora-spins', 'Aurora Spins', 0, 'own-rgs', 96.5, 5000, 10],
  ['fjord-fortune', 'Fjord Fortune', 0, 'own-rgs', 96.2, 10000, 20],
  ['midnight-sun', 'Midnight Sun', 0, 'relax', 95.8, 25000, 10],
  ['canyon-gold', 'Canyon Gold', 1, 'relax', 96.1, 5000, 10],
  ['desert-drift', 'Desert Drift', 1, 'own-rgs', 94.9, 2500, 20],
  ['mesa-madness', 'Mesa Madness', 1, 'node-games', 96.0, 15000, 10],
  ['lagoon-pearls', 'Lagoon Pearls', 2, 'node-games', 97.0, 5000, 10],
  ['coral-quest', 'Coral Quest', 2, 'own-rgs', 96.4, 8000, 20],
  ['tidal-treasure', 'Tidal Treasure', 2, 'relax', 95.5, 20000, 50],
  ['bridge-of-riches', 'Bridge of Riches', 3, 'own-rgs', 96.3, 5000, 10],
  ['fog-city-fruits', 'Fog City Fruits', 3, 'node-games', 95.0, 1000, 10],
  ['cable-car-cash', 'Cable Car Cash', 3, 'relax', 96.7, 12000, 20],
];

export async function seedDemoCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Seeded once: a catalogue that already has games is the user's, not ours to touch.
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(games);
    if ((existing?.n ?? 0) > 0) return;

    await tx.insert(gameStudios).values(studios).onConflictDoNothing();
    await tx.insert(gameProviders).values(providers).onConflictDoNothing();
    const studioIds = await Promise.all(
      studios.map(async ({ name }) => {
        const [row] = await tx
          .select({ id: gameStudios.id })
          .from(gameStudios)
          .where(eq(gameStudios.name, name));
        return row!.id;
      }),
    );
    await tx.insert(games).values(
      demoGames.map(([gameId, name, studio, providerId, rtp, exposure, minBet]) => ({
        gameId,
        name,
        studioId: studioIds[studio]!,
        providerId,
        gameProviderGameId: gameId,
        theoreticalRtp: rtp,
        maxExposureFactor: exposure,
        minBetCents: minBet,
        requiredPropertyKeys: ['reels', 'paylines'],
      })),
    );
    const allJurisdictions = await tx.select({ id: jurisdictions.id }).from(jurisdictions);
    for (const [index, [gameId]] of demoGames.entries()) {
      for (const minor of [0, 1]) {
        const [version] = await tx
          .insert(gameVersions)
          .values({
            gameId,
            versionNumber: `1.${minor}.0`,
            betSizes: [0.1, 0.2, 0.5, 1, 2, 5],
            supportsVouchers: minor === 1,
            supportsFeatureTriggerVouchers: false,
            // The older version lacks a required property: the screens show it as missing.
            properties: minor === 0 ? { reels: '5' } : { reels: '5', paylines: String(10 + index) },
            frontendUrl: `https://games.demo.invalid/${gameId}/1.${minor}.0/`,
            backendUrl: `https://rgs.demo.invalid/${gameId}`,
          })
          .returning({ id: gameVersions.id });
        const certified = allJurisdictions.filter((_, j) => (j + index + minor) % 3 === 0);
        if (certified.length > 0) {
          await tx
            .insert(gameVersionJurisdictions)
            .values(certified.map(({ id }) => ({ gameVersionId: version!.id, jurisdictionId: id })));
        }
      }
    }
  });
}
