/**
 * The player-data report (spec §7): a CSV of the players in the reader's scope, streamed page by page so
 * that a million players take no more memory than one page.
 */
import { Readable } from 'node:stream';
import { playerCsvColumns } from '@backoffice/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Scope } from '../../lib/scope';
import { createReportsRepository, type PlayerCsvRow } from './reports.repository';

/** Players per query: large enough to be quick, small enough to keep memory flat. */
export const PLAYER_CSV_PAGE_SIZE = 5_000;

/**
 * A spreadsheet runs a cell that starts like a formula; such values get a leading apostrophe so that
 * player-supplied text (names, e-mails) is shown, never executed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as RFC 4180 wants it, with the formula guard; null is an empty field. */
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
  scope: Scope;
  casinoIds?: string[] | undefined;
  log: FastifyBaseLogger;
  pageSize?: number;
}

/**
 * The CSV as a byte stream that reads the next page only when the reader has taken the previous one
 * (backpressure). The first page is read before the stream is handed out, so a failing database still
 * gets a proper error answer; a failure after the first bytes is logged and ends the stream with an error,
 * which cuts the download off (the client sees an incomplete transfer, never a file that looks whole).
 */
export async function playerCsvStream(options: PlayerCsvOptions): Promise<Readable> {
  const { db, scope, casinoIds, log } = options;
  const limit = options.pageSize ?? PLAYER_CSV_PAGE_SIZE;
  const repository = createReportsRepository();
  const first = await repository.playersPage(db, { scope, casinoIds, after: null, limit });

  const toLine = (row: PlayerCsvRow) => csvLine(playerCsvColumns.map((column) => row[column]));

  async function* chunks(): AsyncGenerator<string> {
    yield csvLine(playerCsvColumns);
    let page = first;
    try {
      for (;;) {
        if (page.length > 0) yield page.map(toLine).join('');
        if (page.length < limit) return;
        const last = page[page.length - 1]!;
        page = await repository.playersPage(db, {
          scope,
          casinoIds,
          after: { casinoId: last.casinoId!, playerId: last.playerId! },
          limit,
        });
      }
    } catch (error) {
      log.error({ err: error }, 'player CSV failed after its first bytes; the download is cut off');
      throw error;
    }
  }

  // Byte mode with a small buffer: at most about one page waits in memory for a slow reader.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
