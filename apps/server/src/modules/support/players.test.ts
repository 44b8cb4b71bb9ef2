import type { PlayerDetail, PlayerSearchResult } from '@backoffice/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/api';
import { describeEachEngine } from '../../test/app';
import { apiKeyFor, round, seedPlatformFixture } from '../../test/platform';

const fixture = {
  casinos: ['sup-a', 'sup-b'],
  integrations: { 'sup-int-a': ['sup-a'], 'sup-int-b': ['sup-b'] },
  games: { 'sup-game-1': 96, 'sup-game-2': 95 },
};

const grace = {
  casinoId: 'sup-a',
  playerId: 'p-grace',
  email: 'grace.hopper@example.test',
  firstName: 'Grace',
  lastName: 'Hopper',
  nickName: 'amazing-grace',
  city: 'Arlington',
  dateOfBirth: '1906-12-09',
  gender: 'f',
  language: 'en',
  country: 'US',
};
const ada = { casinoId: 'sup-a', playerId: 'p-ada', email: 'ada@example.test', nickName: 'countess' };
/** The same nickname in the other casino: a scoped agent must never find her. */
const foreign = {
  casinoId: 'sup-b',
  playerId: 'p-foreign',
  email: 'grace@elsewhere.test',
  nickName: 'amazing-grace-2',
};

describeEachEngine('player look-up for support', (ctx) => {
  const platform = async (integrationId: string, path: string, body: object) => {
    const key = await apiKeyFor(ctx().database.db, integrationId);
    const response = await ctx().app.inject({
      method: 'POST',
      url: `/api/platform/v1/${path}`,
      headers: { authorization: `Bearer ${key}` },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    await seedPlatformFixture(ctx().database.db, fixture);
    await platform('sup-int-a', 'players', { players: [grace, ada] });
    await platform('sup-int-b', 'players', { players: [foreign] });
    // 22 rounds of Grace, a day apart, the newest open; one round of Ada.
    const rounds = Array.from({ length: 22 }, (_, n) =>
      round({
        roundId: `g-${String(n).padStart(2, '0')}`,
        casinoId: 'sup-a',
        playerId: 'p-grace',
        gameId: n % 2 ? 'sup-game-1' : 'sup-game-2',
        startedAt: new Date(Date.UTC(2026, 2, 1 + n, 12)).toISOString(),
        status: n === 21 ? 'open' : 'completed',
      }),
    );
    await platform('sup-int-a', 'rounds', {
      rounds: [
        ...rounds,
        round({ roundId: 'a-1', casinoId: 'sup-a', playerId: 'p-ada', gameId: 'sup-game-1' }),
      ],
    });
    await platform('sup-int-a', 'savegames', {
      savegames: [
        {
          casinoId: 'sup-a',
          playerId: 'p-grace',
          gameId: 'sup-game-1',
          savedAt: '2026-03-20T10:00:00Z',
          state: { level: 3 },
        },
        {
          casinoId: 'sup-a',
          playerId: 'p-grace',
          gameId: 'sup-game-2',
          savedAt: '2026-03-21T10:00:00Z',
          data: { coins: 5 },
        },
      ],
    });
  });

  describe('a support agent (sees personal data)', () => {
    it('finds players by part of the e-mail, the name or the nickname, only in scope', async () => {
      const agent = await ctx().signIn('support', { casinoIds: ['sup-a'] });
      for (const q of ['hopper@example', 'Grace Hop', 'AMAZING']) {
        const response = await agent.inject({
          method: 'GET',
          url: `/api/support/players?q=${encodeURIComponent(q)}`,
        });
        expect(response.statusCode, response.body).toBe(200);
        const result = response.json<PlayerSearchResult>();
        expect(
          result.items.map((player) => player.playerId),
          q,
        ).toEqual(['p-grace']);
        expect(result.items[0]).toMatchObject({ personalData: true, email: grace.email, lastName: 'Hopper' });
        expect(result.more).toBe(false);
      }
      const byId = await agent.inject({
        method: 'GET',
        url: '/api/support/players?casinoId=sup-a&playerId=p-ada',
      });
      expect(byId.json<PlayerSearchResult>().items.map((player) => player.playerId)).toEqual(['p-ada']);
      // The other casino's player is not found, not even by her own id.
      const outside = await agent.inject({ method: 'GET', url: '/api/support/players?playerId=p-foreign' });
      expect(outside.json<PlayerSearchResult>().items).toEqual([]);
    });

    it('opens a player with every spec field, the newest rounds first and the savegames', async () => {
      const agent = await ctx().signIn('support', { casinoIds: ['sup-a'] });
      const response = await agent.inject({ method: 'GET', url: '/api/support/players/sup-a/p-grace' });
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<PlayerDetail>();
      expect(detail.player).toMatchObject({
        casinoId: 'sup-a',
        playerId: 'p-grace',
        integrationId: 'sup-int-a',
        email: grace.email,
        firstName: 'Grace',
        lastName: 'Hopper',
        nickName: 'amazing-grace',
        city: 'Arlington',
        dateOfBirth: '1906-12-09',
        gender: 'f',
        language: 'en',
        country: 'US',
        personalData: true,
      });
      expect(detail.lastRounds).toHaveLength(20);
      expect(detail.lastRounds[0]).toMatchObject({ roundId: 'g-21', status: 'open' });
      expect(detail.lastRounds.at(-1)).toMatchObject({ roundId: 'g-02' });
      expect(detail.moreRounds).toBe(true);
      expect(detail.savegames).toEqual([
        expect.objectContaining({
          gameId: 'sup-game-1',
          restorable: true,
          savedAt: '2026-03-20T10:00:00.000Z',
        }),
        expect.objectContaining({ gameId: 'sup-game-2', restorable: false }),
      ]);
    });

    it('answers a player outside the scope as one that does not exist (404), in German and English', async () => {
      const agent = await ctx().signIn('support', { casinoIds: ['sup-a'] });
      expectError(
        await agent.inject({ method: 'GET', url: '/api/support/players/sup-b/p-foreign' }),
        404,
        'RECORD_NOT_FOUND',
      );
      expectError(
        await agent.inject({ method: 'GET', url: '/api/support/players/sup-a/p-nobody' }),
        404,
        'RECORD_NOT_FOUND',
      );
    });
  });

  describe('other readers of game rounds (no personal data)', () => {
    it('see players without personal data and cannot find them by it', async () => {
      const accountant = await ctx().signIn('accountant', { casinoIds: ['sup-a'] });
      const byEmail = await accountant.inject({
        method: 'GET',
        url: '/api/support/players?q=hopper%40example',
      });
      expect(byEmail.json<PlayerSearchResult>().items).toEqual([]);
      const byName = await accountant.inject({ method: 'GET', url: '/api/support/players?q=Grace%20Hop' });
      expect(byName.json<PlayerSearchResult>().items).toEqual([]);
      const byNick = await accountant.inject({ method: 'GET', url: '/api/support/players?q=amazing' });
      const [found] = byNick.json<PlayerSearchResult>().items;
      expect(found).toMatchObject({ playerId: 'p-grace', nickName: 'amazing-grace', personalData: false });
      expect(found).toMatchObject({
        email: null,
        firstName: null,
        lastName: null,
        city: null,
        dateOfBirth: null,
        gender: null,
      });
      const detail = await accountant.inject({ method: 'GET', url: '/api/support/players/sup-a/p-grace' });
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toContain(grace.email);
      expect(detail.body).not.toContain('Hopper');
    });

    it('is closed to roles that may not view game rounds (403)', async () => {
      const visitor = await ctx().signIn('visitor');
      expectError(
        await visitor.inject({ method: 'GET', url: '/api/support/players?q=grace' }),
        403,
        'NO_PERMISSION',
      );
    });
  });

  it('asks for a player id or a search text (400), and refuses a search of one character', async () => {
    for (const query of ['', '?casinoId=sup-a', '?q=g']) {
      expectError(
        await ctx().inject({ method: 'GET', url: `/api/support/players${query}` }),
        400,
        'VALIDATION_FAILED',
      );
    }
  });
});
