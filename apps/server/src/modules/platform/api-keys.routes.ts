/**
 * `/api/integrations/:id/api-keys`: the keys the game platform uses for the ingest API. Reading needs
 * viewGameConfigurations, creating and revoking adjustGameLaunchParameters; all within the user's scope.
 */
import {
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  integrationIdSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import type { ApiKeysService } from './api-keys.service';

const tags = ['Operators'];
const params = z.object({ id: integrationIdSchema });
const keyParams = z.object({ id: integrationIdSchema, keyId: z.uuid() });
const read = { access: 'viewGameConfigurations' as const };
const write = { access: 'adjustGameLaunchParameters' as const };

const scopeOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).scope;

export const apiKeysRoutes: FastifyPluginAsyncZod<{ service: ApiKeysService }> = async (app, { service }) => {
  app.get(
    '/:id/api-keys',
    {
      config: read,
      schema: {
        tags,
        summary: "List an integration's API keys (never the keys themselves)",
        params,
        response: { 200: z.array(apiKeySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.list(request.params.id, scopeOf(request)),
  );

  app.post(
    '/:id/api-keys',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an API key of the ingest API; the answer is the only time the key is shown',
        params,
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(request.params.id, request.body, scopeOf(request), request.actor)),
  );

  app.post(
    '/:id/api-keys/:keyId/revoke',
    {
      config: write,
      schema: {
        tags,
        summary: 'Revoke an API key (for good; revoking it again changes nothing)',
        params: keyParams,
        response: { 200: apiKeySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.revoke(request.params.id, request.params.keyId, scopeOf(request), request.actor),
  );
};
