/**
 * The currencies and days a report's EUR figures leave out because master data has no exchange rate for
 * them (never guessed as 1). Runs of consecutive days show as one range.
 */
import type { MissingRate } from '@backoffice/contracts';
import { localeOf } from '@backoffice/contracts/languages';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatShortDate } from '../../../components/inputs/date-input';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';

const DAY_MS = 86_400_000;

/** Days (sorted or not) as runs of consecutive days: `[[first, last], …]`. */
export function dayRanges(days: readonly string[]): [string, string][] {
  const sorted = [...new Set(days)].sort();
  const ranges: [string, string][] = [];
  for (const day of sorted) {
    const last = ranges.at(-1);
    if (last && Date.parse(day) - Date.parse(last[1]) === DAY_MS) last[1] = day;
    else ranges.push([day, day]);
  }
  return ranges;
}

/** The missing rates by currency (alphabetically), each with its day ranges. */
export function missingByCurrency(missing: readonly MissingRate[]): [string, [string, string][]][] {
  const days = new Map<string, string[]>();
  for (const { currency, day } of missing) days.set(currency, [...(days.get(currency) ?? []), day]);
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => [currency, dayRanges(list)]);
}

export function MissingRatesAlert({ missing }: { missing: readonly MissingRate[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const can = useCan();
  if (missing.length === 0) return null;
  const day = (value: string) => formatShortDate(value, localeOf[language]);
  return (
    <Alert color="yellow" variant="light" title={t('reports.missingRates.title')} mb="md" role="alert">
      <Text size="sm" mb="xs">
        {t('reports.missingRates.text')}
      </Text>
      <List size="sm" spacing={2}>
        {missingByCurrency(missing).map(([currency, ranges]) => (
          <List.Item key={currency}>
            <Text span fw={600} size="sm">
              {currency}
            </Text>
            {': '}
            {ranges
              .map(([first, last]) => (first === last ? day(first) : `${day(first)} – ${day(last)}`))
              .join(', ')}
          </List.Item>
        ))}
      </List>
      {can('viewGameConfigurations') && (
        <Anchor component={Link} to={paths.masterdata.configuration} size="sm" mt="xs" display="inline-block">
          {t('reports.missingRates.setRates')}
        </Anchor>
      )}
    </Alert>
  );
}
