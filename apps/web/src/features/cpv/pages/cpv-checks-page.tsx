/**
 * `/cpv/checks`: the latest checks with their progress (asked again while one runs), and the results —
 * filtered by result, component, check and time, with the filters in the URL. Choosing a check shows its
 * results.
 */
import { cpvResults, type CpvResult } from '@backoffice/contracts';
import { Button, CloseButton, Group, Select, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { DateTimeInput } from '../../../components/inputs/date-time-input';
import { ListState } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useCpvChecks, useCpvResults } from '../api/cpv-checks-api';
import { useCpvResultParams } from '../api/cpv-results-params';
import { CpvChecksTable } from '../components/cpv-checks-table';
import { CpvResultsTable } from '../components/cpv-results-table';

/** The checks shown above the results; older ones are found through the results' time filter. */
export const LATEST_CHECKS = 10;

export function CpvChecksPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query, setQuery] = useCpvResultParams();
  const checks = useCpvChecks({ page: 1, pageSize: LATEST_CHECKS });
  const results = useCpvResults(query);
  const chosen = checks.data?.items.find((check) => check.id === query.checkId);

  return (
    <>
      <PageHeader
        actions={
          <Button component={Link} to={paths.cpv.triggerCheck}>
            {t('cpvChecks.startCheck')}
          </Button>
        }
      />
      <Title order={2} size="h4" mb="xs">
        {t('cpvChecks.checksTitle')}
      </Title>
      {checks.error && <ErrorAlert error={checks.error} onRetry={() => void checks.refetch()} />}
      {checks.data && checks.data.items.length > 0 && (
        <CpvChecksTable
          checks={checks.data.items}
          selected={query.checkId}
          onSelect={(checkId) => setQuery({ checkId })}
        />
      )}
      <ListState loading={checks.isPending} rows={checks.data?.items} emptyText={t('cpvChecks.noChecks')} />

      <Title order={2} size="h4" mt="xl" mb="xs">
        {t('cpvChecks.resultsTitle')}
      </Title>
      <Group mb="md" align="flex-end">
        <Select
          label={t('cpvChecks.filters.result')}
          placeholder={t('cpvChecks.filters.all')}
          w={200}
          clearable
          data={cpvResults.map((result) => ({ value: result, label: t(`cpvChecks.results.${result}`) }))}
          value={query.result ?? null}
          onChange={(result) => setQuery({ result: (result as CpvResult | null) ?? undefined })}
        />
        <SearchInput
          label={t('cpvChecks.filters.component')}
          placeholder={t('cpvChecks.filters.componentPlaceholder')}
          value={query.component}
          onSearch={(component) => setQuery({ component })}
        />
        <DateTimeInput
          label={t('cpvChecks.filters.from')}
          value={query.from ?? null}
          onChange={(from) => setQuery({ from: from ?? undefined })}
        />
        <DateTimeInput
          label={t('cpvChecks.filters.to')}
          atEndOfMinute
          value={query.to ?? null}
          onChange={(to) => setQuery({ to: to ?? undefined })}
        />
      </Group>
      {query.checkId && (
        <Group gap="xs" mb="sm">
          <Text size="sm" data-testid="chosen-check">
            {chosen
              ? t('cpvChecks.ofCheck', { time: formatDateTime(chosen.createdAt, language) })
              : t('cpvChecks.ofCheckId', { id: query.checkId })}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('cpvChecks.allChecks')}
            onClick={() => setQuery({ checkId: undefined })}
          />
        </Group>
      )}
      {results.error && <ErrorAlert error={results.error} onRetry={() => void results.refetch()} />}
      <CpvResultsTable
        results={results.data?.items}
        total={results.data?.total ?? 0}
        query={query}
        onQueryChange={({ page, pageSize }) =>
          setQuery({
            ...(page !== undefined ? { page } : {}),
            ...(pageSize !== undefined ? { pageSize } : {}),
          })
        }
        loading={results.isPending}
      />
    </>
  );
}
