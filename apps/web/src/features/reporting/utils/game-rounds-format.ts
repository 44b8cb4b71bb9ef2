/** How the game round screens write instants (money: lib/format). */
import type { Language } from '@backoffice/contracts';
import { localeOf } from '@backoffice/contracts/languages';

/** An instant with seconds: rounds of one minute must be told apart. */
export function formatInstant(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf[language], { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}
