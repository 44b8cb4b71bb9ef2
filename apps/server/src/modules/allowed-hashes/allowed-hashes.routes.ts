/**
 * CPV allowed hashes (`/api/cpv/allowed-hashes`): list, add, retire — never edited, never deleted.
 *
 * Reading needs "adjust game launch parameters": no permission of the matrix names CPV, and this is the
 * one that exactly admins and developers hold — the roles CPV is for (issue 14) — and the one the CPV
 * checks' routes use, as a mismatch can stop a game version from launching. Adding and retiring change
 * what counts as the untampered software, so they are the admin's alone ("no restrictions").
 */
import {
  allowedHashCreateSchema,
  allowedHashIdSchema,
  allowedHashListQuerySchema,
  allowedHashPageSchema,
  allowedHashRetireSchema,
  allowedHashSchema,
} from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes';
import { errorResponses } from '../../lib/http-schemas';
import type { AllowedHashesService } from './allowed-hashes.service';

const tag = 'CPV';
/** Adding and retiring decide what counts as untampered software: a recent proof of the factor (step-up). */
const write = { access: 'noRestrictions' as const, stepUp: true as const };

const crud = crudRoutes({
  tag,
  noun: 'allowed hash',
  read: 'adjustGameLaunchParameters',
  write: write.access,
  stepUp: true,
  routes: ['list', 'create'],
  summaries: {
    list: 'List allowed hashes (paged, sorted; by component, part of the hash, retired ones on request)',
    create: "Add an allowed hash (confirmed with the hash's first 8 characters)",
  },
  schemas: {
    id: allowedHashIdSchema,
    item: allowedHashSchema,
    page: allowedHashPageSchema,
    query: allowedHashListQuerySchema,
    create: allowedHashCreateSchema,
  },
});

export const allowedHashesRoutes: FastifyPluginAsyncZod<{ service: AllowedHashesService }> = async (
  app,
  { service },
) => {
  await app.register(crud, { service });

  app.post(
    '/:id/retire',
    {
      config: write,
      schema: {
        tags: [tag],
        summary: 'Retire an allowed hash (at the version it was read); it stays listed as retired',
        params: z.object({ id: allowedHashIdSchema }),
        body: allowedHashRetireSchema,
        response: { 200: allowedHashSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.retire(request.params.id, request.body, request.actor),
  );
};
