/**
 * `/games/integrations`: for each game, the casinos and integrations it is in with its state there —
 * limited to what the caller's scope shows (decision 012).
 */
import {
  gameAssignmentsListQuerySchema,
  gameAssignmentsPageSchema,
  type GameAssignments,
  type GameAssignmentsListQuery,
} from '@backoffice/contracts';
import { and, asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { casinoGames, casinos, games, integrationGames, integrations } from '../../db/schema/index';
import { errorResponses } from '../../lib/http-schemas';
import { casinoScopeCondition, integrationScopeCondition, type Scope } from '../../lib/scope';
import { countUpTo, likePattern, pageOf, pageWithTotal } from '../../lib/sql';
import { principalOf } from '../../plugins/access';

export async function listGameAssignments(db: Db, query: GameAssignmentsListQuery, scope: Scope) {
  const filter = query.q
    ? or(ilike(games.gameId, likePattern(query.q)), ilike(games.name, likePattern(query.q)))
    : undefined;
  const direction = query.order === 'desc' ? desc : asc;
  const { rows: page, total } = await pageWithTotal(
    query,
    db
      .select({ gameId: games.gameId, name: games.name })
      .from(games)
      .where(filter)
      .orderBy(direction(query.sort === 'name' ? games.name : games.gameId), asc(games.gameId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    () => countUpTo(db, games, filter),
  );
  const ids = page.map((game) => game.gameId);
  const [inCasinos, inIntegrations] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              gameId: casinoGames.gameId,
              id: casinos.id,
              name: casinos.name,
              active: casinoGames.active,
            })
            .from(casinoGames)
            .innerJoin(casinos, eq(casinos.id, casinoGames.casinoId))
            .where(and(inArray(casinoGames.gameId, ids), casinoScopeCondition(scope, casinos.id)))
            .orderBy(asc(casinos.id)),
          db
            .select({
              gameId: integrationGames.gameId,
              id: integrations.id,
              name: integrations.name,
              active: integrationGames.active,
            })
            .from(integrationGames)
            .innerJoin(integrations, eq(integrations.id, integrationGames.integrationId))
            .where(
              and(inArray(integrationGames.gameId, ids), integrationScopeCondition(scope, integrations.id)),
            )
            .orderBy(asc(integrations.id)),
        ]);
  const items: GameAssignments[] = page.map((game) => ({
    ...game,
    casinos: inCasinos.filter((row) => row.gameId === game.gameId).map(({ gameId: _g, ...casino }) => casino),
    integrations: inIntegrations
      .filter((row) => row.gameId === game.gameId)
      .map(({ gameId: _g, ...integration }) => integration),
  }));
  return pageOf(query, { items, total });
}

export const gameAssignmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { access: 'viewGameConfigurations' },
      schema: {
        tags: ['Game catalogue'],
        summary: 'Games with the casinos and integrations they are in (only those in scope)',
        querystring: gameAssignmentsListQuerySchema,
        response: { 200: gameAssignmentsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listGameAssignments(db, request.query, principalOf(request).scope),
  );
};
