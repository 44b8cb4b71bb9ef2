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
import { EmptyState } from './list-state';
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
  /** What an empty list says when nothing is searched or filtered (default "No entries yet."). */
  emptyText?: string | undefined;
  /** The empty list's create button, for those who may create (default "Create the first entry"). */
  createFirstLabel?: string | undefined;
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
  emptyText,
  createFirstLabel,
  searchPlaceholder,
  filters,
}: ListScreenProps<S, Row>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useListParams(schema);
  const { data, error, isPending, isPlaceholderData, refetch } = useList(query);
  const narrowing = narrowingKeys(schema, query);

  const empty = narrowing.length ? (
    <EmptyState
      message={t('common.noMatches')}
      action={
        <Button
          variant="default"
          onClick={() =>
            setQuery(Object.fromEntries(narrowing.map((key) => [key, undefined])) as Partial<ListQueryOf<S>>)
          }
        >
          {t('common.clearFilters')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      message={emptyText ?? t('common.emptyList')}
      action={
        createPath && (
          <Button component={Link} to={createPath}>
            {createFirstLabel ?? t('common.createFirst')}
          </Button>
        )
      }
    />
  );

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
        // The first page shows skeleton rows; a next page keeps this one on screen, marked busy.
        loading={isPending || isPlaceholderData}
        empty={empty}
      />
    </>
  );
}

/** The keys of the list's query that narrow it (a search or a filter) and differ from their default. */
function narrowingKeys<S extends ListSchema>(schema: S, query: ListQueryOf<S>): string[] {
  const defaults = schema.parse({}) as Record<string, unknown>;
  return Object.entries(query as Record<string, unknown>)
    .filter(([key, value]) => !PAGING_KEYS.has(key) && value !== undefined && value !== '')
    .filter(([key, value]) => value !== defaults[key])
    .map(([key]) => key);
}

const PAGING_KEYS = new Set(['page', 'pageSize', 'sort', 'order']);
