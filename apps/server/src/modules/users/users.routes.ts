import {
  expectedVersionSchema,
  passwordResetSchema,
  userCreateSchema,
  userIdSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
  userUpdateSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import type { UsersService } from './users.service';

const tags = ['Users'];
const params = z.object({ id: userIdSchema });
const config = { access: 'noRestrictions' as const };
const actorOf = (request: Parameters<typeof principalOf>[0]) => {
  const principal = principalOf(request);
  return { id: principal.userId, name: principal.username };
};

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'List users',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Get a user',
        params,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Create a user',
        body: userCreateSchema,
        response: { 201: userSchema, ...errorResponses(400, 401, 403, 409, 502) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, actorOf(request))),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a user (at the version read)',
        params,
        body: userUpdateSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    (request) => service.update(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a user (at the version read)',
        params,
        querystring: expectedVersionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id, request.query.version, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/:id/password',
    {
      config,
      schema: {
        tags,
        summary: "Reset a user's password",
        params,
        body: passwordResetSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.params.id, request.body, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
