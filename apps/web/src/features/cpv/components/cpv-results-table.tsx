/** CPV results as a paged table: when, which component, from where, the result and both hashes. */
import type { CpvCheckResult, ListQuery } from '@backoffice/contracts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { NoValue } from '../../../components/fields-table';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { CpvResultBadge } from './cpv-result-badge';
import { HashText } from './hash-text';

export function CpvResultsTable({
  results,
  total,
  query,
  onQueryChange,
  loading,
}: {
  results: CpvCheckResult[] | undefined;
  total: number;
  query: { page: number; pageSize: number };
  onQueryChange: (patch: Partial<ListQuery<'checkedOn'>>) => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const field = (key: string) => t(`cpvChecks.fields.${key}`);
  return (
    <DataTable<CpvCheckResult, 'checkedOn'>
      columns={[
        {
          key: 'checkedOn',
          header: field('checkedOn'),
          render: (result) => formatDateTime(result.checkedOn, language),
        },
        {
          key: 'component',
          header: field('component'),
          render: (result) => (
            <Stack gap={0}>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {result.component}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`cpvChecks.sources.${result.source}`)}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'result',
          header: field('result'),
          render: (result) => <CpvResultBadge result={result.result} />,
        },
        {
          key: 'expectedHash',
          header: field('expectedHash'),
          render: (result) =>
            result.expectedHash ? (
              <Stack gap={2}>
                {result.expectedHash.split(',').map((hash) => (
                  <HashText key={hash} hash={hash} />
                ))}
              </Stack>
            ) : (
              <NoValue />
            ),
        },
        {
          key: 'actualHash',
          header: field('actualHash'),
          render: (result) => (result.actualHash ? <HashText hash={result.actualHash} /> : <NoValue />),
        },
        {
          key: 'detail',
          header: field('detail'),
          render: (result) => (
            <Text size="xs" style={{ wordBreak: 'break-word' }}>
              {result.detail ?? ''}
            </Text>
          ),
        },
        {
          key: 'triggeredBy',
          header: field('triggeredBy'),
          render: (result) => result.triggeredBy ?? t('cpvChecks.triggers.schedule'),
        },
      ]}
      rows={results}
      total={total}
      query={{ page: query.page, pageSize: query.pageSize, sort: 'checkedOn', order: 'desc' }}
      onQueryChange={onQueryChange}
      rowKey={(result) => result.id}
      loading={loading}
    />
  );
}
