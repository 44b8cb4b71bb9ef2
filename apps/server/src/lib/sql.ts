/** Small SQL helpers shared by repositories. */
import { sql, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so user input is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toIso(date: Date): string {
  return date.toISOString();
}

/** A list endpoint's answer: one page of rows with the total, echoing the page asked for. */
export function pageOf<Item>(
  query: { page: number; pageSize: number },
  result: { items: Item[]; total: number },
): { items: Item[]; total: number; page: number; pageSize: number } {
  return { ...result, page: query.page, pageSize: query.pageSize };
}

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * An instant column as ISO 8601 text in UTC with milliseconds, as the API answers it (`column` is a column
 * reference such as `g.started_at`, never user input).
 */
export function isoMs(column: string | SQL): SQL {
  const reference = typeof column === 'string' ? sql.raw(column) : column;
  return sql`to_char((${reference}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
