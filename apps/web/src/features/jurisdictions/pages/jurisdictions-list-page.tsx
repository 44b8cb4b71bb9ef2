import {
  jurisdictionListQuerySchema,
  type Jurisdiction,
  type JurisdictionSortField,
} from '@backoffice/contracts';
import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { useJurisdictions } from '../api/list-jurisdictions';

export function JurisdictionsListPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [query, setQuery] = useListParams(jurisdictionListQuerySchema);
  const { data, error, isPending, refetch } = useJurisdictions(query);
  const canChange = useCan()('adjustGameLaunchParameters');

  const columns: Column<Jurisdiction, JurisdictionSortField>[] = [
    {
      key: 'name',
      header: t('jurisdictions.fields.name'),
      sortField: 'name',
      render: (row) => (
        <Anchor component={Link} to={paths.jurisdictions.detail(row.id)} onClick={(e) => e.stopPropagation()}>
          {row.name}
        </Anchor>
      ),
    },
    {
      key: 'updatedAt',
      header: t('common.updatedAt'),
      sortField: 'updatedAt',
      render: (row) => formatDateTime(row.updatedAt, language),
    },
  ];

  return (
    <>
      <PageHeader
        actions={
          canChange && (
            <Button component={Link} to={paths.jurisdictions.create}>
              {t('common.create')}
            </Button>
          )
        }
      />
      <Group mb="md">
        <SearchInput
          label={t('common.search')}
          placeholder={t('jurisdictions.searchPlaceholder')}
          value={query.q}
          onSearch={(q) => setQuery({ q })}
        />
      </Group>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      <DataTable
        columns={columns}
        rows={data?.items}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(row) => row.id}
        onRowClick={(row) => navigate(paths.jurisdictions.detail(row.id))}
        loading={isPending}
      />
    </>
  );
}
