/**
 * The casinos API. Written out rather than with `crudRoutes`: every service call needs the caller's
 * scope (decision 012), which the shared CRUD routes do not pass.
 */
import {
  activationSchema,
  assignedGameListQuerySchema,
  assignedGamePageSchema,
  assignedGameSchema,
  assignGameSchema,
  casinoCreateSchema,
  casinoIdSchema,
  casinoListQuerySchema,
  casinoPageSchema,
  casinoSchema,
  casinoUpdateSchema,
  codeIdSchema,
  expectedVersionSchema,
  gameActivationSchema,
} from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import type { Caller, CasinosService } from './casinos.service';

const tags = ['Operators'];
const params = z.object({ id: casinoIdSchema });
const gameParams = z.object({ id: casinoIdSchema, gameId: codeIdSchema });
const read = { access: 'viewGameConfigurations' as const };
/** A casino list page or record is kept until the configuration changes (decision 041). */
const kept = { ...read, keptAnswer: true };
const write = { access: 'adjustGameLaunchParameters' as const };

const scopeOf = (request: FastifyRequest) => principalOf(request).scope;
const callerOf = (request: FastifyRequest): Caller => ({ scope: scopeOf(request), actor: request.actor });

export const casinosRoutes: FastifyPluginAsyncZod<{ service: CasinosService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: kept,
      schema: {
        tags,
        summary: 'List casinos (paged, sorted, filtered; only those in scope)',
        querystring: casinoListQuerySchema,
        response: { 200: casinoPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.query, scopeOf(request)),
  );

  app.get(
    '/:id',
    {
      config: kept,
      schema: {
        tags,
        summary: 'Get a casino',
        params,
        response: { 200: casinoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.params.id, scopeOf(request)),
  );

  app.post(
    '/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a casino (inactive)',
        body: casinoCreateSchema,
        response: { 201: casinoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, callerOf(request))),
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a casino (at the version it was read)',
        params,
        body: casinoUpdateSchema,
        response: { 200: casinoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.update(request.params.id, request.body, callerOf(request)),
  );

  app.delete(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a casino with its games and settings (at the version it was read)',
        params,
        querystring: expectedVersionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id, request.query.version, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:id/activation',
    {
      config: write,
      schema: {
        tags,
        summary: 'Activate or deactivate a casino (at the version it was read)',
        params,
        body: activationSchema,
        response: { 200: casinoSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.setActive(request.params.id, request.body, callerOf(request)),
  );

  app.get(
    '/:id/games',
    {
      config: read,
      schema: {
        tags,
        summary: 'List the games assigned to a casino (paged, sorted, filtered)',
        params,
        querystring: assignedGameListQuerySchema,
        response: { 200: assignedGamePageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.listGames(request.params.id, request.query, scopeOf(request)),
  );

  app.post(
    '/:id/games',
    {
      config: write,
      schema: {
        tags,
        summary: 'Assign a game to a casino (inactive unless said otherwise)',
        params,
        body: assignGameSchema,
        response: { 201: assignedGameSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.assignGame(request.params.id, request.body, callerOf(request))),
  );

  app.put(
    '/:id/games/:gameId/activation',
    {
      config: write,
      schema: {
        tags,
        summary: 'Activate or deactivate a game of a casino',
        params: gameParams,
        body: gameActivationSchema,
        response: { 200: assignedGameSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      service.setGameActive(request.params.id, request.params.gameId, request.body.active, callerOf(request)),
  );

  app.delete(
    '/:id/games/:gameId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a game from a casino',
        params: gameParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeGame(request.params.id, request.params.gameId, callerOf(request));
      return reply.code(204).send(null);
    },
  );
};
