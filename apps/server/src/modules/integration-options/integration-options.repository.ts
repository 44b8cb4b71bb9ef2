import type {
  IntegrationOption,
  IntegrationOptionCreate,
  IntegrationOptionListQuery,
} from '@backoffice/contracts';
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinoOptionValues, integrationOptions } from '../../db/schema/index';
import { likePattern, toIso } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';

const casinoCount = sql<number>`(select count(*)::int from ${casinoOptionValues} where ${casinoOptionValues.optionId} = ${integrationOptions.id})`;

const columns = {
  id: integrationOptions.id,
  name: integrationOptions.name,
  dataType: integrationOptions.dataType,
  version: integrationOptions.version,
  createdAt: integrationOptions.createdAt,
  updatedAt: integrationOptions.updatedAt,
};

type Row = typeof integrationOptions.$inferSelect;

function toIntegrationOption(row: Row, casinos: number): IntegrationOption {
  return {
    id: row.id,
    name: row.name,
    dataType: row.dataType,
    casinoCount: casinos,
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const sortColumns = {
  name: integrationOptions.name,
  dataType: integrationOptions.dataType,
  updatedAt: integrationOptions.updatedAt,
} as const;

export function createIntegrationOptionsRepository() {
  return {
    async list(
      db: Db,
      query: IntegrationOptionListQuery,
    ): Promise<{ items: IntegrationOption[]; total: number }> {
      const filter: SQL | undefined = query.q
        ? ilike(integrationOptions.name, likePattern(query.q))
        : undefined;
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [totals]] = await Promise.all([
        db
          .select({ ...columns, casinoCount })
          .from(integrationOptions)
          .where(filter)
          .orderBy(direction(sortColumns[query.sort]), asc(integrationOptions.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(integrationOptions).where(filter),
      ]);
      return {
        items: rows.map((row) => toIntegrationOption(row, row.casinoCount)),
        total: totals?.total ?? 0,
      };
    },

    async findById(db: Db, id: string): Promise<IntegrationOption | undefined> {
      const [row] = await db
        .select({ ...columns, casinoCount })
        .from(integrationOptions)
        .where(eq(integrationOptions.id, id));
      return row && toIntegrationOption(row, row.casinoCount);
    },

    /**
     * Locks the option's row against casino values being added to it until the transaction ends (adding
     * a value takes a key-share lock on the option through the foreign key).
     */
    async lock(db: Db, id: string): Promise<void> {
      await db
        .select({ id: integrationOptions.id })
        .from(integrationOptions)
        .where(eq(integrationOptions.id, id))
        .for('update');
    },

    async insert(db: Db, values: IntegrationOptionCreate): Promise<IntegrationOption> {
      const [row] = await db.insert(integrationOptions).values(values).returning();
      return toIntegrationOption(row!, 0);
    },

    /** Updates only when the stored version is still `version`; undefined otherwise. */
    async update(db: Db, id: string, version: number, values: IntegrationOptionCreate, casinos: number) {
      const [row] = await db
        .update(integrationOptions)
        .set({ ...values, ...nextVersion(integrationOptions.version) })
        .where(and(eq(integrationOptions.id, id), eq(integrationOptions.version, version)))
        .returning();
      return row && toIntegrationOption(row, casinos);
    },

    /** Deletes only when the stored version is still `version`; undefined otherwise. */
    async delete(db: Db, id: string, version: number): Promise<Row | undefined> {
      const [row] = await db
        .delete(integrationOptions)
        .where(and(eq(integrationOptions.id, id), eq(integrationOptions.version, version)))
        .returning();
      return row;
    },
  };
}
