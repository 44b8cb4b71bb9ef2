import { auditListQuerySchema, auditPageSchema } from '@backoffice/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { errorResponses } from '../../lib/http-schemas';
import { pageOf } from '../../lib/sql';
import { principalOf } from '../../plugins/access';
import { auditReaderOf, createAuditRepository } from './audit.repository';

/** The audit trail, read-only: no route changes or removes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const repository = createAuditRepository();
  app.get(
    '/',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['Reporting'],
        summary:
          'List audit entries (newest first), filtered by entity, user and time; only those in scope, and those about users and sign-ins only for user administrators',
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      pageOf(request.query, await repository.list(db, request.query, auditReaderOf(principalOf(request)))),
  );
};
