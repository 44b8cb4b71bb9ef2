/** Small SQL helpers shared by repositories. */
import { LIST_TOTAL_LIMIT, type Page } from '@backoffice/contracts';
import { count, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Escapes LIKE wildcards so user input is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toIso(date: Date): string {
  return date.toISOString();
}

/**
 * A list endpoint's answer: one page of rows with the total (counted up to LIST_TOTAL_LIMIT, see
 * `countUpTo`), echoing the page asked for.
 */
export function pageOf<Item>(
  query: { page: number; pageSize: number },
  result: { items: Item[]; total: number },
): Page<Item> {
  return {
    items: result.items,
    total: Math.min(result.total, LIST_TOTAL_LIMIT),
    totalCapped: result.total > LIST_TOTAL_LIMIT,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * A list's page and its total. The page is read first: when it holds some rows but fewer than a page,
 * they are the last ones and the total is known (the offset and them) without counting; only a full or an
 * empty page needs `count` (a second statement). Most configuration lists fit a page: one statement.
 */
export async function pageWithTotal<Row>(
  query: { page: number; pageSize: number },
  rows: PromiseLike<Row[]>,
  count: () => PromiseLike<{ total: number }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const page = await rows;
  if (page.length > 0 && page.length < query.pageSize) {
    return { rows: page, total: (query.page - 1) * query.pageSize + page.length };
  }
  const [counted] = await count();
  return { rows: page, total: counted?.total ?? 0 };
}

/**
 * Counts the rows of a table that match, but no more than one past LIST_TOTAL_LIMIT: a broad search's
 * total costs a bounded walk instead of every match. Resolves to `[{ total }]` like a plain count.
 *
 * `indexed`: the filter is a text search that an index serves (trigrams). With a limit, the planner then
 * prefers reading the table in order until enough rows match, which assumes matches are spread evenly;
 * when they cluster (every version "1.7.x" stored together) that walk reads most of the table. The index
 * finds every match at a cost that follows their number, so for this count the table is not walked.
 * `join`: a table the filter also reads (inner join).
 */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  { indexed = false, join }: { indexed?: boolean; join?: { table: PgTable; on: SQL } } = {},
): Promise<{ total: number }[]> {
  const upTo = (on: Db) => countUpToStatement(on, table, where, join);
  if (!indexed) return upTo(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const counted = await upTo(tx);
    // Called within a caller's transaction this is a savepoint, whose settings outlive it: put it back.
    await tx.execute(sql`set local enable_seqscan to default`);
    return counted;
  });
}

/** A statement built and named once, run with the values of its placeholders. */
export interface Prepared<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

const preparedByDb = new WeakMap<Db, Map<string, Prepared<unknown>>>();

/**
 * The statement named `name`, built by `build` the first time it is asked of `db` (decision 039): Drizzle's
 * building a statement costs Node about as much as running it. Its values are placeholders
 * (`sql.placeholder`). `name` must tell apart every text it stands for: it is also the name PostgreSQL
 * prepares the text under on each connection.
 */
export function preparedOnce<Row>(
  db: Db,
  name: string,
  build: () => { prepare(name: string): Prepared<Row> },
): Prepared<Row> {
  let byName = preparedByDb.get(db);
  if (byName === undefined) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  let statement = byName.get(name) as Prepared<Row> | undefined;
  if (statement === undefined) {
    statement = build().prepare(name);
    byName.set(name, statement);
  }
  return statement;
}

/** A text array of the elements; an empty one is typed too, so `= any(...)` stays valid SQL. */
function textArrayOf(elements: SQL[]): SQL {
  return elements.length === 0 ? sql`array[]::text[]` : sql`array[${sql.join(elements, sql`, `)}]::text[]`;
}

/** A text array literal of the values, each a parameter. */
export function textArray(values: readonly string[]): SQL {
  return textArrayOf(values.map((value) => sql`${value}`));
}

/**
 * The text array of `count` placeholders named `name` and their index (`name0`, `name1`, …): `textArray`
 * in a statement built once per shape (`statementOnce`).
 */
export function placeholderArray(name: string, count: number): SQL {
  return textArrayOf(Array.from({ length: count }, (_, index) => sql`${sql.placeholder(`${name}${index}`)}`));
}

/** How many shapes of statements written as SQL `statementOnce` keeps per database handle. */
const STATEMENT_SHAPES_MAX = 500;
const dialect = new PgDialect();
const statementsByDb = new WeakMap<Db, Map<string, Query>>();

/**
 * A statement written as SQL, built by `build` the first time its `shape` is asked of `db` (decision 039,
 * as `preparedOnce` does for the query builder's statements): its values are placeholders
 * (`sql.placeholder`), filled in by `execute`. `shape` must tell apart every text `build` can make. Beyond
 * STATEMENT_SHAPES_MAX shapes, a statement is built each time it runs.
 */
export function statementOnce<Row>(db: Db, shape: string, build: () => SQL): Prepared<Row> {
  let byShape = statementsByDb.get(db);
  if (byShape === undefined) {
    byShape = new Map();
    statementsByDb.set(db, byShape);
  }
  let query = byShape.get(shape);
  if (query === undefined) {
    query = dialect.sqlToQuery(build());
    if (byShape.size < STATEMENT_SHAPES_MAX) byShape.set(shape, query);
  }
  const built = query;
  return {
    execute: async (values) =>
      rowsOf<Row>(await db._.session.prepareQuery(built, undefined, undefined, false).execute(values)),
  };
}

/** The statement of `countUpTo`, unindexed: run as it is, or prepared when `where` has placeholders. */
export function countUpToStatement(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  join?: { table: PgTable; on: SQL },
) {
  const from = db.select({ one: sql`1` }).from(table);
  const matches = (join ? from.innerJoin(join.table, join.on) : from)
    .where(where)
    .limit(LIST_TOTAL_LIMIT + 1)
    .as('matches');
  return db.select({ total: count() }).from(matches);
}

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * An instant column as ISO 8601 text in UTC with milliseconds, as the API answers it (`column` is a column
 * reference such as `g.started_at`, never user input).
 */
export function isoMs<Text extends string | null = string>(column: string | SQL): SQL<Text> {
  const reference = typeof column === 'string' ? sql.raw(column) : column;
  return sql<Text>`to_char((${reference}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A timestamp column (or subquery) read as the API answers it (`isoMs`); `Text` includes null where it may
 * be null. Read as a date instead, each instant would be parsed into a `Date` and formatted again in Node,
 * about 1.7 µs of the server's one thread (`to_char` costs PostgreSQL about 0.6 µs): 31 to 56 µs of Node's
 * time for a page of 20 records with two instants (bench `instants`).
 */
export function isoOf<Text extends string | null = string>(column: PgColumn | SQL): SQL<Text> {
  return isoMs<Text>(sql`${column}`);
}
