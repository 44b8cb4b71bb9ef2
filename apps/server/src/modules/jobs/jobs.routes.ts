/** The jobs screen's API (`/api/jobs`): for admins, who run the platform. */
import { jobListSchema, jobRunQueuedSchema, jobRunsQuerySchema, jobRunsSchema } from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { JobDefinition, JobRunner } from '../../jobs/engine';
import { errorResponses } from '../../lib/http-schemas';
import { createJobsService } from './jobs.service';

const tags = ['Jobs'];
const admin = { access: 'noRestrictions' as const };
const jobParams = z.object({ name: z.string().trim().min(1).max(100) });

export const jobsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  definitions: readonly JobDefinition[];
  runner: JobRunner | null;
}> = async (app, { db, definitions, runner }) => {
  const service = createJobsService(db, definitions, runner);

  app.get(
    '/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The background jobs: schedule, next run, last run with its outcome, recent failures',
        response: { 200: jobListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await service.list() }),
  );

  app.get(
    '/:name/runs',
    {
      config: admin,
      schema: {
        tags,
        summary: "A job's runs, newest first",
        params: jobParams,
        querystring: jobRunsQuerySchema,
        response: { 200: jobRunsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.runs(request.params.name, request.query.before),
  );

  app.post(
    '/:name/run',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Run a job now (once no other run of it is active); the run is recorded with who asked',
        params: jobParams,
        response: { 202: jobRunQueuedSchema, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return service.runNow(request.params.name, request.actor);
    },
  );
};
