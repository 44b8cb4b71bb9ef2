import { reportDimensionsSchema } from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import { reportDimensions } from './report-dimensions';

/**
 * `GET /dimensions`: the casinos, integrations and games to filter by, with their names. A route declares
 * one permission, so this is registered twice — under /api/reports for readers of reports and under
 * /api/game-rounds for readers of game rounds — with the same answer.
 */
export const reportDimensionsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  access: 'viewReports' | 'viewGameRounds';
}> = async (app, { db, access }) => {
  app.get(
    '/dimensions',
    {
      config: { access },
      schema: {
        tags: ['Reporting'],
        summary: 'The casinos, integrations and games in scope to filter by, with their names',
        response: { 200: reportDimensionsSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => reportDimensions(db, principalOf(request).scope),
  );
};
