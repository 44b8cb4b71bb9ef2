import type { AuditEntry, AuditListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEntries } from '../../db/schema/index';
import { toIso } from '../../lib/sql';

function filterOf(query: AuditListQuery): SQL | undefined {
  return and(
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
    async list(db: Db, query: AuditListQuery): Promise<{ items: AuditEntry[]; total: number }> {
      const filter = filterOf(query);
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
