/**
 * How the reports write their figures: EUR with two decimals (the spec's EUR format), each original
 * currency with its code, percentages with two decimals, counts with grouping — all in the language's
 * locale. Money arrives in minor units (cents) of its currency.
 */
import { localeOf, type Language } from '@backoffice/contracts/languages';
import { formatEur } from '../../../lib/format';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let found = formatters.get(key);
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** EUR cents as EUR, e.g. `1.234,56 €` in German. */
export function eur(cents: number, language: Language): string {
  return formatEur(cents / 100, language);
}

/** Minor units (hundredths, as the platform counts them) of a currency, with its code. */
export function money(minor: number, currency: string, language: Language): string {
  const format = formatter(`${language}:money:${currency}`, () => {
    try {
      return new Intl.NumberFormat(localeOf[language], {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      // A code Intl does not know: the amount alone (the code shows in its own column).
      return new Intl.NumberFormat(localeOf[language], {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    }
  });
  return format.format(minor / 100);
}

/** A percentage (e.g. hold or RTP) with two decimals; a dash where there is none. */
export function percent(value: number | null, language: Language): string {
  if (value === null) return '—';
  const format = formatter(`${language}:percent`, () => {
    return new Intl.NumberFormat(localeOf[language], {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  });
  return format.format(value / 100);
}

export function count(value: number, language: Language): string {
  return formatter(`${language}:count`, () => new Intl.NumberFormat(localeOf[language])).format(value);
}

/** EUR cents as a plain decimal number for a CSV file (a dot as separator, no grouping). */
export function eurForCsv(cents: number): number {
  return Math.round(cents) / 100;
}

/** A percentage for a CSV file, rounded to two decimals; empty where there is none. */
export function percentForCsv(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}
