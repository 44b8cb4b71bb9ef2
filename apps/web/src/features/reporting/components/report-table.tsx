/**
 * A report's rows, all on one page (a report answers whole): sortable by any figure (in the browser, so
 * the CSV export saves the same order; the sort lives in the URL), each row unfolding its figures by
 * original currency, with a totals line.
 */
import type { CurrencyFigures } from '@backoffice/contracts';
import { Button, Table, Text, UnstyledButton } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../api/report-params';
import { CurrencyFiguresTable } from './currency-figures-table';
import { TableScroll } from '../../../components/table-scroll';
import classes from './report-table.module.css';

export interface ReportColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: Row) => number | string | null;
  /** Figures are right-aligned. */
  numeric?: boolean;
  /** The column's cell in the totals line. */
  total?: ReactNode;
}

interface ReportTableProps<Row> {
  /** Names the table for assistive technology (and tests). */
  label: string;
  columns: ReportColumn<Row>[];
  /** In the order to show (see `sortedRows`). */
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Names a row in the "by currency" button. */
  rowLabel: (row: Row) => string;
  byCurrency: (row: Row) => CurrencyFigures[];
  sort: string | undefined;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
  /** The totals line's figures by currency; without it there is no totals line. */
  totalsByCurrency?: CurrencyFigures[];
}

function compare(a: number | string | null, b: number | string | null): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** The rows in the order of the sort column; rows without a value come last either way. */
export function sortedRows<Row>(
  rows: readonly Row[],
  columns: readonly ReportColumn<Row>[],
  sort: string | undefined,
  order: SortOrder,
): Row[] {
  const value = columns.find((column) => column.key === sort)?.sortValue;
  if (!value) return [...rows];
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((left, right) => {
    const a = value(left);
    const b = value(right);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return compare(a, b) * direction;
  });
}

const sortIndicator = (active: boolean, order: SortOrder) => (!active ? '↕' : order === 'asc' ? '▲' : '▼');

export function ReportTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  byCurrency,
  sort,
  order,
  onSort,
  totalsByCurrency,
}: ReportTableProps<Row>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const sortColumn = columns.find((column) => column.key === sort && column.sortValue);
  const span = columns.length + 1;

  const currencyButton = (key: string, name: string, figures: CurrencyFigures[]) => (
    <Button
      size="compact-xs"
      variant="subtle"
      aria-expanded={open.has(key)}
      // The label starts with what the button shows, then says whose figures it opens.
      aria-label={`${t('reports.byCurrency.count', { count: figures.length })} – ${t('reports.byCurrency.toggle', { name })}`}
      onClick={() => toggle(key)}
    >
      <span aria-hidden>{open.has(key) ? '▾' : '▸'}</span>&nbsp;
      {t('reports.byCurrency.count', { count: figures.length })}
    </Button>
  );

  const currencyRow = (key: string, name: string, figures: CurrencyFigures[]) =>
    open.has(key) && (
      <Table.Tr>
        <Table.Td colSpan={span} bg="var(--mantine-color-gray-light)">
          <CurrencyFiguresTable figures={figures} label={t('reports.byCurrency.tableLabel', { name })} />
        </Table.Td>
      </Table.Tr>
    );

  return (
    <TableScroll minWidth={700}>
      <Table striped verticalSpacing="xs" horizontalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const active = sortColumn?.key === column.key;
              return (
                <Table.Th
                  key={column.key}
                  className={column === columns[0] ? classes.first : undefined}
                  ta={column.numeric ? 'right' : undefined}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortValue ? (
                    <UnstyledButton
                      fw={600}
                      fz="sm"
                      style={{ whiteSpace: 'nowrap' }}
                      aria-label={t('common.sortBy', { column: column.header })}
                      // Figures first sort from the largest down; names from A.
                      onClick={() =>
                        onSort(
                          column.key,
                          active ? (order === 'asc' ? 'desc' : 'asc') : column.numeric ? 'desc' : 'asc',
                        )
                      }
                    >
                      {column.header}{' '}
                      <Text span c={active ? undefined : 'dimmed'}>
                        {sortIndicator(active, order)}
                      </Text>
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
            <Table.Th>{t('reports.byCurrency.header')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const name = rowLabel(row);
            return (
              <Fragment key={key}>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      className={column === columns[0] ? classes.first : undefined}
                      ta={column.numeric ? 'right' : undefined}
                      style={column.numeric ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.render(row)}
                    </Table.Td>
                  ))}
                  <Table.Td>{currencyButton(key, name, byCurrency(row))}</Table.Td>
                </Table.Tr>
                {currencyRow(key, name, byCurrency(row))}
              </Fragment>
            );
          })}
        </Table.Tbody>
        {totalsByCurrency && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {columns.map((column, index) => (
                <Table.Td
                  key={column.key}
                  className={index === 0 ? classes.first : undefined}
                  ta={column.numeric ? 'right' : undefined}
                >
                  {index === 0 ? t('reports.fields.total') : column.total}
                </Table.Td>
              ))}
              <Table.Td>
                {currencyButton('\u0000totals', t('reports.fields.total'), totalsByCurrency)}
              </Table.Td>
            </Table.Tr>
            {currencyRow('\u0000totals', t('reports.fields.total'), totalsByCurrency)}
          </Table.Tfoot>
        )}
      </Table>
    </TableScroll>
  );
}
