/**
 * `/reporting/significant-events`: what happened that explains a change in the figures, newest first,
 * filtered by time and searched in reason and component; recording one for those who may.
 */
import type { SignificantEvent } from '@backoffice/contracts';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { DateTimeInput } from '../../../components/inputs/date-time-input';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { useSignificantEvents } from '../api/significant-events-api';
import { useSignificantEventParams } from '../api/significant-events-params';

const optional = (text: string | null) =>
  text ?? (
    <Text span c="dimmed">
      –
    </Text>
  );

export function SignificantEventsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canRecord = useCan()('recordSignificantEvents');
  const [query, setQuery] = useSignificantEventParams();
  const { data, error, isPending, refetch } = useSignificantEvents(query);
  const field = (key: string) => t(`significantEvents.fields.${key}`);

  return (
    <>
      <PageHeader
        actions={
          canRecord && (
            <Button component={Link} to={paths.reporting.createSignificantEvent}>
              {t('common.create')}
            </Button>
          )
        }
      />
      <Group mb="md" align="flex-end">
        <SearchInput
          label={t('common.search')}
          placeholder={t('significantEvents.searchPlaceholder')}
          value={query.q}
          onSearch={(q) => setQuery({ q })}
        />
        <DateTimeInput
          label={t('significantEvents.filters.from')}
          value={query.from ?? null}
          onChange={(from) => setQuery({ from: from ?? undefined })}
        />
        <DateTimeInput
          label={t('significantEvents.filters.to')}
          atEndOfMinute
          value={query.to ?? null}
          onChange={(to) => setQuery({ to: to ?? undefined })}
        />
      </Group>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      <DataTable<SignificantEvent, 'happenedAt'>
        columns={[
          {
            key: 'happenedAt',
            header: field('happenedAt'),
            render: (event) => formatDateTime(event.happenedAt, language),
          },
          { key: 'reason', header: field('reason'), render: (event) => event.reason },
          { key: 'component', header: field('component'), render: (event) => optional(event.component) },
          { key: 'user', header: field('user'), render: (event) => optional(event.user) },
          {
            key: 'beforeValue',
            header: field('beforeValue'),
            render: (event) => optional(event.beforeValue),
          },
          { key: 'afterValue', header: field('afterValue'), render: (event) => optional(event.afterValue) },
          { key: 'createdBy', header: field('createdBy'), render: (event) => optional(event.createdBy) },
        ]}
        rows={data?.items}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        query={{ page: query.page, pageSize: query.pageSize, sort: 'happenedAt', order: 'desc' }}
        onQueryChange={({ page, pageSize }) =>
          setQuery({
            ...(page !== undefined ? { page } : {}),
            ...(pageSize !== undefined ? { pageSize } : {}),
          })
        }
        rowKey={(event) => event.id}
        loading={isPending}
      />
    </>
  );
}
