/**
 * Alerts' API (`/api/alerts`): the open alerts and acknowledging one. For admins and developers, with the
 * permission that exactly they hold (the same as CPV's, whose mismatches raise the alerts).
 */
import { alertListSchema, alertSchema } from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/http-schemas';
import { CPV_ACCESS } from '../cpv/cpv.routes';
import type { AlertsService } from './alerts.service';

const tags = ['Alerts'];
const config = { access: CPV_ACCESS };

export const alertsRoutes: FastifyPluginAsyncZod<{ service: AlertsService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'The open (not yet acknowledged) alerts, newest first',
        response: { 200: alertListSchema, ...errorResponses(401, 403) },
      },
    },
    () => service.listOpen(),
  );

  app.post(
    '/:id/acknowledge',
    {
      config,
      schema: {
        tags,
        summary: 'Acknowledge an alert (once; it is then no longer shown)',
        params: z.object({ id: z.uuid() }),
        response: { 200: alertSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => {
      if (!request.actor) throw new AppError('UNAUTHENTICATED');
      return service.acknowledge(request.params.id, request.actor);
    },
  );
};
