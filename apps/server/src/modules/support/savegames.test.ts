/** Deleting savegames: hard and soft, behind the typed game id, audited, a significant event, on the feed. */
import type { DeleteSavegameResult, PlayerDetail, SupportFeed } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { expectError } from '../../test/api';
import { describeEachEngine, type SignedIn } from '../../test/app';
import { apiKeyFor, seedPlatformFixture } from '../../test/platform';

const fixture = {
  casinos: ['sg-a', 'sg-b'],
  integrations: { 'sg-int-a': ['sg-a'], 'sg-int-b': ['sg-b'] },
  games: { 'sg-game-1': 96, 'sg-game-2': 95 },
};

describeEachEngine('deleting savegames', (ctx) => {
  let key: string;
  let agent: SignedIn;
  const remove = (who: SignedIn, gameId: string, body: Record<string, unknown>) =>
    who.inject({
      method: 'POST',
      url: `/api/support/players/sg-a/p-1/savegames/${gameId}/delete`,
      payload: { reason: 'Player asked for a fresh start', confirmation: gameId, ...body },
    });
  const savegames = async () =>
    (await agent.inject({ method: 'GET', url: '/api/support/players/sg-a/p-1' })).json<PlayerDetail>()
      .savegames;

  beforeAll(async () => {
    await seedPlatformFixture(ctx().database.db, fixture);
    key = await apiKeyFor(ctx().database.db, 'sg-int-a');
    const send = (path: string, body: object) =>
      ctx().app.inject({
        method: 'POST',
        url: `/api/platform/v1/${path}`,
        headers: { authorization: `Bearer ${key}` },
        payload: body,
      });
    expect((await send('players', { players: [{ casinoId: 'sg-a', playerId: 'p-1' }] })).statusCode).toBe(
      200,
    );
    const saved = await send('savegames', {
      savegames: ['sg-game-1', 'sg-game-2'].map((gameId) => ({
        casinoId: 'sg-a',
        playerId: 'p-1',
        gameId,
        savedAt: '2026-03-20T10:00:00Z',
        state: { level: 3 },
        data: { coins: 5 },
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    agent = await ctx().signIn('support', { casinoIds: ['sg-a'] });
  });

  it('refuses without the typed game id, without permission, and outside the scope, changing nothing', async () => {
    expectError(
      await remove(agent, 'sg-game-1', { mode: 'soft', confirmation: 'sg-game-2' }),
      400,
      'CONFIRMATION_MISMATCH',
    );
    expectError(
      await remove(agent, 'sg-game-1', { mode: 'soft', confirmation: '' }),
      400,
      'CONFIRMATION_MISMATCH',
    );
    expectError(await remove(agent, 'sg-game-1', { mode: 'wipe' }), 400, 'VALIDATION_FAILED');
    const qa = await ctx().signIn('qa', { casinoIds: ['sg-a'] });
    expectError(await remove(qa, 'sg-game-1', { mode: 'hard' }), 403, 'NO_PERMISSION');
    const other = await ctx().signIn('support', { casinoIds: ['sg-b'] });
    expectError(await remove(other, 'sg-game-1', { mode: 'hard' }), 404, 'RECORD_NOT_FOUND');
    expect((await savegames()).map((savegame) => savegame.restorable)).toEqual([true, true]);
  });

  it('soft-deletes only the game state, then hard-deletes; each audited, a significant event and on the feed', async () => {
    const soft = await remove(agent, 'sg-game-1', { mode: 'soft' });
    expect(soft.statusCode, soft.body).toBe(200);
    expect(soft.json<DeleteSavegameResult>()).toMatchObject({
      mode: 'soft',
      savegame: { gameId: 'sg-game-1', restorable: false },
    });
    const [row] = rowsOf<{ state: unknown; data: unknown }>(
      await ctx().database.db.execute(
        sql`select state, data from savegames where casino_id = 'sg-a' and game_id = 'sg-game-1'`,
      ),
    );
    expect(row).toEqual({ state: null, data: { coins: 5 } });
    expectError(await remove(agent, 'sg-game-1', { mode: 'soft' }), 409, 'SAVEGAME_NOT_RESTORABLE');

    const hard = await remove(agent, 'sg-game-1', { mode: 'hard' });
    expect(hard.json<DeleteSavegameResult>()).toEqual({ mode: 'hard', savegame: null });
    expect((await savegames()).map((savegame) => savegame.gameId)).toEqual(['sg-game-2']);
    expectError(await remove(agent, 'sg-game-1', { mode: 'hard' }), 404, 'RECORD_NOT_FOUND');

    const audit = rowsOf<{ action: string }>(
      await ctx().database.db.execute(sql`select action from audit_entries
        where entity_type = 'savegame' and entity_id = 'sg-a/p-1/sg-game-1' order by id`),
    );
    expect(audit.map((entry) => entry.action)).toEqual(['soft-delete', 'delete']);
    const events = rowsOf<{ casino_id: string; after_value: string }>(
      await ctx().database.db.execute(sql`select casino_id, after_value from significant_events
        where reason like 'Savegame of game sg-game-1 %' order by created_at`),
    );
    expect(events).toEqual([
      { casino_id: 'sg-a', after_value: 'game state removed' },
      { casino_id: 'sg-a', after_value: 'deleted' },
    ]);
    const feed = await ctx().app.inject({
      method: 'GET',
      url: '/api/platform/v1/support-actions',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(feed.json<SupportFeed>().items.map((item) => [item.kind, item.gameId, item.deletion])).toEqual([
      ['savegame-deleted', 'sg-game-1', 'soft'],
      ['savegame-deleted', 'sg-game-1', 'hard'],
    ]);
  });
});
