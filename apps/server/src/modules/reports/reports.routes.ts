import {
  casinoPerformanceSchema,
  gamePerformanceSchema,
  ggrReportSchema,
  integrationGamePerformanceSchema,
  playerCsvQuerySchema,
  reportFilterSchema,
  type ReportFilter,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { errorResponses } from '../../lib/http-schemas';
import type { Scope } from '../../lib/scope';
import { principalOf } from '../../plugins/access';
import { playerCsvFileName, playerCsvStream } from './player-csv';
import type { ReportCache } from './report-cache';
import type { ReportsService } from './reports.service';

const reportErrors = errorResponses(400, 401, 403, 404);

/**
 * The money reports over the rollups and the player-data CSV; all within the reader's scope. A money
 * report's answer is kept while what it shows is unchanged (report-cache.ts), per report, filter and scope.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{
  service: ReportsService;
  cache: ReportCache;
  db: Db;
  copyOut?: Database['copyOut'];
}> = async (app, { service, cache, db, copyOut }) => {
  /** A money report's answer, kept per report, filter and scope while what it shows is unchanged. */
  function kept<Answer>(
    report: string,
    read: (filter: ReportFilter, scope: Scope) => Promise<Answer>,
    filter: ReportFilter,
    scope: Scope,
  ): Promise<Answer> {
    return cache.answer(JSON.stringify([report, filter, scopeKey(scope)]), filter, () => read(filter, scope));
  }

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
    (request) => kept('ggr', service.ggr, request.query, principalOf(request).scope),
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
    (request) =>
      kept('casinoPerformance', service.casinoPerformance, request.query, principalOf(request).scope),
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
    (request) => kept('gamePerformance', service.gamePerformance, request.query, principalOf(request).scope),
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
    (request) =>
      kept(
        'integrationGamePerformance',
        service.integrationGamePerformance,
        request.query,
        principalOf(request).scope,
      ),
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

/** What a report's answer depends on of the reader: everything, or their casinos and integrations. */
function scopeKey(scope: Scope): unknown {
  return scope.unlimited ? 'all' : [[...scope.casinoIds].sort(), [...scope.integrationIds].sort()];
}
