/** The spec's number formats: COINS (plain decimal) and EUR (currency), in the language's locale. */
import { localeOf, type Language } from '@backoffice/contracts/languages';

const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, kind: 'coins' | 'eur'): Intl.NumberFormat {
  const key = `${language}:${kind}`;
  let found = cache.get(key);
  if (!found) {
    found =
      kind === 'coins'
        ? new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: 2 })
        : new Intl.NumberFormat(localeOf[language], { style: 'currency', currency: 'EUR' });
    cache.set(key, found);
  }
  return found;
}

export function formatCoins(value: number, language: Language): string {
  return formatter(language, 'coins').format(value);
}

export function formatEur(value: number, language: Language): string {
  return formatter(language, 'eur').format(value);
}

export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf[language], { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** A calendar date (`YYYY-MM-DD`, no time zone) as the language writes it. */
export function formatDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * An amount in minor units as major units of its own currency with two decimals (`1234` USD → `$12.34`,
 * German `12,34 $`). A code Intl does not know shows as the code after the amount.
 */
export function formatMinorUnits(minor: number, currency: string, language: Language): string {
  const major = minor / 100;
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  try {
    return new Intl.NumberFormat(localeOf[language], { style: 'currency', currency, ...digits }).format(
      major,
    );
  } catch {
    return `${new Intl.NumberFormat(localeOf[language], digits).format(major)} ${currency}`;
  }
}

/** An instant with seconds: game rounds of one minute must be told apart. */
export function formatInstant(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf[language], { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}
