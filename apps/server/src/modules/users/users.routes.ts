import {
  endedSessionsSchema,
  expectedVersionSchema,
  passwordResetSchema,
  sessionIdSchema,
  userCreateSchema,
  userIdSchema,
  userListQuerySchema,
  userPageSchema,
  userSchema,
  userSessionListSchema,
  userUpdateSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import { accessReviewFileName } from './access-review-csv';
import type { UsersService } from './users.service';

const tags = ['Users'];
const params = z.object({ id: userIdSchema });
const sessionParams = z.object({ id: userIdSchema, sessionId: sessionIdSchema });
const config = { access: 'noRestrictions' as const };
/** Changing users, roles, scopes and passwords needs a recent proof of the strongest factor (step-up). */
const change = { ...config, stepUp: true as const };
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
    '/access-review.csv',
    {
      config,
      schema: {
        tags,
        summary:
          'The access review as CSV (text/csv): every user with role, status, scope and the dates of GLI-19 §2.8.9',
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const stream = await service.accessReview(actorOf(request));
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${accessReviewFileName(new Date())}"`)
          .header('cache-control', 'no-store')
          // The type provider knows only serialised bodies; Fastify sends a stream as it is.
          .send(stream as unknown as string)
      );
    },
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
      config: change,
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
      config: change,
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
      config: change,
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
      config: change,
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

  app.get(
    '/:id/sessions',
    {
      config,
      schema: {
        tags,
        summary: "A user's sessions",
        params,
        response: { 200: userSessionListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      items: await service.listSessions(request.params.id, principalOf(request).sessionId),
    }),
  );

  app.delete(
    '/:id/sessions',
    {
      config,
      schema: {
        tags,
        summary: "End all of a user's sessions (an admin's own: all but the one asking)",
        params,
        response: { 200: endedSessionsSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => ({
      ended: await service.endAllSessions(
        request.params.id,
        actorOf(request),
        principalOf(request).sessionId,
      ),
    }),
  );

  app.delete(
    '/:id/sessions/:sessionId',
    {
      config,
      schema: {
        tags,
        summary: 'End one session of a user',
        params: sessionParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.endSession(request.params.id, request.params.sessionId, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
