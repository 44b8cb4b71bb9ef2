/**
 * The names the report filters offer: casinos, integrations and games within the reader's scope (casino
 * OR integration; only the integrations of the scope are named), deleted ones with figures without a name, and the route under /api/reports for
 * readers of reports and under /api/game-rounds for readers of game rounds.
 */
import type { ReportDimension, ReportDimensions } from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { casinos, games, integrationCasinos, integrations } from '../../db/schema/index';
import { expectError } from '../../test/api';
import { describeEachEngine, type SignedIn, type TestContext } from '../../test/app';
import { round, seedPlatformFixture } from '../../test/platform';
import { createIngestService } from '../platform/ingest.service';

const REPORTS = '/api/reports/dimensions';
const GAME_ROUNDS = '/api/game-rounds/dimensions';

const casino = (id: string): ReportDimension => ({ id, name: `Casino ${id}` });
const integration = (id: string) => ({ id, name: `Integration ${id}` });
const game = (id: string) => ({ id, name: `Game ${id}` });
const nameless = (id: string): ReportDimension => ({ id, name: null });

describeEachEngine('report dimensions', (ctx: () => TestContext) => {
  const db = () => ctx().database.db;
  const dimensions = async (as: Pick<TestContext, 'inject'>, url = REPORTS) => {
    const response = await as.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportDimensions>();
  };

  beforeAll(async () => {
    await seedPlatformFixture(db(), {
      casinos: ['c-a', 'c-b', 'c-c', 'c-d', 'c-idle', 'c-other', 'c-gone'],
      integrations: {
        'int-1': ['c-a', 'c-b', 'c-gone'],
        'int-2': ['c-c', 'c-idle'],
        'int-gone': ['c-d'],
      },
      games: { 'g-1': 96, 'g-2': 95, 'g-unplayed': 94, 'g-gone': 96 },
    });
    const ingest = createIngestService(db());
    await ingest.ingestRounds('int-1', [
      round({ roundId: 'r1', casinoId: 'c-a', gameId: 'g-1' }),
      round({ roundId: 'r2', casinoId: 'c-b', gameId: 'g-2', startedAt: '2025-06-01T10:00:00Z' }),
      round({ roundId: 'r3', casinoId: 'c-gone', gameId: 'g-gone' }),
    ]);
    await ingest.ingestRounds('int-2', [round({ roundId: 'r4', casinoId: 'c-c', gameId: 'g-1' })]);
    await ingest.ingestRounds('int-gone', [round({ roundId: 'r5', casinoId: 'c-d', gameId: 'g-2' })]);
    // Deleted after their rounds: their figures stay.
    await db().delete(integrationCasinos).where(eq(integrationCasinos.casinoId, 'c-gone'));
    await db().delete(casinos).where(eq(casinos.id, 'c-gone'));
    await db().delete(games).where(eq(games.gameId, 'g-gone'));
    await db().delete(integrations).where(eq(integrations.id, 'int-gone'));
  });

  it('gives an admin every casino and integration, the games with rounds, and deleted ones without a name', async () => {
    expect(await dimensions(ctx())).toEqual({
      casinos: ['c-a', 'c-b', 'c-c', 'c-d', 'c-idle', 'c-other'].map(casino).concat(nameless('c-gone')),
      integrations: [integration('int-1'), integration('int-2'), nameless('int-gone')],
      games: [game('g-1'), game('g-2'), nameless('g-gone')],
    });
  });

  describe('scope', () => {
    it('gives a user scoped to a casino that casino and the games of its figures, not the integrations serving it', async () => {
      const user = await ctx().signIn('accountant', { casinoIds: ['c-a'] });
      expect(await dimensions(user)).toEqual({
        casinos: [casino('c-a')],
        integrations: [],
        games: [game('g-1')],
      });
    });

    it('gives a user scoped to an integration its bound casinos too, also those without figures', async () => {
      const user = await ctx().signIn('visitor', { integrationIds: ['int-2'] });
      expect(await dimensions(user)).toEqual({
        casinos: [casino('c-c'), casino('c-idle')],
        integrations: [integration('int-2')],
        games: [game('g-1')],
      });
    });

    it("lists deleted casinos and games with figures in the user's integration without a name", async () => {
      const user = await ctx().signIn('accountant', { integrationIds: ['int-1'] });
      expect(await dimensions(user)).toEqual({
        casinos: [casino('c-a'), casino('c-b'), nameless('c-gone')],
        integrations: [integration('int-1')],
        games: [game('g-1'), game('g-2'), nameless('g-gone')],
      });
    });

    it('joins the casinos OR the integrations of a user, naming only the integrations of the scope', async () => {
      const user = await ctx().signIn('developer', { casinoIds: ['c-d'], integrationIds: ['int-2'] });
      expect(await dimensions(user)).toEqual({
        casinos: [casino('c-c'), casino('c-d'), casino('c-idle')],
        integrations: [integration('int-2')],
        games: [game('g-1'), game('g-2')],
      });
    });

    it('lists a deleted integration of the scope with figures without a name', async () => {
      const user = await ctx().signIn('visitor', { integrationIds: ['int-gone', 'int-unknown'] });
      expect(await dimensions(user)).toEqual({
        casinos: [casino('c-d')],
        integrations: [nameless('int-gone')],
        games: [game('g-2')],
      });
    });

    it('gives a user without casinos or integrations nothing', async () => {
      const user = await ctx().signIn('accountant');
      expect(await dimensions(user)).toEqual({ casinos: [], integrations: [], games: [] });
    });
  });

  describe('access', () => {
    let accountant: SignedIn;
    beforeAll(async () => {
      accountant = await ctx().signIn('accountant', { casinoIds: ['c-b'] });
    });

    it('answers readers of reports and of game rounds alike, on their own paths', async () => {
      const expected = { casinos: [casino('c-b')], integrations: [], games: [game('g-2')] };
      expect(await dimensions(accountant, REPORTS)).toEqual(expected);
      expect(await dimensions(accountant, GAME_ROUNDS)).toEqual(expected);
    });

    it('refuses each path to the roles without its permission', async () => {
      for (const role of ['support', 'qa'] as const) {
        const user = await ctx().signIn(role, { casinoIds: ['c-b'] });
        expectError(await user.inject({ method: 'GET', url: REPORTS }), 403, 'NO_PERMISSION');
        expect((await dimensions(user, GAME_ROUNDS)).casinos).toEqual([casino('c-b')]);
      }
      const visitor = await ctx().signIn('visitor', { casinoIds: ['c-b'] });
      expectError(await visitor.inject({ method: 'GET', url: GAME_ROUNDS }), 403, 'NO_PERMISSION');
      expect((await dimensions(visitor, REPORTS)).casinos).toEqual([casino('c-b')]);
    });

    it('requires a session', async () => {
      for (const url of [REPORTS, GAME_ROUNDS]) {
        expectError(await ctx().app.inject({ method: 'GET', url }), 401, 'UNAUTHENTICATED');
      }
    });
  });
});
