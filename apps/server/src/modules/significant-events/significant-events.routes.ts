import {
  significantEventInputSchema,
  significantEventListQuerySchema,
  significantEventPageSchema,
  significantEventSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import type { SignificantEventsService } from './significant-events.service';

const tags = ['Reporting'];

/** Events that explain a change in the figures: read with the reports, recorded by those who may. */
export const significantEventsRoutes: FastifyPluginAsyncZod<{ service: SignificantEventsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: { access: 'viewReports' },
      schema: {
        tags,
        summary:
          'List significant events (newest first), within a time range, searched in reason and component',
        querystring: significantEventListQuerySchema,
        response: { 200: significantEventPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.query, principalOf(request).scope),
  );

  app.post(
    '/',
    {
      config: { access: 'recordSignificantEvents' },
      schema: {
        tags,
        summary: 'Record a significant event',
        body: significantEventInputSchema,
        response: { 201: significantEventSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body, request.actor)),
  );
};
