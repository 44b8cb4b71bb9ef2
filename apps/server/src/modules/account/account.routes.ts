import { accountSchema, accountUpdateSchema, passwordChangeSchema } from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
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
};
