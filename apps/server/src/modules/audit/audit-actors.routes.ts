import {
  AUDIT_ACTOR_OPTIONS,
  auditActorPageSchema,
  auditActorQuerySchema,
  type AuditActor,
  type AuditActorQuery,
} from '@backoffice/contracts';
import { asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { errorResponses } from '../../lib/http-schemas';
import { likePattern } from '../../lib/sql';

/**
 * The users to pick as the trail's actor filter. Readers of the trail see who changed what anyway (each
 * entry names its actor), so they may look up users by name here, though not manage them (/api/users).
 */
async function findActors(db: Db, query: AuditActorQuery): Promise<{ items: AuditActor[]; total: number }> {
  let filter: SQL | undefined;
  if (query.id) filter = eq(users.id, query.id);
  else if (query.q) {
    const pattern = likePattern(query.q);
    filter = or(
      ilike(users.username, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
  }
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(filter)
      .orderBy(asc(sql`lower(${users.username})`))
      .limit(AUDIT_ACTOR_OPTIONS),
    db.select({ total: count() }).from(users).where(filter),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: `${row.firstName} ${row.lastName}`.trim(),
    })),
    total: totals?.total ?? 0,
  };
}

export const auditActorsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['Reporting'],
        summary: 'Users to filter the audit trail by (searched by name, or one by id)',
        querystring: auditActorQuerySchema,
        response: { 200: auditActorPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ ...(await findActors(db, request.query)), page: 1, pageSize: AUDIT_ACTOR_OPTIONS }),
  );
};
