import {
  accountSchema,
  accountUpdateSchema,
  endedSessionsSchema,
  passwordChangeSchema,
  sessionIdSchema,
  userSessionListSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import { SESSION_COOKIE } from '../auth/auth.routes';
import type { AccountService } from './account.service';

const tags = ['My account'];
const config = { access: 'authenticated' as const };

export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config,
      schema: { tags, summary: 'My profile', response: { 200: accountSchema, ...errorResponses(401) } },
    },
    (request) => service.get(principalOf(request).userId),
  );

  app.put(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Change my name',
        body: accountUpdateSchema,
        response: { 200: accountSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => {
      const principal = principalOf(request);
      return service.update({ id: principal.userId, name: principal.username }, request.body);
    },
  );

  app.put(
    '/password',
    {
      config,
      schema: {
        tags,
        summary: 'Change my password',
        body: passwordChangeSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await service.changePassword(
        { id: principal.userId, name: principal.username },
        { sessionId: principal.sessionId, address: request.ip },
        request.body,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/sessions',
    {
      config,
      schema: {
        tags,
        summary: 'My sessions',
        response: { 200: userSessionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return { items: await service.listSessions(principal.userId, principal.sessionId) };
    },
  );

  app.delete(
    '/sessions',
    {
      config,
      schema: {
        tags,
        summary: 'Sign out everywhere else (all my sessions but this one)',
        response: { 200: endedSessionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const ended = await service.endOtherSessions(
        { id: principal.userId, name: principal.username },
        principal.sessionId,
      );
      return { ended };
    },
  );

  app.delete(
    '/sessions/:sessionId',
    {
      config,
      schema: {
        tags,
        summary: 'End one of my sessions',
        params: z.object({ sessionId: sessionIdSchema }),
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await service.endSession({ id: principal.userId, name: principal.username }, request.params.sessionId);
      // Ending the session asking is signing out here (the identity server's sign-out is /auth/logout's).
      if (request.params.sessionId === principal.sessionId) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );
};
