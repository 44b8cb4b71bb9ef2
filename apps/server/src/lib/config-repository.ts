/**
 * The SQL of a configuration table, declared once (the repository half of `config-service`): a page of
 * records (filtered, sorted, tie-broken on the id), one record, a row lock, and the writes — a change or
 * delete touches the row only while it is still at the version the client read. Every statement reads
 * and returns the same selection, so a record comes back from a write with its derived values (how many
 * games use a studio) exactly as a read shows it.
 */
import type { ListQuery } from '@backoffice/contracts';
import { and, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client';
import { listPage, type ListConditions, type ListSource } from './list-page';
import { isoOf, preparedOnce, type Prepared } from './sql';
import { nextVersion } from './writes';

/** A configuration table: a text or uuid `id` and the record columns (`recordColumns`). */
export type ConfigTable = PgTable & { id: PgColumn; version: PgColumn };

export interface ConfigRepositoryDefinition<
  Table extends ConfigTable,
  Selection extends SelectedFieldsFlat,
  Stored,
  Query extends ListQuery,
> {
  table: Table;
  /** What every statement reads and returns; derived values (see `countOf`) included. */
  selection: Selection;
  toRecord: (row: SelectResultFields<Selection>) => Stored;
  sortColumns: Record<Query['sort'], PgColumn | SQL>;
  /** The conditions of a list query (see `listPage`); none lists every record. */
  filter: (query: Query) => ListConditions;
}

/** What `config-service` asks of an area's repository; tests may hand it a variant of one. */
export interface ConfigRepository<Stored, Query, Insert, Changes> {
  list(db: Db, query: Query): Promise<{ items: Stored[]; total: number }>;
  findById(db: Db, id: string): Promise<Stored | undefined>;
  /** Locks the record's row until the transaction ends: rows that refer to it wait meanwhile. */
  lock(db: Db, id: string): Promise<void>;
  insert(db: Db, values: Insert): Promise<Stored>;
  /** Changes only while the stored version is still `version` (and counts it up); undefined otherwise. */
  update(db: Db, id: string, version: number, changes: Changes): Promise<Stored | undefined>;
  /** Deletes only while the stored version is still `version`; undefined otherwise. */
  delete(db: Db, id: string, version: number): Promise<Stored | undefined>;
}

/**
 * How many rows of `table` refer to the record through `column`: a derived value of a selection. Nested
 * in its own SQL, so that the columns stay qualified even in a single table's statement (Drizzle strips
 * the table from top-level columns there, and `id` would then name whatever table has one).
 */
export function countOf(table: PgTable, column: PgColumn, id: PgColumn): SQL<number> {
  return sql<number>`(${sql`select count(*)::int from ${table} where ${column} = ${id}`})`;
}

/** A record's instants as the API answers them (see `isoOf`). */
export function instantsOf(table: { createdAt: PgColumn; updatedAt: PgColumn }) {
  return { createdAt: isoOf(table.createdAt), updatedAt: isoOf(table.updatedAt) };
}

/** A row of a table as `recordColumns` reads it. */
export type RecordRow<Row extends { createdAt: Date; updatedAt: Date }> = Omit<
  Row,
  'createdAt' | 'updatedAt'
> & {
  createdAt: string;
  updatedAt: string;
};

/** A table's columns as a record's statements read them: every column, the instants as text. */
export function recordColumns<Table extends PgTable & { createdAt: PgColumn; updatedAt: PgColumn }>(
  table: Table,
) {
  return { ...getTableColumns(table), ...instantsOf(table) };
}

/** The version and the instants of a record as every configuration record answers them (`recordColumns`). */
export function recordMetaOf(row: { version: number; createdAt: string; updatedAt: string }) {
  return { version: row.version, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

export function configRepository<
  Table extends ConfigTable,
  Selection extends SelectedFieldsFlat,
  Stored,
  Query extends ListQuery,
>(
  definition: ConfigRepositoryDefinition<Table, Selection, Stored, Query>,
): ConfigRepository<Stored, Query, Table['$inferInsert'], PgUpdateSetSource<Table>> {
  const { table, selection, sortColumns, filter } = definition;
  const source: ListSource = {
    name: getTableName(table),
    select: (db) => loose(db).select(selection).from(table),
    table,
    key: table.id,
    sortColumns,
  };
  // Drizzle cannot infer rows through a generic table: its statements are typed here, once, by the selection.
  type Row = SelectResultFields<Selection>;
  const toRecord = (rows: unknown[]) => (rows as Row[]).map(definition.toRecord);
  const current = (id: string, version: number) => and(eq(table.id, id), eq(table.version, version));

  return {
    async list(db, query) {
      const { rows, total } = await listPage(db, source, query, filter(query));
      return { items: toRecord(rows), total };
    },

    async findById(db, id) {
      const byId = preparedOnce(db, `${source.name}_by_id`, () =>
        loose(db)
          .select(selection)
          .from(table)
          .where(eq(table.id, sql.placeholder('id'))),
      );
      return toRecord(await byId.execute({ id }))[0];
    },

    async lock(db, id) {
      await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update');
    },

    async insert(db, values) {
      return toRecord(await loose(db).insert(table).values(values).returning(selection))[0]!;
    },

    async update(db, id, version, changes) {
      const rows = await loose(db)
        .update(table)
        .set({ ...changes, ...nextVersion(table.version) })
        .where(current(id, version))
        .returning(selection);
      return toRecord(rows)[0];
    },

    async delete(db, id, version) {
      return toRecord(await loose(db).delete(table).where(current(id, version)).returning(selection))[0];
    },
  };
}

/** The statements above with their rows left untyped (they are typed by `Row` instead). */
interface LooseDb {
  select(fields: SelectedFieldsFlat): {
    from(table: PgTable): {
      where(where: SQL | undefined): Promise<unknown[]> & { prepare(name: string): Prepared<unknown> };
    };
  };
  insert(table: PgTable): {
    values(values: unknown): { returning(fields: SelectedFieldsFlat): Promise<unknown[]> };
  };
  update(table: PgTable): {
    set(values: unknown): {
      where(where: SQL | undefined): { returning(fields: SelectedFieldsFlat): Promise<unknown[]> };
    };
  };
  delete(table: PgTable): {
    where(where: SQL | undefined): { returning(fields: SelectedFieldsFlat): Promise<unknown[]> };
  };
}

function loose(db: Db): LooseDb {
  return db as unknown as LooseDb;
}
