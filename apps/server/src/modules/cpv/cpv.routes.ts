/**
 * CPV checks' API (`/api/cpv`): the checks with their progress, the results, what can be checked, and
 * asking for a check. Everything needs "adjust game launch parameters": the permission that exactly
 * admins and developers hold — the roles CPV is for (issue 14) — and the one whose business a CPV
 * mismatch is, as it can stop a game version from launching.
 */
import {
  cpvCheckInputSchema,
  cpvCheckListQuerySchema,
  cpvCheckPageSchema,
  cpvCheckSchema,
  cpvComponentListSchema,
  cpvResultListQuerySchema,
  cpvResultPageSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobRunner } from '../../jobs/engine';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/http-schemas';
import { CPV_CHECK_JOB } from './cpv-jobs';
import type { CpvChecksService } from './cpv-checks.service';

const tags = ['CPV'];
export const CPV_ACCESS = 'adjustGameLaunchParameters' as const;
const config = { access: CPV_ACCESS };

export const cpvRoutes: FastifyPluginAsyncZod<{
  service: CpvChecksService;
  /** The job engine that runs the check; without one (tests), it runs here if the service is told to. */
  jobs?: JobRunner;
}> = async (app, { service, jobs }) => {
  app.addHook('onClose', async () => {
    await service.idle();
  });

  app.get(
    '/checks',
    {
      config,
      schema: {
        tags,
        summary: 'List the CPV checks (newest first) with their progress and result counts',
        querystring: cpvCheckListQuerySchema,
        response: { 200: cpvCheckPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.listChecks(request.query),
  );

  app.get(
    '/checks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One CPV check with its progress (polled while it runs)',
        params: z.object({ id: z.uuid() }),
        response: { 200: cpvCheckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.getCheck(request.params.id),
  );

  app.post(
    '/checks',
    {
      config,
      schema: {
        tags,
        summary:
          'Start a CPV check of the chosen components, or of all (it is queued and runs in the background)',
        body: cpvCheckInputSchema,
        response: { 201: cpvCheckSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      if (!actor) throw new AppError('UNAUTHENTICATED');
      const check = await service.create(request.body, actor);
      if (jobs) {
        // Queued already: if the engine cannot be asked now, the job's next run takes the check.
        await jobs.runNow(CPV_CHECK_JOB, actor.name).catch((error: unknown) => {
          request.log.warn({ err: error, checkId: check.id }, 'CPV check queued, job not started');
        });
      } else {
        service.startInProcess();
      }
      return reply.code(201).send(check);
    },
  );

  app.get(
    '/results',
    {
      config,
      schema: {
        tags,
        summary: 'List CPV results (newest first), by component, result, check and time',
        querystring: cpvResultListQuerySchema,
        response: { 200: cpvResultPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.listResults(request.query),
  );

  app.get(
    '/components',
    {
      config,
      schema: {
        tags,
        summary: 'What a CPV check can be asked for: game versions with a frontend URL, and bridges',
        response: { 200: cpvComponentListSchema, ...errorResponses(401, 403) },
      },
    },
    () => service.components(),
  );
};
