/**
 * Player support's API (`/api/support`): player look-up, one round with its timeline, closing a round and
 * retrying its booking, deleting a savegame. Viewing needs "view game rounds"; every action needs "player
 * support actions"; everything is limited to the agent's scope. Bookings and savegame deletions also need
 * a recent proof of the agent's strongest factor (step-up, issue 15).
 */
import {
  closeRoundInputSchema,
  deleteSavegameInputSchema,
  deleteSavegameResultSchema,
  playerDetailSchema,
  playerSearchQuerySchema,
  playerSearchResultSchema,
  supportRoundSchema,
  type CloseRoundInput,
} from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import type { ClosuresService } from './closures.service';
import type { PlayersService } from './players.service';
import type { SavegamesService } from './savegames.service';

const tags = ['Support'];
const read = { access: 'viewGameRounds' as const };
const act = { access: 'playerSupportActions' as const };
/** Moving money and deleting a player's saved game need a recent proof of the strongest factor (step-up). */
const dangerous = { ...act, stepUp: true as const };
/** A close that books (refund or win) moves money; closing without a booking does not. */
const booking = {
  ...act,
  stepUp: (request: FastifyRequest) => (request.body as CloseRoundInput).booking !== 'none',
};

const id = z.string().trim().min(1).max(100);
const playerParams = z.object({ casinoId: id, playerId: id });
// A round id is unique only within its casino.
const roundParams = z.object({ casinoId: id, roundId: id });
const savegameParams = z.object({ casinoId: id, playerId: id, gameId: id });
/** The bridge's failures a booking can answer with (the close then stays pending, or is rejected). */
const bridgeFailures = errorResponses(422, 502, 503, 504);

export const supportRoutes: FastifyPluginAsyncZod<{
  players: PlayersService;
  closures: ClosuresService;
  savegames: SavegamesService;
}> = async (app, { players, closures, savegames }) => {
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

  app.post(
    '/players/:casinoId/:playerId/savegames/:gameId/delete',
    {
      config: dangerous,
      schema: {
        tags,
        summary:
          'Delete a savegame: hard removes it, soft only its restore-game-state part (confirmation: the game id)',
        params: savegameParams,
        body: deleteSavegameInputSchema,
        response: { 200: deleteSavegameResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => savegames.delete(request.params, request.body, principalOf(request).scope, request.actor),
  );

  app.get(
    '/rounds/:casinoId/:roundId',
    {
      config: read,
      schema: {
        tags,
        summary: 'A game round with its close, what each booking type would book, and its timeline',
        params: roundParams,
        response: { 200: supportRoundSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => closures.view(request.params.casinoId, request.params.roundId, principalOf(request)),
  );

  app.post(
    '/rounds/:casinoId/:roundId/close',
    {
      config: booking,
      schema: {
        tags,
        summary:
          'Close an open round: refund the bet, book the total win, or close without booking (confirmation: the round id). Exactly once: a close in flight or done refuses another (409); a bridge failure of unknown outcome leaves the booking pending for a retry with the same key',
        params: roundParams,
        body: closeRoundInputSchema,
        response: { 200: supportRoundSchema, ...errorResponses(400, 401, 403, 404, 409), ...bridgeFailures },
      },
    },
    (request) =>
      closures.close(
        request.params.casinoId,
        request.params.roundId,
        request.body,
        principalOf(request),
        request.actor,
      ),
  );

  app.post(
    '/rounds/:casinoId/:roundId/retry',
    {
      config: dangerous,
      schema: {
        tags,
        summary: "Send a pending close's booking to the bridge again, with the same idempotency key",
        params: roundParams,
        response: { 200: supportRoundSchema, ...errorResponses(400, 401, 403, 404, 409), ...bridgeFailures },
      },
    },
    (request) =>
      closures.retry(request.params.casinoId, request.params.roundId, principalOf(request), request.actor),
  );
};
