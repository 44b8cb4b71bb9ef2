/** Player support's API (`/api/support`): player look-up. Viewing needs "view game rounds". */
import { playerDetailSchema, playerSearchQuerySchema, playerSearchResultSchema } from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import type { PlayersService } from './players.service';

const tags = ['Support'];
const read = { access: 'viewGameRounds' as const };

const playerParams = z.object({
  casinoId: z.string().trim().min(1).max(100),
  playerId: z.string().trim().min(1).max(100),
});

export const supportRoutes: FastifyPluginAsyncZod<{ players: PlayersService }> = async (app, { players }) => {
  app.get(
    '/players',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Find players in scope by player id, or by part of the nickname (and e-mail or name, for who sees personal data)',
        querystring: playerSearchQuerySchema,
        response: { 200: playerSearchResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => players.search(request.query, principalOf(request)),
  );

  app.get(
    '/players/:casinoId/:playerId',
    {
      config: read,
      schema: {
        tags,
        summary: 'A player in scope with their newest rounds and their savegames',
        params: playerParams,
        response: { 200: playerDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => players.get(request.params.casinoId, request.params.playerId, principalOf(request)),
  );
};
