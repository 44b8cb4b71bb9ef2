import {
  auditEntityReaders,
  auditEntityTypes,
  hasPermission,
  type AuditEntityReaders,
  type AuditEntry,
  type AuditListQuery,
} from '@backoffice/contracts';
import { and, asc, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEntries } from '../../db/schema/index';
import type { Scope } from '../../lib/scope';
import { countUpTo, isoOf, pageWithTotal, textArray } from '../../lib/sql';
import type { Principal } from '../../plugins/access';

/** Who reads the trail: their scope, and whether they administer users (permission noRestrictions). */
export interface AuditReader {
  scope: Scope;
  userAdmin: boolean;
}

export function auditReaderOf(principal: Pick<Principal, 'role' | 'scope'>): AuditReader {
  return { scope: principal.scope, userAdmin: hasPermission(principal.role, 'noRestrictions') };
}

const typesRead = (by: AuditEntityReaders): string[] =>
  auditEntityTypes.filter((type) => auditEntityReaders[type] === by);

/**
 * The entries a reader may see (decision 021): user administrators all; everyone else the entries of
 * what belongs to no casino or integration, and those of the casinos and integrations in their scope —
 * never those about staff (users, sign-ins) nor of a type not classified in `auditEntityReaders`.
 * Undefined when nothing is hidden.
 */
export function visibleEntries(reader: AuditReader): SQL | undefined {
  if (reader.userAdmin && reader.scope.unlimited) return undefined;
  const type = auditEntries.entityType;
  const owner = sql`split_part(${auditEntries.entityId}, '/', 1)`;
  const owned = (types: string[], ids: readonly string[] | undefined) =>
    ids === undefined
      ? sql`${type} = any(${textArray(types)})`
      : sql`(${type} = any(${textArray(types)}) and ${owner} = any(${textArray(ids)}))`;
  const { scope } = reader;
  const parts = [
    sql`${type} = any(${textArray(typesRead('everyone'))})`,
    owned(typesRead('casino'), scope.unlimited ? undefined : scope.casinoIds),
    owned(typesRead('integration'), scope.unlimited ? undefined : scope.integrationIds),
  ];
  if (reader.userAdmin) {
    const classified = textArray(auditEntityTypes);
    parts.push(
      sql`${type} = any(${textArray(typesRead('userAdmins'))})`,
      sql`not (${type} = any(${classified}))`,
    );
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

function filterOf(query: AuditListQuery, reader: AuditReader): SQL | undefined {
  return and(
    visibleEntries(reader),
    query.entityType ? eq(auditEntries.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEntries.entityId, query.entityId) : undefined,
    query.actorId ? eq(auditEntries.actorId, query.actorId) : undefined,
    query.from ? gte(auditEntries.changedAt, new Date(query.from)) : undefined,
    // Entries are stored to the microsecond but answered to the millisecond: `to` includes its whole
    // millisecond, so an entry is found with `to` set to the time the API showed for it.
    query.to ? lt(auditEntries.changedAt, new Date(Date.parse(query.to) + 1)) : undefined,
  );
}

/** An entry as the API answers it: its instant as text (see `isoOf`). */
const entryColumns = { ...getTableColumns(auditEntries), changedAt: isoOf(auditEntries.changedAt) };

/** Reads the trail; there is deliberately no way to change or delete an entry. */
export function createAuditRepository() {
  return {
    async list(
      db: Db,
      query: AuditListQuery,
      reader: AuditReader,
    ): Promise<{ items: AuditEntry[]; total: number }> {
      const filter = filterOf(query, reader);
      const direction = query.order === 'asc' ? asc : desc;
      const { rows, total } = await pageWithTotal(
        query,
        db
          .select(entryColumns)
          .from(auditEntries)
          .where(filter)
          .orderBy(direction(auditEntries.changedAt), direction(auditEntries.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => countUpTo(db, auditEntries, filter),
      );
      return {
        items: rows.map((row) => ({
          ...row,
          changes: row.changes as AuditEntry['changes'],
        })),
        total,
      };
    },
  };
}
