import { gameRoundDetailSchema, gameRoundPageSchema, gameRoundSearchSchema } from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { sendJsonText } from '../../lib/json-text';
import { principalOf } from '../../plugins/access';
import { decodeCursor, type GameRoundsService } from './game-rounds.service';

const tags = ['Reporting'];
const read = { access: 'viewGameRounds' as const };

/** A cursor this search did not make is refused like any other invalid field, in the reader's language. */
const searchSchema = gameRoundSearchSchema.refine(
  (query) => query.after === undefined || decodeCursor(query.after) !== undefined,
  // Only once the rest is valid: an over-long cursor is refused once, for its length.
  { path: ['after'], message: 'Not a cursor of this search', when: (payload) => payload.issues.length === 0 },
);

// A round id is unique only within its casino.
const roundParams = z.object({
  casinoId: z.string().trim().min(1).max(100),
  roundId: z.string().trim().min(1).max(100),
});

export const gameRoundsRoutes: FastifyPluginAsyncZod<{
  service: GameRoundsService;
  /** Whether answers the database wrote are checked against their schema (decision 042; the tests). */
  checkBuiltAnswers: boolean;
}> = async (app, { service, checkBuiltAnswers }) => {
  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary: 'Search game rounds (newest first, paged by the `next` cursor); only those in scope',
        querystring: searchSchema,
        response: { 200: gameRoundPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendJsonText(request, reply, await service.searchText(request.query, principalOf(request).scope), {
        schema: gameRoundPageSchema,
        check: checkBuiltAnswers,
      }),
  );

  app.get(
    '/:casinoId/:roundId',
    {
      config: read,
      schema: {
        tags,
        summary: 'A game round with its displayed outcome and money split',
        params: roundParams,
        response: { 200: gameRoundDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.params.casinoId, request.params.roundId, principalOf(request).scope),
  );
};
