import type { GameAssignments, Page } from '@backoffice/contracts';
import { beforeAll, expect, it } from 'vitest';
import {
  bridges,
  casinoGames,
  casinos,
  integrationGames,
  integrations,
  jurisdictions,
} from '../../db/schema/index';
import { expectError, seedAlphaAndBeta } from '../../test/api';
import { describeEachEngine } from '../../test/app';

describeEachEngine('game assignments (/games/integrations)', (ctx) => {
  beforeAll(async () => {
    const { db } = ctx().database;
    await seedAlphaAndBeta(db);
    const [bridge] = await db
      .insert(bridges)
      .values({ name: 'B', routerUrl: 'http://127.0.0.1:1', secret: 'x'.repeat(16) })
      .returning();
    const [jurisdiction] = await db.insert(jurisdictions).values({ name: 'Malta' }).returning();
    const casino = { bridgeId: bridge!.id, jurisdictionId: jurisdiction!.id, api: 'seamlessWallet' as const };
    await db.insert(casinos).values([
      { ...casino, id: 'casino-a', name: 'Casino A' },
      { ...casino, id: 'casino-b', name: 'Casino B' },
    ]);
    await db.insert(integrations).values({
      id: 'int-1',
      name: 'Integration 1',
      bridgeId: bridge!.id,
      persistence: {
        persistPlayer: true,
        persistGameRound: true,
        saveGameRoundDetails: false,
        gameRoundTtlDays: null,
        loseDetailsTtlDays: null,
        winDetailsTtlDays: null,
        bigWinDetailsTtlDays: null,
      },
    });
    await db.insert(casinoGames).values([
      { casinoId: 'casino-a', gameId: 'alpha', active: true },
      { casinoId: 'casino-b', gameId: 'alpha', active: false },
    ]);
    await db.insert(integrationGames).values({ integrationId: 'int-1', gameId: 'alpha', active: true });
  });

  it('lists each game with the casinos and integrations it is in and its state there', async () => {
    const response = await ctx().inject({ method: 'GET', url: '/api/game-assignments' });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<GameAssignments>>();
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      {
        gameId: 'alpha',
        name: 'Alpha Reels',
        casinos: [
          { id: 'casino-a', name: 'Casino A', active: true },
          { id: 'casino-b', name: 'Casino B', active: false },
        ],
        integrations: [{ id: 'int-1', name: 'Integration 1', active: true }],
      },
      { gameId: 'beta', name: 'Beta Gems', casinos: [], integrations: [] },
    ]);
    const searched = await ctx().inject({
      method: 'GET',
      url: '/api/game-assignments',
      query: { q: 'gems' },
    });
    expect(searched.json<Page<GameAssignments>>().items.map((item) => item.gameId)).toEqual(['beta']);
  });

  it('shows a scoped user only their casinos and integrations', async () => {
    const scoped = await ctx().signIn('support', { casinoIds: ['casino-a'], integrationIds: [] });
    const page = (await scoped.inject({ method: 'GET', url: '/api/game-assignments' })).json<
      Page<GameAssignments>
    >();
    expect(page.items[0]).toMatchObject({
      gameId: 'alpha',
      casinos: [{ id: 'casino-a', name: 'Casino A', active: true }],
      integrations: [],
    });
  });

  it('is not for roles without the game configuration view', async () => {
    const accountant = await ctx().signIn('accountant');
    expectError(
      await accountant.inject({ method: 'GET', url: '/api/game-assignments' }),
      403,
      'NO_PERMISSION',
    );
  });
});
