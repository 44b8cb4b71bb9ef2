/**
 * The player-data report (spec §7): a CSV of the players in the reader's scope, streamed page by page so
 * that a million players take no more memory than one page.
 */
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { playerCsvColumns } from '@backoffice/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { guardedPlayerColumnsSql } from './player-csv-sql';
import { createReportsRepository } from './reports.repository';

/** Players per query: large enough to be quick, small enough to keep memory flat. */
export const PLAYER_CSV_PAGE_SIZE = 10_000;

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

/** A string as an SQL literal (standard_conforming_strings, as PostgreSQL has it by default). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const literals = (values: readonly string[]) => values.map(literal).join(', ');

/** The columns as COPY should write them: guarded; empty as empty (like null), not as `""`. */
const copyColumnsSql = guardedPlayerColumnsSql.map((column) => `nullif(${column}, '')`).join(', ');

/** The players query of the COPY path; ids are validated codes or come from the database, quoted anyway. */
export function playerCopyQuery(scope: Scope, casinoIds: readonly string[] | undefined): string {
  const conditions: string[] = [];
  if (!scope.unlimited) {
    const parts = [
      ...(scope.casinoIds.length > 0 ? [`casino_id in (${literals(scope.casinoIds)})`] : []),
      ...(scope.integrationIds.length > 0 ? [`integration_id in (${literals(scope.integrationIds)})`] : []),
    ];
    conditions.push(parts.length > 0 ? `(${parts.join(' or ')})` : 'false');
  }
  if (casinoIds?.length) conditions.push(`casino_id in (${literals(casinoIds)})`);
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  return `select ${copyColumnsSql} from players${where} order by casino_id, player_id`;
}

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/** COPY ends records with LF; RFC 4180 wants CRLF. Line breaks inside quoted fields stay as they are. */
export class CrlfRecords extends Transform {
  private quoted = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
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
    done(null, Buffer.concat(parts));
  }
}

/**
 * The CSV as a byte stream. On PostgreSQL it is COPY's own CSV writer, streamed with backpressure (several
 * times faster than formatting rows one by one); elsewhere (PGlite) keyset pages formatted by the database.
 * Either way memory stays flat however many players there are.
 */
export async function playerCsvStream(options: PlayerCsvOptions): Promise<Readable> {
  if (!options.copyOut) return pagedPlayerCsvStream(options);
  const { scope, casinoIds, log } = options;
  const copy = await options.copyOut(playerCopyQuery(scope, casinoIds));
  await readableOrFailed(copy);
  const output = new PassThrough({ highWaterMark: 64 * 1024 });
  output.write(csvLine(playerCsvColumns));
  copy.once('error', (error) => {
    log.error({ err: error }, 'player CSV failed after its first bytes; the download is cut off');
    output.destroy(error);
  });
  output.once('close', () => copy.destroy());
  copy.pipe(new CrlfRecords()).pipe(output);
  return output;
}

/**
 * Waits until the stream has its first bytes (or its end), so that a COPY that fails at once — a lost
 * connection, say — still gets a proper error answer instead of a download cut off after its header.
 */
function readableOrFailed(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const closed = () => settle(new Error('COPY stream closed before its first bytes'));
    const settle = (error?: Error) => {
      stream.off('readable', settle);
      stream.off('error', settle);
      stream.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    stream.once('readable', settle);
    stream.once('error', settle);
    stream.once('close', closed);
  });
}

/**
 * The CSV as a byte stream that reads the next page only when the reader has taken the previous one
 * (backpressure). The first page is read before the stream is handed out, so a failing database still
 * gets a proper error answer; a failure after the first bytes is logged and ends the stream with an error,
 * which cuts the download off (the client sees an incomplete transfer, never a file that looks whole).
 */
async function pagedPlayerCsvStream(options: PlayerCsvOptions): Promise<Readable> {
  const { db, scope, casinoIds, log } = options;
  const limit = options.pageSize ?? PLAYER_CSV_PAGE_SIZE;
  const repository = createReportsRepository();
  const first = await repository.playersCsvPage(db, { scope, casinoIds, after: null, limit });

  async function* chunks(): AsyncGenerator<string> {
    yield csvLine(playerCsvColumns);
    let page = first;
    try {
      for (;;) {
        if (page.count > 0) yield page.lines;
        if (page.count < limit || !page.last) return;
        page = await repository.playersCsvPage(db, { scope, casinoIds, after: page.last, limit });
      }
    } catch (error) {
      log.error({ err: error }, 'player CSV failed after its first bytes; the download is cut off');
      throw error;
    }
  }

  // Byte mode with a small buffer: at most about one page waits in memory for a slow reader.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
