/**
 * The frame of every list screen: Create (for those who may), search, optional filters, and the
 * server-paginated table whose state lives in the URL.
 */
import type { ListQuery, Page } from '@backoffice/contracts';
import { Button, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useListParams, type ListSchema } from '../lib/list-params';
import { DataTable, type Column } from './data-table';
import { ErrorAlert } from './error-alert';
import { PageHeader } from './page-header';
import { SearchInput } from './search-input';

export interface ListScreenProps<S extends ListSchema, Row> {
  schema: S;
  useList: (query: ListQueryOf<S>) => UseQueryResult<Page<Row>>;
  columns: Column<Row, SortFieldOf<S>>[];
  rowKey: (row: Row) => string;
  /** Where a click on a row leads; rows of records without a screen of their own do not open. */
  detailPath?: ((row: Row) => string) | undefined;
  /** Shown to those who may create. */
  createPath?: string | undefined;
  /** The create button's label (default "Create"; an area that adds says "Add"). */
  createLabel?: string | undefined;
  searchPlaceholder: string;
  /** Extra filter inputs next to the search; they patch the query like the search does. */
  filters?: (query: ListQueryOf<S>, setQuery: (patch: Partial<ListQueryOf<S>>) => void) => ReactNode;
}

type ListQueryOf<S extends ListSchema> = z.output<S>;
type SortFieldOf<S extends ListSchema> = ListQueryOf<S>['sort'] & string;

export function ListScreen<S extends ListSchema, Row>({
  schema,
  useList,
  columns,
  rowKey,
  detailPath,
  createPath,
  createLabel,
  searchPlaceholder,
  filters,
}: ListScreenProps<S, Row>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useListParams(schema);
  const { data, error, isPending, refetch } = useList(query);

  return (
    <>
      <PageHeader
        actions={
          createPath && (
            <Button component={Link} to={createPath}>
              {createLabel ?? t('common.create')}
            </Button>
          )
        }
      />
      <Group mb="md" align="flex-end">
        <SearchInput
          label={t('common.search')}
          placeholder={searchPlaceholder}
          value={query.q}
          onSearch={(q) => setQuery({ q } as Partial<ListQueryOf<S>>)}
        />
        {filters?.(query, setQuery)}
      </Group>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      <DataTable
        columns={columns}
        rows={data?.items}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        query={query as ListQuery<SortFieldOf<S>>}
        onQueryChange={setQuery as (patch: Partial<ListQuery<SortFieldOf<S>>>) => void}
        rowKey={rowKey}
        onRowClick={detailPath && ((row: Row) => navigate(detailPath(row)))}
        loading={isPending}
      />
    </>
  );
}
