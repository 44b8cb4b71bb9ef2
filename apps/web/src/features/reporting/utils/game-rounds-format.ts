/** How the game round screens write money and instants. */
import type { Language } from '@backoffice/contracts';
import { localeOf } from '@backoffice/contracts/languages';

/**
 * An amount in minor units as major units of its currency with two decimals (`1234` USD → `$12.34`,
 * German `12,34 $`). A code Intl does not know shows as the code with the amount.
 */
export function formatMinorUnits(minor: number, currency: string, language: Language): string {
  const major = minor / 100;
  try {
    return new Intl.NumberFormat(localeOf[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(major);
  } catch {
    const amount = new Intl.NumberFormat(localeOf[language], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(major);
    return `${amount} ${currency}`;
  }
}

/** An instant with seconds: rounds of one minute must be told apart. */
export function formatInstant(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf[language], { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}
