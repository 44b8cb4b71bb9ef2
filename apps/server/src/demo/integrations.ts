/**
 * Demo integrations for `npm start`: two integrations on the demo bridge, binding the demo casinos, with a
 * few routing rules whose tests pass and some games. Seeded once, and only when the demo bridge and at
 * least one casino exist (the casinos seed runs first).
 */
import { runRuleTests, type Persistence, type RoutingRule, type RuleTest } from '@backoffice/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  bridges,
  casinos,
  games,
  integrationCasinos,
  integrationGames,
  integrations,
} from '../db/schema/index';
import { DEMO_BRIDGE_NAME } from './bridges';

const persistence: Persistence = {
  persistPlayer: true,
  persistGameRound: true,
  saveGameRoundDetails: true,
  gameRoundTtlDays: 365,
  loseDetailsTtlDays: 30,
  winDetailsTtlDays: 90,
  bigWinDetailsTtlDays: null,
};

const rule = (name: string, casinoId: string, lists: Partial<RoutingRule>): RoutingRule => ({
  name,
  currencies: [],
  countries: [],
  jurisdictionIds: [],
  casinoId,
  ...lists,
});

interface DemoIntegration {
  id: string;
  name: string;
  casinoIds: string[];
  defaultCasinoId: string | null;
  rules: RoutingRule[];
  ruleTests: RuleTest[];
  active: boolean;
  /** [index in the catalogue, active] */
  games: [number, boolean][];
}

/**
 * The two demo integrations for the casinos there are, by id (the demo casinos: lucky-malta, nordic-star,
 * rheinspiel, thames-play); fewer casinos are shared, and one casino is enough.
 */
function demoIntegrations(casinoIds: string[]): DemoIntegration[] {
  const [first] = casinoIds as [string, ...string[]];
  const second = casinoIds[1] ?? first;
  const third = casinoIds[2] ?? second;
  const last = casinoIds.length > 3 ? casinoIds[casinoIds.length - 1]! : third;
  return [
    {
      id: 'demo-platform-eu',
      name: 'Demo platform EU',
      casinoIds: [...new Set([first, second, third])],
      defaultCasinoId: first,
      rules: [
        rule('Swedish kronor', second, { currencies: ['SEK'] }),
        rule('Germany and Austria in euro', third, { currencies: ['EUR'], countries: ['DE', 'AT'] }),
      ],
      ruleTests: [
        { name: 'Swedish player', launch: { currency: 'SEK', country: 'SE' }, expectedCasinoId: second },
        { name: 'German player', launch: { currency: 'EUR', country: 'DE' }, expectedCasinoId: third },
        { name: 'Maltese player', launch: { currency: 'EUR', country: 'MT' }, expectedCasinoId: first },
      ],
      active: true,
      games: [
        [0, true],
        [1, true],
        [2, false],
      ],
    },
    {
      id: 'demo-platform-uk',
      name: 'Demo platform UK',
      casinoIds: [last],
      defaultCasinoId: null,
      rules: [rule('Pound sterling', last, { currencies: ['GBP'] })],
      ruleTests: [
        { name: 'British player', launch: { currency: 'GBP', country: 'GB' }, expectedCasinoId: last },
        { name: 'Dollar launch is refused', launch: { currency: 'USD' }, expectedCasinoId: null },
      ],
      active: false,
      games: [
        [3, true],
        [4, false],
      ],
    },
  ];
}

export async function seedDemoIntegrations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Seeded once: integrations that exist are the user's, not ours to touch.
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(integrations);
    if ((existing?.n ?? 0) > 0) return;
    const [bridge] = await tx
      .select({ id: bridges.id })
      .from(bridges)
      .where(eq(bridges.name, DEMO_BRIDGE_NAME));
    const casinoIds = (
      await tx.select({ id: casinos.id }).from(casinos).orderBy(asc(casinos.id)).limit(4)
    ).map((row) => row.id);
    if (!bridge || casinoIds.length === 0) return;
    const catalogue = (
      await tx.select({ gameId: games.gameId }).from(games).orderBy(asc(games.gameId)).limit(5)
    ).map((row) => row.gameId);

    for (const demo of demoIntegrations(casinoIds)) {
      const failing = runRuleTests(demo.rules, demo.defaultCasinoId, demo.ruleTests).filter((r) => !r.passed);
      if (failing.length > 0) throw new Error(`demo integration ${demo.id}: a rule test fails`);
      await tx.insert(integrations).values({
        id: demo.id,
        name: demo.name,
        bridgeId: bridge.id,
        gameClientIntegrationUrl: `https://games.demo.invalid/${demo.id}/`,
        defaultCasinoId: demo.defaultCasinoId,
        gameRoundValidityPeriodDays: null,
        properties: { platform: demo.id },
        persistence,
        rules: demo.rules,
        ruleTests: demo.ruleTests,
        active: demo.active,
      });
      await tx
        .insert(integrationCasinos)
        .values(demo.casinoIds.map((casinoId) => ({ integrationId: demo.id, casinoId })));
      const assigned = demo.games.flatMap(([index, active]) => {
        const gameId = catalogue[index];
        return gameId ? [{ integrationId: demo.id, gameId, active }] : [];
      });
      if (assigned.length > 0) await tx.insert(integrationGames).values(assigned);
    }
  });
}
