import type { Jurisdiction, JurisdictionListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jurisdictions } from '../../db/schema/index';
import { likePattern, toIso } from '../../lib/sql';

type Row = typeof jurisdictions.$inferSelect;

function toJurisdiction(row: Row): Jurisdiction {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const sortColumns = {
  name: jurisdictions.name,
  createdAt: jurisdictions.createdAt,
  updatedAt: jurisdictions.updatedAt,
} as const;

export function createJurisdictionsRepository() {
  return {
    async list(db: Db, query: JurisdictionListQuery): Promise<{ items: Jurisdiction[]; total: number }> {
      const filter: SQL | undefined = query.q ? ilike(jurisdictions.name, likePattern(query.q)) : undefined;
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(jurisdictions)
          .where(filter)
          .orderBy(direction(sortColumns[query.sort]), asc(jurisdictions.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(jurisdictions).where(filter),
      ]);
      return { items: rows.map(toJurisdiction), total: totals?.total ?? 0 };
    },

    async findById(db: Db, id: string): Promise<Jurisdiction | undefined> {
      const [row] = await db.select().from(jurisdictions).where(eq(jurisdictions.id, id));
      return row && toJurisdiction(row);
    },

    async insert(db: Db, values: { name: string }): Promise<Jurisdiction> {
      const [row] = await db.insert(jurisdictions).values(values).returning();
      return toJurisdiction(row!);
    },

    /** Updates only when the stored version is still `version`; undefined otherwise. */
    async update(
      db: Db,
      id: string,
      version: number,
      values: { name: string },
    ): Promise<Jurisdiction | undefined> {
      const [row] = await db
        .update(jurisdictions)
        .set({ ...values, version: sql`${jurisdictions.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(jurisdictions.id, id), eq(jurisdictions.version, version)))
        .returning();
      return row && toJurisdiction(row);
    },

    /** Deletes only when the stored version is still `version`; undefined otherwise. */
    async delete(db: Db, id: string, version: number): Promise<Jurisdiction | undefined> {
      const [row] = await db
        .delete(jurisdictions)
        .where(and(eq(jurisdictions.id, id), eq(jurisdictions.version, version)))
        .returning();
      return row && toJurisdiction(row);
    },
  };
}

export type JurisdictionsRepository = ReturnType<typeof createJurisdictionsRepository>;
