/** Demo game catalogue for `npm start`: a few studios and providers, three dozen games with versions. */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sealEnteredSecrets } from '../lib/sealed-secrets';
import type { SecretBox } from '../lib/secret-box';
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
  // More games for the reports of the demo platform data (ids after the first five, which the demo
  // integrations take).
  ['diamond-dunes', 'Diamond Dunes', 1, 'relax', 96.1, 10000, 10],
  ['dragon-dynasty', 'Dragon Dynasty', 2, 'node-games', 95.9, 20000, 20],
  ['emerald-empire', 'Emerald Empire', 0, 'own-rgs', 96.5, 8000, 10],
  ['fire-and-frost', 'Fire and Frost', 0, 'relax', 96.0, 15000, 20],
  ['frozen-fjords', 'Frozen Fjords', 0, 'own-rgs', 95.4, 5000, 10],
  ['gilded-gondola', 'Gilded Gondola', 3, 'node-games', 96.2, 6000, 10],
  ['golden-gate-jackpot', 'Golden Gate Jackpot', 3, 'own-rgs', 94.0, 50000, 50],
  ['harbour-lights', 'Harbour Lights', 2, 'relax', 96.6, 4000, 10],
  ['iron-canyon', 'Iron Canyon', 1, 'node-games', 95.7, 12000, 20],
  ['jade-lagoon', 'Jade Lagoon', 2, 'own-rgs', 96.8, 5000, 10],
  ['kings-of-the-north', 'Kings of the North', 0, 'relax', 96.3, 25000, 20],
  ['lucky-lanterns', 'Lucky Lanterns', 3, 'own-rgs', 97.1, 3000, 10],
  ['meteor-miners', 'Meteor Miners', 1, 'relax', 95.2, 10000, 20],
  ['neon-nights', 'Neon Nights', 3, 'node-games', 96.0, 8000, 10],
  ['northern-reels', 'Northern Reels', 0, 'node-games', 96.4, 5000, 10],
  ['outback-odyssey', 'Outback Odyssey', 1, 'own-rgs', 95.6, 15000, 20],
  ['pirates-of-the-reef', 'Pirates of the Reef', 2, 'relax', 96.2, 20000, 20],
  ['quartz-quarry', 'Quartz Quarry', 1, 'own-rgs', 96.9, 4000, 10],
  ['red-rock-rush', 'Red Rock Rush', 1, 'relax', 95.8, 10000, 10],
  ['sapphire-seas', 'Sapphire Seas', 2, 'node-games', 96.5, 7000, 10],
  ['starlight-express', 'Starlight Express', 0, 'own-rgs', 96.1, 9000, 20],
  ['thunder-tundra', 'Thunder Tundra', 0, 'relax', 94.5, 30000, 50],
  ['viking-voyage', 'Viking Voyage', 0, 'node-games', 96.3, 12000, 20],
  ['wild-west-wagons', 'Wild West Wagons', 1, 'own-rgs', 95.9, 6000, 10],
];

export async function seedDemoCatalogue(db: Db, box: SecretBox): Promise<void> {
  await db.transaction(async (tx) => {
    // Seeded once: a catalogue that already has games is the user's, not ours to touch.
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(games);
    if ((existing?.n ?? 0) > 0) return;

    await tx.insert(gameStudios).values(studios).onConflictDoNothing();
    await tx
      .insert(gameProviders)
      .values(
        providers.map((provider) => ({
          ...provider,
          secrets: sealEnteredSecrets(box, provider.secrets ?? {}),
        })),
      )
      .onConflictDoNothing();
    // One statement: a transaction is one connection, which runs one query at a time.
    const stored = await tx
      .select({ id: gameStudios.id, name: gameStudios.name })
      .from(gameStudios)
      .where(
        inArray(
          gameStudios.name,
          studios.map(({ name }) => name),
        ),
      );
    const studioIds = studios.map(({ name }) => stored.find((row) => row.name === name)!.id);
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
