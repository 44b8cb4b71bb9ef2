import type { Bridge, BridgeListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bridges } from '../../db/schema/index';
import { likePattern, toIso } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';

/** A bridge as stored, secret included: answered only through `toBridge`. */
export type StoredBridge = typeof bridges.$inferSelect;
export type BridgeValues = Pick<StoredBridge, 'name' | 'routerUrl' | 'properties' | 'secret'>;

export function toBridge(row: StoredBridge): Bridge {
  return {
    id: row.id,
    name: row.name,
    routerUrl: row.routerUrl,
    properties: row.properties,
    secretSet: row.secret !== '',
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const sortColumns = {
  name: bridges.name,
  routerUrl: bridges.routerUrl,
  updatedAt: bridges.updatedAt,
} as const;

export function createBridgesRepository() {
  return {
    async list(db: Db, query: BridgeListQuery): Promise<{ items: Bridge[]; total: number }> {
      const filter: SQL | undefined = query.q
        ? or(ilike(bridges.name, likePattern(query.q)), ilike(bridges.routerUrl, likePattern(query.q)))
        : undefined;
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(bridges)
          .where(filter)
          .orderBy(direction(sortColumns[query.sort]), asc(bridges.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(bridges).where(filter),
      ]);
      return { items: rows.map(toBridge), total: totals?.total ?? 0 };
    },

    async findById(db: Db, id: string): Promise<StoredBridge | undefined> {
      const [row] = await db.select().from(bridges).where(eq(bridges.id, id));
      return row;
    },

    async insert(db: Db, values: BridgeValues): Promise<StoredBridge> {
      const [row] = await db.insert(bridges).values(values).returning();
      return row!;
    },

    /** Updates only when the stored version is still `version`; undefined otherwise. */
    async update(db: Db, id: string, version: number, values: BridgeValues) {
      const [row] = await db
        .update(bridges)
        .set({ ...values, ...nextVersion(bridges.version) })
        .where(and(eq(bridges.id, id), eq(bridges.version, version)))
        .returning();
      return row;
    },

    /** Deletes only when the stored version is still `version`; undefined otherwise. */
    async delete(db: Db, id: string, version: number) {
      const [row] = await db
        .delete(bridges)
        .where(and(eq(bridges.id, id), eq(bridges.version, version)))
        .returning();
      return row;
    },
  };
}
