/**
 * Files the browser saves: CSV text built from rows (RFC 4180, guarded against formula injection) and
 * any blob, saved through an object URL that is released DOWNLOAD_LINK_RELEASE_MS after the download
 * started (spec §9: the browser needs the link a while after the click, but it must not live forever).
 */
import { DOWNLOAD_LINK_RELEASE_MS } from '@backoffice/contracts';

/** A cell: numbers are written as they are (a dot as decimal separator), null and undefined as empty. */
export type CsvValue = string | number | null | undefined;

/** Characters a spreadsheet reads as the start of a formula when a text cell begins with them. */
const FORMULA_START = /^[=+\-@]/;
/** A field holding one of these must be quoted (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field: a text starting with = + - or @ gets a leading `'` so a spreadsheet shows it instead of
 * running it; a field with a comma, quote or line break is quoted, its quotes doubled. Numbers are not
 * guarded: a negative amount must stay a number.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of a header line and rows, lines ended by CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

/** Saves a blob under a file name through a temporary link; the object URL is released later. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking at once could cancel a download the browser has not started reading yet.
    window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_LINK_RELEASE_MS);
  }
}

/** Byte order mark: spreadsheet programs then read the file as UTF-8 (umlauts, €). */
const UTF8_BOM = '\uFEFF';

/** Saves CSV text as a UTF-8 file. */
export function downloadCsv(csv: string, fileName: string): void {
  const text = csv.startsWith(UTF8_BOM) ? csv : UTF8_BOM + csv;
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** A file name with today's date (UTC), e.g. `ggr-report-2025-03-01.csv`. */
export function datedFileName(base: string, now: Date = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}
