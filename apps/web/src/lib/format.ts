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
