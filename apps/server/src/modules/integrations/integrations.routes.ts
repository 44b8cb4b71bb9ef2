/**
 * `/api/integrations`: the five configuration routes, activation, the assigned games and the push to the
 * bridge. Reading needs viewGameConfigurations; every change, the push and its preview (which names the
 * bridge's address) need adjustGameLaunchParameters. Every route works within the user's scope.
 */
import {
  activationSchema,
  assignedGameListQuerySchema,
  assignedGamePageSchema,
  assignedGameSchema,
  assignGameSchema,
  expectedVersionSchema,
  gameActivationSchema,
  gameIdSchema,
  integrationCreateSchema,
  integrationIdSchema,
  integrationListQuerySchema,
  integrationPageSchema,
  integrationSchema,
  integrationUpdateSchema,
  pushDetailSchema,
  pushHistoryPageSchema,
  pushHistoryQuerySchema,
  pushPreviewSchema,
  pushRequestSchema,
  pushResultSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import type { IntegrationsService } from './integrations.service';

const tags = ['Operators'];
const params = z.object({ id: integrationIdSchema });
const gameParams = z.object({ id: integrationIdSchema, gameId: gameIdSchema });
const read = { access: 'viewGameConfigurations' as const };
/** Kept until the configuration changes (decision 041): an integration list page or record. */
const kept = { ...read, keptAnswer: true };
const write = { access: 'adjustGameLaunchParameters' as const };

const scopeOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).scope;

export const integrationsRoutes: FastifyPluginAsyncZod<{ service: IntegrationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: kept,
      schema: {
        tags,
        summary: 'List integrations (paged, sorted, filtered; only those in the scope)',
        querystring: integrationListQuerySchema,
        response: { 200: integrationPageSchema, ...errorResponses(400, 401, 403) },
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
        summary: 'Get an integration',
        params,
        response: { 200: integrationSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: 'Create an integration (inactive; refused while a rule test fails)',
        body: integrationCreateSchema,
        response: { 201: integrationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.body, scopeOf(request), request.actor)),
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change an integration (at the version read; refused while a rule test fails)',
        params,
        body: integrationUpdateSchema,
        response: { 200: integrationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.update(request.params.id, request.body, scopeOf(request), request.actor),
  );

  app.delete(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an integration without bound casinos (at the version read)',
        params,
        querystring: expectedVersionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id, request.query.version, scopeOf(request), request.actor);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:id/activation',
    {
      config: write,
      schema: {
        tags,
        summary: 'Activate or deactivate an integration (at the version read)',
        params,
        body: activationSchema,
        response: { 200: integrationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.setActive(request.params.id, request.body, scopeOf(request), request.actor),
  );

  app.get(
    '/:id/games',
    {
      config: read,
      schema: {
        tags,
        summary: "List an integration's games (paged, sorted, filtered)",
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
        summary: 'Assign a game to an integration (inactive unless said otherwise)',
        params,
        body: assignGameSchema,
        response: { 201: assignedGameSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.assignGame(request.params.id, request.body, scopeOf(request), request.actor)),
  );

  app.put(
    '/:id/games/:gameId/activation',
    {
      config: write,
      schema: {
        tags,
        summary: "Activate or deactivate an integration's game",
        params: gameParams,
        body: gameActivationSchema,
        response: { 200: assignedGameSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      service.setGameActive(
        request.params.id,
        request.params.gameId,
        request.body.active,
        scopeOf(request),
        request.actor,
      ),
  );

  app.delete(
    '/:id/games/:gameId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a game from an integration',
        params: gameParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeGame(request.params.id, request.params.gameId, scopeOf(request), request.actor);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/push',
    {
      config: write,
      schema: {
        tags,
        summary: 'The configuration document a push would send, and the bridge it goes to',
        params,
        response: { 200: pushPreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.pushPreview(request.params.id, scopeOf(request)),
  );

  app.get(
    '/:id/pushes',
    {
      config: read,
      schema: {
        tags,
        summary: "The integration's pushes to its bridge, newest first, each with what it changed",
        params,
        querystring: pushHistoryQuerySchema,
        response: { 200: pushHistoryPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.pushes(request.params.id, request.query, scopeOf(request)),
  );

  app.get(
    '/:id/pushes/:pushId',
    {
      config: read,
      schema: {
        tags,
        summary: 'One push with the configuration document it sent',
        params: params.extend({ pushId: z.uuid() }),
        response: { 200: pushDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.pushDetail(request.params.id, request.params.pushId, scopeOf(request)),
  );

  app.post(
    '/:id/push',
    {
      config: write,
      schema: {
        tags,
        summary: "Push the configuration (at the version read) to the integration's bridge",
        params,
        body: pushRequestSchema,
        response: {
          200: pushResultSchema,
          ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504),
        },
      },
    },
    (request) => service.push(request.params.id, request.body.version, scopeOf(request), request.actor),
  );
};
