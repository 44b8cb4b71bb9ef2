import type { AuditEntry, AuditListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEntries } from '../../db/schema/index';
import type { Scope } from '../../lib/scope';
import { toIso } from '../../lib/sql';

/** Entity types that belong to one casino or integration; their id (or its first part) names it. */
const casinoEntities = ['casino', 'casino-game'];
const integrationEntities = ['integration', 'integration-game'];

function idList(ids: readonly string[]): SQL {
  return ids.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;
}

/**
 * A scoped reader sees the entries of their casinos and integrations (decision 012), and the entries of
 * everything that belongs to no casino or integration (catalogue, master data, …).
 */
function scopeFilter(scope: Scope): SQL | undefined {
  if (scope.unlimited) return undefined;
  const owner = sql`split_part(${auditEntries.entityId}, '/', 1)`;
  const casinoTypes = sql.join(
    casinoEntities.map((type) => sql`${type}`),
    sql`, `,
  );
  const integrationTypes = sql.join(
    integrationEntities.map((type) => sql`${type}`),
    sql`, `,
  );
  return sql`(
    (${auditEntries.entityType} not in (${casinoTypes}) and ${auditEntries.entityType} not in (${integrationTypes}))
    or (${auditEntries.entityType} in (${casinoTypes}) and ${owner} = any(${idList(scope.casinoIds)}))
    or (${auditEntries.entityType} in (${integrationTypes}) and ${owner} = any(${idList(scope.integrationIds)}))
  )`;
}

function filterOf(query: AuditListQuery, scope: Scope): SQL | undefined {
  return and(
    scopeFilter(scope),
    query.entityType ? eq(auditEntries.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEntries.entityId, query.entityId) : undefined,
    query.actorId ? eq(auditEntries.actorId, query.actorId) : undefined,
    query.from ? gte(auditEntries.changedAt, new Date(query.from)) : undefined,
    // Entries are stored to the microsecond but answered to the millisecond: `to` includes its whole
    // millisecond, so an entry is found with `to` set to the time the API showed for it.
    query.to ? lt(auditEntries.changedAt, new Date(Date.parse(query.to) + 1)) : undefined,
  );
}

/** Reads the trail; there is deliberately no way to change or delete an entry. */
export function createAuditRepository() {
  return {
    async list(db: Db, query: AuditListQuery, scope: Scope): Promise<{ items: AuditEntry[]; total: number }> {
      const filter = filterOf(query, scope);
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(auditEntries)
          .where(filter)
          .orderBy(direction(auditEntries.changedAt), direction(auditEntries.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(auditEntries).where(filter),
      ]);
      return {
        items: rows.map((row) => ({
          ...row,
          changedAt: toIso(row.changedAt),
          changes: row.changes as AuditEntry['changes'],
        })),
        total: totals?.total ?? 0,
      };
    },
  };
}
