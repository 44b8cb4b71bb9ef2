/** A server-paginated, sortable table; the caller owns the query (usually kept in the URL). */
import {
  Group,
  Pagination,
  Select,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { PAGE_SIZES, type ListQuery } from '@backoffice/contracts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from './list-state';
import { TableScroll } from './table-scroll';

export interface Column<Row, Field extends string> {
  key: string;
  header: string;
  /** The header is read out but not shown: a column of buttons, whose labels say what they do. */
  headerHidden?: boolean;
  /** The server-side sort field, when the column can sort. */
  sortField?: Field;
  render: (row: Row) => ReactNode;
}

interface DataTableProps<Row, Field extends string> {
  columns: Column<Row, Field>[];
  rows: Row[] | undefined;
  total: number;
  /** More rows match than `total` (the server counts up to a limit). */
  totalCapped?: boolean | undefined;
  query: ListQuery<Field>;
  onQueryChange: (patch: Partial<ListQuery<Field>>) => void;
  rowKey: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  /** Rows are on their way: the first page (skeleton rows), or the next one while this one stays shown. */
  loading?: boolean;
  /** What an empty table says (default "No entries found."), with what to do next. */
  empty?: ReactNode;
}

/** How many skeleton rows stand in for the first page while it loads. */
const SKELETON_ROWS = 5;

/** A table row that opens its record when clicked (when `onOpen` is given). */
export function OpenableRow({
  onOpen,
  selected,
  children,
}: {
  onOpen?: (() => void) | undefined;
  selected?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <Table.Tr onClick={onOpen} style={onOpen && { cursor: 'pointer' }} aria-selected={selected}>
      {children}
    </Table.Tr>
  );
}

/** Grey bars in the shape of the table's rows, standing in for the first page while it loads. */
function SkeletonRows({ columns, label }: { columns: number; label: string }) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <Table.Tr key={row} data-testid="skeleton-row" aria-label={row === 0 ? label : undefined}>
      {Array.from({ length: columns }, (_, column) => (
        <Table.Td key={column}>
          <Skeleton height={14} radius="sm" width={column === 0 ? '70%' : '50%'} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

function sortIndicator(active: boolean, order: 'asc' | 'desc') {
  if (!active) return '↕';
  return order === 'asc' ? '▲' : '▼';
}

export function DataTable<Row, Field extends string>(props: DataTableProps<Row, Field>) {
  const { columns, rows, total, totalCapped, query, onQueryChange, rowKey, onRowClick, loading, empty } =
    props;
  const { t } = useTranslation();
  // Before the first page arrives there is no count yet: the table shows skeleton rows, not "0 entries".
  const firstLoad = !!loading && !rows;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const pageSizes = [...new Set([...PAGE_SIZES, query.pageSize])].sort((a, b) => a - b).map(String);

  // A page past the end (an old link, or the last row of the last page deleted): go to the last page.
  const pastTheEnd = rows !== undefined && rows.length === 0 && total > 0 && query.page > pages;
  useEffect(() => {
    if (pastTheEnd) onQueryChange({ page: pages });
  }, [pastTheEnd, pages, onQueryChange]);

  return (
    <>
      <TableScroll minWidth={500}>
        <Table highlightOnHover={!!onRowClick} striped verticalSpacing="xs" aria-busy={!!loading}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const field = column.sortField;
                const active = field !== undefined && query.sort === field;
                return (
                  <Table.Th
                    key={column.key}
                    aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {field ? (
                      <UnstyledButton
                        fw={600}
                        fz="sm"
                        aria-label={t('common.sortBy', { column: column.header })}
                        onClick={() =>
                          onQueryChange({
                            sort: field,
                            order: active && query.order === 'asc' ? 'desc' : 'asc',
                          })
                        }
                      >
                        {column.header}{' '}
                        <Text span c={active ? undefined : 'dimmed'}>
                          {sortIndicator(active, query.order)}
                        </Text>
                      </UnstyledButton>
                    ) : column.headerHidden ? (
                      <VisuallyHidden>{column.header}</VisuallyHidden>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {firstLoad && <SkeletonRows columns={columns.length} label={t('common.loading')} />}
            {rows?.map((row) => (
              <OpenableRow key={rowKey(row)} onOpen={onRowClick && (() => onRowClick(row))}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </OpenableRow>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ListState loading={false} rows={rows} emptyText={t('common.noEntries')} empty={empty} />
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="list-total">
          {!firstLoad && t(totalCapped ? 'common.entriesMoreThan' : 'common.entries', { count: total })}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t('common.pageSize')}
            w={90}
            size="xs"
            data={pageSizes}
            value={String(query.pageSize)}
            allowDeselect={false}
            onChange={(value) => value && onQueryChange({ pageSize: Number(value) })}
          />
          <Pagination
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
            total={pages}
            value={Math.min(query.page, pages)}
            onChange={(page) => onQueryChange({ page })}
          />
        </Group>
      </Group>
    </>
  );
}
