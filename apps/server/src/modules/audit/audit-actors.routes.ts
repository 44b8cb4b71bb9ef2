import {
  AUDIT_ACTOR_OPTIONS,
  auditActorPageSchema,
  auditActorQuerySchema,
  type AuditActor,
  type AuditActorQuery,
} from '@backoffice/contracts';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { auditEntries, users } from '../../db/schema/index';
import { errorResponses } from '../../lib/http-schemas';
import { countUpTo, likePattern, pageOf, pageWithTotal } from '../../lib/sql';
import { principalOf } from '../../plugins/access';
import { auditReaderOf, visibleEntries, type AuditReader } from './audit.repository';

/**
 * The users to pick as the trail's actor filter (decision 021). A user administrator may pick any user.
 * Everyone else may pick only the users who made a change they see in the trail anyway (each entry names
 * its actor), and themself: listing all users would tell them who else works here and on what.
 */
async function findActors(
  db: Db,
  query: AuditActorQuery,
  reader: AuditReader & { userId: string },
): Promise<{ items: AuditActor[]; total: number }> {
  let search: SQL | undefined;
  if (query.id) search = eq(users.id, query.id);
  else if (query.q) {
    const pattern = likePattern(query.q);
    search = or(
      ilike(users.username, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
  }
  const visible = visibleEntries(reader);
  const filter = and(
    search,
    reader.userAdmin
      ? undefined
      : or(
          eq(users.id, reader.userId),
          sql`exists (select 1 from ${auditEntries} where ${auditEntries.actorId} = ${users.id}::text${
            visible ? sql` and ${visible}` : sql``
          })`,
        ),
  );
  const { rows, total } = await pageWithTotal(
    { page: 1, pageSize: AUDIT_ACTOR_OPTIONS },
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
    () => countUpTo(db, users, filter),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: `${row.firstName} ${row.lastName}`.trim(),
    })),
    total,
  };
}

export const auditActorsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['Reporting'],
        summary:
          'Users to filter the audit trail by (searched by name, or one by id): for user administrators all, for others those who made a change they see, and themself',
        querystring: auditActorQuerySchema,
        response: { 200: auditActorPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const reader = { ...auditReaderOf(principal), userId: principal.userId };
      return pageOf({ page: 1, pageSize: AUDIT_ACTOR_OPTIONS }, await findActors(db, request.query, reader));
    },
  );
};
