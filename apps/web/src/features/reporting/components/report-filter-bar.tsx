/**
 * The filters every money report shares: the day range, casinos, integrations, games and a currency.
 * They live in the URL (the caller's `useReportParams`).
 */
import { currencyCodePattern, MAX_REPORT_DAYS } from '@backoffice/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/inputs/date-input';
import { defaultRange, filterProblem, type ReportParams } from '../api/report-params';
import { RecordIdsInput } from '../../../components/record-ids-input';

interface ReportFilterBarProps {
  params: ReportParams;
  onChange: (patch: Partial<ReportParams>) => void;
}

const SELECT_WIDTH = 240;

export function ReportFilterBar({ params, onChange }: ReportFilterBarProps) {
  const { t } = useTranslation();
  const problem = filterProblem(params);

  // The currency field holds what is typed; the URL takes it once it is a complete code or empty.
  const [currency, setCurrency] = useState(params.currency ?? '');
  const [shownCurrency, setShownCurrency] = useState(params.currency);
  if (shownCurrency !== params.currency) {
    // The URL changed from elsewhere (back button, reset): show its currency.
    setShownCurrency(params.currency);
    setCurrency(params.currency ?? '');
  }

  const range = defaultRange();
  const filtered =
    params.from !== range.from ||
    params.to !== range.to ||
    params.casinoIds.length + params.integrationIds.length + params.gameIds.length > 0 ||
    params.currency !== undefined;

  return (
    <Group align="flex-start" mb="lg" gap="md" role="search" aria-label={t('reports.filters.title')}>
      <DateInput
        label={t('reports.filters.from')}
        w={150}
        value={params.from}
        onChange={(from) => from && onChange({ from })}
      />
      <DateInput
        label={t('reports.filters.to')}
        w={150}
        value={params.to}
        onChange={(to) => to && onChange({ to })}
        error={problem && t(`reports.filters.${problem}`, { max: MAX_REPORT_DAYS })}
      />
      <RecordIdsInput
        kind="casinos"
        label={t('reports.filters.casinos')}
        w={SELECT_WIDTH}
        value={params.casinoIds}
        onChange={(casinoIds) => onChange({ casinoIds })}
      />
      <RecordIdsInput
        kind="integrations"
        label={t('reports.filters.integrations')}
        w={SELECT_WIDTH}
        value={params.integrationIds}
        onChange={(integrationIds) => onChange({ integrationIds })}
      />
      <RecordIdsInput
        kind="games"
        label={t('reports.filters.games')}
        w={SELECT_WIDTH}
        value={params.gameIds}
        onChange={(gameIds) => onChange({ gameIds })}
      />
      <TextInput
        label={t('reports.filters.currency')}
        title={t('reports.filters.currencyHint')}
        placeholder={t('reports.filters.allCurrencies')}
        w={110}
        maxLength={3}
        value={currency}
        onChange={(event) => {
          const next = event.currentTarget.value.toUpperCase();
          setCurrency(next);
          if (next === '' || currencyCodePattern.test(next)) onChange({ currency: next || undefined });
        }}
      />
      {filtered && (
        <Button
          variant="subtle"
          mt={25}
          onClick={() =>
            onChange({
              ...range,
              casinoIds: [],
              integrationIds: [],
              gameIds: [],
              currency: undefined,
            })
          }
        >
          {t('reports.filters.reset')}
        </Button>
      )}
    </Group>
  );
}
