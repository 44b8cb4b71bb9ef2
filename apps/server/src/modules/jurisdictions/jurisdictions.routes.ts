import {
  expectedVersionSchema,
  jurisdictionCreateSchema,
  jurisdictionIdSchema,
  jurisdictionListQuerySchema,
  jurisdictionPageSchema,
  jurisdictionSchema,
  jurisdictionUpdateSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas';
import type { JurisdictionsService } from './jurisdictions.service';

const tags = ['Master data'];
const params = z.object({ id: jurisdictionIdSchema });
const read = { access: 'viewGameConfigurations' as const };
const write = { access: 'adjustGameLaunchParameters' as const };

export const jurisdictionsRoutes: FastifyPluginAsyncZod<{ service: JurisdictionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary: 'List jurisdictions',
        querystring: jurisdictionListQuerySchema,
        response: { 200: jurisdictionPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Get a jurisdiction',
        params,
        response: { 200: jurisdictionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.params.id),
  );

  app.post(
    '/',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a jurisdiction',
        body: jurisdictionCreateSchema,
        response: { 201: jurisdictionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, request.actor)),
  );

  app.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a jurisdiction (at the version it was read)',
        params,
        body: jurisdictionUpdateSchema,
        response: { 200: jurisdictionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.update(request.params.id, request.body, request.actor),
  );

  app.delete(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a jurisdiction (at the version it was read)',
        params,
        querystring: expectedVersionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id, request.query.version, request.actor);
      return reply.code(204).send(null);
    },
  );
};
