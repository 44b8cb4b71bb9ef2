import { FX_IMPORT_MAX_LINES } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { canonicalRate } from './masterdata.repository';
import { parseFxCsv, splitCsvLine } from './fx-import';

const rows = (csv: string) => {
  const parsed = parseFxCsv(csv, 'en');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.details));
  return parsed.rows;
};
const problems = (csv: string, language: 'de' | 'en' = 'en') => {
  const parsed = parseFxCsv(csv, language);
  if (parsed.ok) throw new Error('expected problems');
  return parsed.details;
};

describe('exchange-rate CSV', () => {
  it('reads comma-separated lines below the header, with the line number of each', () => {
    expect(rows('day,currency,rateToEur\n2025-01-31,USD,0.92\n2025-01-31,gbp, 1.18 \n')).toEqual([
      { line: 2, day: '2025-01-31', currency: 'USD', rateToEur: '0.92' },
      { line: 3, day: '2025-01-31', currency: 'GBP', rateToEur: '1.18' },
    ]);
  });

  it('takes ; as separator with a decimal comma, CRLF line ends, a BOM, blank lines and quotes', () => {
    expect(
      rows('\uFEFFDay;Currency;RateToEur\r\n2025-02-01;CHF;1,0512\r\n\r\n"2025-02-02";"CHF";"1,06"\r\n'),
    ).toEqual([
      { line: 2, day: '2025-02-01', currency: 'CHF', rateToEur: '1.0512' },
      { line: 4, day: '2025-02-02', currency: 'CHF', rateToEur: '1.06' },
    ]);
    expect(rows('day,currency,rateToEur\n2025-02-01,CHF,"1,05"')).toEqual([
      { line: 2, day: '2025-02-01', currency: 'CHF', rateToEur: '1.05' },
    ]);
  });

  it('splits quoted fields with separators and doubled quotes inside', () => {
    expect(splitCsvLine('"a,b", "c""d" ,e', ',')).toEqual(['a,b', 'c"d', 'e']);
  });

  it('lists every bad line, one entry per line, in the language asked for', () => {
    const csv = [
      'day,currency,rateToEur',
      '2025-01-31,USD,0.92',
      '2025-02-30,USD,0.9',
      '2025-01-31,EUR,1',
      '2025-01-31,DOLLAR,-1',
      '2025-01-31,USD',
      '2025-01-31,usd,0.93',
      '2025-01-31,JPY,0',
      '2025-01-31,JPY,123456789',
      '2025-01-31,JPY,0.00000000001',
    ].join('\n');
    expect(problems(csv)).toEqual([
      { path: 'line 3', message: 'day: not a date of the form yyyy-MM-dd.' },
      { path: 'line 4', message: 'currency: not a three-letter currency code other than EUR.' },
      {
        path: 'line 5',
        message:
          'currency: not a three-letter currency code other than EUR. rateToEur: not a decimal above 0 (up to 8 digits before and 10 after the separator).',
      },
      { path: 'line 6', message: '3 values expected (day, currency, rateToEur), found 2.' },
      { path: 'line 7', message: 'The same day and currency as line 2.' },
      { path: 'line 8', message: expect.stringContaining('rateToEur') },
      { path: 'line 9', message: expect.stringContaining('rateToEur') },
      { path: 'line 10', message: expect.stringContaining('rateToEur') },
    ]);
    expect(problems(csv, 'de').slice(0, 2)).toEqual([
      { path: 'line 3', message: 'day: kein Datum der Form yyyy-MM-dd.' },
      { path: 'line 4', message: 'currency: kein dreibuchstabiger Währungscode außer EUR.' },
    ]);
  });

  it.each([
    ['an empty text', '', 'line 1'],
    ['another header', 'date,currency,rate\n2025-01-01,USD,1', 'line 1'],
    ['no header', '2025-01-01,USD,1', 'line 1'],
    ['a header after blank lines', '\n\nday,currency\n', 'line 3'],
  ])('refuses %s at the header', (_label, csv, path) => {
    expect(problems(csv)).toEqual([
      { path, message: 'The first line must be the header day,currency,rateToEur.' },
    ]);
  });

  it('refuses a header without rates', () => {
    expect(problems('day,currency,rateToEur\n\n', 'de')).toEqual([
      { path: 'line 1', message: 'Unter der Kopfzeile stehen keine Kurse.' },
    ]);
  });

  it(`takes ${FX_IMPORT_MAX_LINES} rates and refuses one more at its line`, () => {
    const line = (n: number) => {
      const day = new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
      return `${day},USD,1.${n}`;
    };
    const lines = Array.from({ length: FX_IMPORT_MAX_LINES }, (_, n) => line(n));
    expect(rows(['day,currency,rateToEur', ...lines].join('\n'))).toHaveLength(FX_IMPORT_MAX_LINES);
    expect(problems(['day,currency,rateToEur', ...lines, line(FX_IMPORT_MAX_LINES)].join('\n'))).toEqual([
      {
        path: `line ${FX_IMPORT_MAX_LINES + 2}`,
        message: `At most ${FX_IMPORT_MAX_LINES} rates per import.`,
      },
    ]);
  });

  it('shows stored rates as their shortest exact decimal', () => {
    expect(canonicalRate('1.2500000000')).toBe('1.25');
    expect(canonicalRate('2.0000000000')).toBe('2');
    expect(canonicalRate('0.0000000001')).toBe('0.0000000001');
    expect(canonicalRate('12345678.1234567891')).toBe('12345678.1234567891');
    expect(canonicalRate('007.10')).toBe('7.1');
  });
});
