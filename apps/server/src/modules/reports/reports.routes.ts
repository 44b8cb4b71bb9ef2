import {
  casinoPerformanceSchema,
  gamePerformanceSchema,
  ggrReportSchema,
  integrationGamePerformanceSchema,
  playerCsvQuerySchema,
  reportFilterSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import { playerCsvFileName, playerCsvStream } from './player-csv';
import type { ReportsService } from './reports.service';

const reportErrors = errorResponses(400, 401, 403, 404);

/**
 * The money reports over the rollups and the player-data CSV; all within the reader's scope. The service
 * given keeps the money reports' answers while what they show is unchanged (`keptReports`).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{
  service: ReportsService;
  db: Db;
  copyOut?: Database['copyOut'];
}> = async (app, { service, db, copyOut }) => {
  app.get(
    '/ggr',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['Reporting'],
        summary: 'GGR report: totals in EUR and per currency, a series per day or month, the top games',
        querystring: reportFilterSchema,
        response: { 200: ggrReportSchema, ...reportErrors },
      },
    },
    (request) => service.ggr(request.query, principalOf(request).scope),
  );

  app.get(
    '/casino-performance',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['Reporting'],
        summary: 'Casino performance: the figures of each casino, highest GGR first',
        querystring: reportFilterSchema,
        response: { 200: casinoPerformanceSchema, ...reportErrors },
      },
    },
    (request) => service.casinoPerformance(request.query, principalOf(request).scope),
  );

  app.get(
    '/game-performance',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['Reporting'],
        summary: 'Game performance: the figures of each game, its actual against its theoretical RTP',
        querystring: reportFilterSchema,
        response: { 200: gamePerformanceSchema, ...reportErrors },
      },
    },
    (request) => service.gamePerformance(request.query, principalOf(request).scope),
  );

  app.get(
    '/integration-game-performance',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['Reporting'],
        summary: 'Integration game performance: the figures of each game in each integration',
        querystring: reportFilterSchema,
        response: { 200: integrationGamePerformanceSchema, ...reportErrors },
      },
    },
    (request) => service.integrationGamePerformance(request.query, principalOf(request).scope),
  );

  app.get(
    '/players.csv',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['Reporting'],
        summary: 'Player data as CSV (text/csv), one line per player in scope, ordered by casino and player',
        querystring: playerCsvQuerySchema,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const stream = await playerCsvStream({
        db,
        copyOut,
        scope: principalOf(request).scope,
        casinoIds: request.query.casinoIds,
        log: request.log,
      });
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${playerCsvFileName(new Date())}"`)
          .header('cache-control', 'no-store')
          // The type provider knows only serialised bodies; Fastify sends a stream as it is.
          .send(stream as unknown as string)
      );
    },
  );
};
