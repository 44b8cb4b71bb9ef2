/**
 * The player-data report (spec §7): a CSV of the players in the reader's scope, streamed page by page so
 * that a million players take no more memory than one page.
 */
import { Readable } from 'node:stream';
import { playerCsvColumns } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { guardedPlayerColumnsSql } from './player-csv-sql';
import {
  createReportsRepository,
  playerConditions,
  type PlayerCursor,
  type PlayerRange,
} from './reports.repository';

/**
 * Players per page at most. Pages start small and double: a download that is started and dropped costs
 * the database a small page or two; memory stays about one page.
 */
export const PLAYER_CSV_PAGE_SIZE = 16_000;
const FIRST_PAGE_SIZE = 25;

/**
 * A spreadsheet runs a cell that starts like a formula; such values get a leading apostrophe so that
 * player-supplied text (names, e-mails) is shown, never executed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field as RFC 4180 wants it, with the formula guard; null is an empty field. (The rows of the export
 * are formatted the same way by the database: `csvFieldSql` in reports.repository.ts.)
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvLine(values: readonly (string | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export function playerCsvFileName(now: Date): string {
  return `players-${now.toISOString().slice(0, 10)}.csv`;
}

export interface PlayerCsvOptions {
  db: Db;
  /** PostgreSQL's COPY, when the database has it (`Database.copyOut`): the fast path. */
  copyOut?: ((query: string) => Promise<Readable>) | undefined;
  scope: Scope;
  casinoIds?: string[] | undefined;
  log: FastifyBaseLogger;
  pageSize?: number;
}

/** COPY takes no parameters: the players' conditions with their values written in as literals. */
const dialect = new PgDialect();

/** The columns as COPY should write them: guarded; empty as empty (like null), not as `""`. */
const copyColumnsSql = guardedPlayerColumnsSql.map((column) => `nullif(${column}, '')`).join(', ');

/**
 * The players query of one COPY page: after `after`, up to and including `through` (or to the end), the
 * first `limit` of them when given.
 */
export function playerCopyQuery(
  scope: Scope,
  casinoIds: readonly string[] | undefined,
  page: PlayerRange & { limit?: number } = { after: null },
): string {
  const conditions = playerConditions(scope, casinoIds, page);
  const where =
    conditions.length > 0
      ? ` where ${dialect.sqlToQuery(sql.join(conditions, sql` and `).inlineParams()).sql}`
      : '';
  const limit = page.limit === undefined ? '' : ` limit ${Math.trunc(page.limit)}`;
  return `select ${copyColumnsSql} from players${where} order by casino_id, player_id${limit}`;
}

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/**
 * COPY ends records with LF; RFC 4180 wants CRLF. Line breaks inside quoted fields stay as they are. Fed
 * chunk by chunk; a quoted field may span chunks (and COPY pages never split a record).
 */
export class CrlfRecords {
  private quoted = false;

  convert(chunk: Buffer): Buffer {
    // Jumps from quote to line feed with indexOf (native) instead of looking at every byte.
    const parts: Buffer[] = [];
    let start = 0;
    let index = 0;
    let nextQuote = chunk.indexOf(QUOTE, 0);
    while (index < chunk.length) {
      if (this.quoted) {
        if (nextQuote < 0) break;
        this.quoted = false;
        index = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, index);
        continue;
      }
      const lineFeed = chunk.indexOf(LF, index);
      if (nextQuote >= 0 && (lineFeed < 0 || nextQuote < lineFeed)) {
        this.quoted = true;
        index = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, index);
        continue;
      }
      if (lineFeed < 0) break;
      parts.push(chunk.subarray(start, lineFeed), CRLF);
      start = index = lineFeed + 1;
    }
    parts.push(chunk.subarray(start));
    return Buffer.concat(parts);
  }
}

type Pages = AsyncGenerator<Buffer | string, void, undefined>;

/**
 * The CSV as a byte stream, page by page in key order, each page read only when the reader has taken the
 * previous one (backpressure). On PostgreSQL each page is COPY's own CSV writer (several times faster than
 * formatting in SQL); elsewhere (PGlite) the database formats a keyset page. The first bytes are read
 * before the stream is handed out, so a failing database still gets a proper error answer; a failure
 * after them is logged and ends the stream with an error, which cuts the download off (the client sees an
 * incomplete transfer, never a file that looks whole).
 */
export async function playerCsvStream(options: PlayerCsvOptions): Promise<Readable> {
  // Whether the reader has left (the stream is destroyed at once; it closes only once the pages return,
  // and a generator's return waits while it awaits the database): a COPY page whose end was being looked
  // up when the reader left is then not copied.
  const reader: { stream?: Readable } = {};
  const left = () => reader.stream?.destroyed === true;
  const pages = options.copyOut ? copiedPages(options, options.copyOut, left) : formattedPages(options);
  const first = await pages.next();
  const { log } = options;
  async function* file(): Pages {
    yield csvLine(playerCsvColumns);
    if (first.done) return;
    yield first.value;
    try {
      yield* pages;
    } catch (error) {
      log.error({ err: error }, 'player CSV failed after its first bytes; the download is cut off');
      throw error;
    }
  }
  // Byte mode with a small buffer: at most about one chunk waits in memory for a slow reader.
  const stream = (reader.stream = Readable.from(file(), { objectMode: false, highWaterMark: 64 * 1024 }));
  // A stream dropped before it was first read never ran `file`: the pages still hold their connection.
  stream.once('close', () => void pages.return());
  return stream;
}

/** The page sizes: small first, doubling up to the largest. */
function* pageSizes(largest: number): Generator<number, never> {
  for (let size = Math.min(FIRST_PAGE_SIZE, largest); ; size = Math.min(size * 2, largest)) yield size;
}

/** COPY pages before the rest is copied at once: 25 + 50 + 100 + 200 + 400 players. */
const SMALL_COPY_PAGES = 5;

/**
 * COPY pages: a few small ones, then the rest in one COPY at full speed (a client still reading after
 * 775 players is downloading the file). The first page is the first players, up to its size: no lookup
 * before the first bytes. Where each later page ends is looked up first (an index-only walk; for the
 * second page, together with where the first ended), then COPY writes the players up to there. A small
 * page dropped in the middle is read to its end, so that its connection goes back to the pool instead of
 * being closed and opened again; the rest, dropped, is cut off (its connection closed), as reading it all
 * would cost more.
 */
async function* copiedPages(
  options: PlayerCsvOptions,
  copyOut: (query: string) => Promise<Readable>,
  left: () => boolean,
): Pages {
  const { db, scope, casinoIds } = options;
  const repository = createReportsRepository();
  const sizes = pageSizes(options.pageSize ?? PLAYER_CSV_PAGE_SIZE);
  const first = sizes.next().value;
  // One COPY, CRLF-ended; `rest` is cut off when dropped, a small page read to its end.
  async function* copied(page: PlayerRange & { limit?: number }, rest: boolean): Pages {
    const copy = await copyOut(playerCopyQuery(scope, casinoIds, page));
    const records = new CrlfRecords();
    let read = false;
    try {
      for await (const chunk of copy.iterator({ destroyOnReturn: rest }))
        yield records.convert(chunk as Buffer);
      read = true;
    } finally {
      if (!read && !copy.destroyed) copy.resume();
    }
  }
  yield* copied({ after: null, limit: first }, false);
  const [firstEnd, secondEnd] = await repository.playerKeysAt(db, {
    scope,
    casinoIds,
    after: null,
    offsets: [first - 1, first + sizes.next().value - 1],
  });
  // Fewer players than the first page holds: it had them all.
  if (!firstEnd) return;
  let after = firstEnd;
  let through = secondEnd ?? null;
  for (let page = 1; ; page++) {
    if (left()) return;
    yield* copied({ after, through }, page === SMALL_COPY_PAGES);
    if (!through) return;
    after = through;
    // The rest has no end; a small page's end is looked up.
    through =
      page + 1 === SMALL_COPY_PAGES
        ? null
        : ((
            await repository.playerKeysAt(db, { scope, casinoIds, after, offsets: [sizes.next().value - 1] })
          )[0] ?? null);
  }
}

/** Keyset pages formatted by the database (PGlite: no COPY to a client stream). */
async function* formattedPages(options: PlayerCsvOptions): Pages {
  const { db, scope, casinoIds } = options;
  const repository = createReportsRepository();
  let after: PlayerCursor | null = null;
  for (const limit of pageSizes(options.pageSize ?? PLAYER_CSV_PAGE_SIZE)) {
    const page = await repository.playersCsvPage(db, { scope, casinoIds, after, limit });
    if (page.count > 0) yield page.lines;
    if (page.count < limit || !page.last) return;
    after = page.last;
  }
}
