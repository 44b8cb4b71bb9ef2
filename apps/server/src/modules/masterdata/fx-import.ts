/**
 * Reads an exchange-rate import: CSV with the header `day,currency,rateToEur` and one rate per line.
 * `;` is taken as separator too (as spreadsheets write CSV in German locales), then with a decimal comma
 * in the rate; a field may be quoted. Every line is checked before anything is written, and every bad
 * line is reported (path `line <n>`, counting from the header as line 1) in the request's language.
 */
import { FX_IMPORT_MAX_LINES, fxRateCreateSchema, type Language } from '@backoffice/contracts';

export interface FxImportRow {
  line: number;
  day: string;
  currency: string;
  rateToEur: string;
}

export interface FxImportProblem {
  path: string;
  message: string;
}

export type FxImportParse = { ok: true; rows: FxImportRow[] } | { ok: false; details: FxImportProblem[] };

const HEADER = ['day', 'currency', 'ratetoeur'];

const messages: Record<string, Record<Language, (n: number) => string>> = {
  header: {
    en: () => 'The first line must be the header day,currency,rateToEur.',
    de: () => 'Die erste Zeile muss die Kopfzeile day,currency,rateToEur sein.',
  },
  empty: {
    en: () => 'There are no rates below the header.',
    de: () => 'Unter der Kopfzeile stehen keine Kurse.',
  },
  tooMany: {
    en: (max: number) => `At most ${max} rates per import.`,
    de: (max: number) => `Höchstens ${max} Kurse pro Import.`,
  },
  fieldCount: {
    en: (found: number) => `3 values expected (day, currency, rateToEur), found ${found}.`,
    de: (found: number) => `3 Werte erwartet (day, currency, rateToEur), gefunden: ${found}.`,
  },
  day: {
    en: () => 'day: not a date of the form yyyy-MM-dd.',
    de: () => 'day: kein Datum der Form yyyy-MM-dd.',
  },
  currency: {
    en: () => 'currency: not a three-letter currency code other than EUR.',
    de: () => 'currency: kein dreibuchstabiger Währungscode außer EUR.',
  },
  rate: {
    en: () => 'rateToEur: not a decimal above 0 (up to 8 digits before and 10 after the separator).',
    de: () => 'rateToEur: keine Dezimalzahl über 0 (bis zu 8 Stellen vor und 10 nach dem Trennzeichen).',
  },
  duplicate: {
    en: (line: number) => `The same day and currency as line ${line}.`,
    de: (line: number) => `Derselbe Tag und dieselbe Währung wie in Zeile ${line}.`,
  },
};

/** Splits one line at the separator; a field in double quotes may hold the separator ("" is a quote). */
export function splitCsvLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

const { day: daySchema, currency: currencySchema, rateToEur: rateSchema } = fxRateCreateSchema.shape;

export function parseFxCsv(csv: string, language: Language): FxImportParse {
  const say = (key: keyof typeof messages, n = 0) => messages[key]![language](n);
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  const problem = (line: number, message: string): FxImportParse => ({
    ok: false,
    details: [{ path: `line ${line}`, message }],
  });
  if (headerIndex < 0) return problem(1, say('header'));

  const header = lines[headerIndex]!;
  const separator = header.includes(';') ? ';' : ',';
  const names = splitCsvLine(header, separator).map((name) => name.toLowerCase());
  if (names.length !== HEADER.length || names.some((name, i) => name !== HEADER[i])) {
    return problem(headerIndex + 1, say('header'));
  }

  const data = lines
    .map((text, index) => ({ text, line: index + 1 }))
    .slice(headerIndex + 1)
    .filter(({ text }) => text.trim() !== '');
  if (data.length === 0) return problem(headerIndex + 1, say('empty'));
  if (data.length > FX_IMPORT_MAX_LINES) {
    return problem(data[FX_IMPORT_MAX_LINES]!.line, say('tooMany', FX_IMPORT_MAX_LINES));
  }

  const rows: FxImportRow[] = [];
  const details: FxImportProblem[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { text, line } of data) {
    const fields = splitCsvLine(text, separator);
    if (fields.length !== 3) {
      details.push({ path: `line ${line}`, message: say('fieldCount', fields.length) });
      continue;
    }
    const [rawDay, rawCurrency, rawRate] = fields as [string, string, string];
    const day = daySchema.safeParse(rawDay);
    const currency = currencySchema.safeParse(rawCurrency);
    // A decimal comma is fine (the separator cannot be a comma then, or the field was quoted).
    const rate = rateSchema.safeParse(rawRate.includes('.') ? rawRate : rawRate.replace(',', '.'));
    const wrong: string[] = [];
    if (!day.success) wrong.push(say('day'));
    if (!currency.success) wrong.push(say('currency'));
    if (!rate.success) wrong.push(say('rate'));
    if (!day.success || !currency.success || !rate.success) {
      details.push({ path: `line ${line}`, message: wrong.join(' ') });
      continue;
    }
    const key = `${day.data}/${currency.data}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      details.push({ path: `line ${line}`, message: say('duplicate', first) });
      continue;
    }
    firstLineOf.set(key, line);
    rows.push({ line, day: day.data, currency: currency.data, rateToEur: rate.data });
  }
  return details.length > 0 ? { ok: false, details } : { ok: true, rows };
}
