import type { Language, ListQuery } from '@backoffice/contracts';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DataTable, type Column } from './data-table';

interface Row {
  id: string;
  name: string;
  country: string;
}
type Field = 'name' | 'updatedAt';

const rows: Row[] = [
  { id: '1', name: 'Gibraltar', country: 'GI' },
  { id: '2', name: 'Malta', country: 'MT' },
];

const columns: Column<Row, Field>[] = [
  { key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name },
  { key: 'changed', header: 'Geändert', sortField: 'updatedAt', render: () => '—' },
  { key: 'country', header: 'Land', render: (row) => row.country },
];

const baseQuery: ListQuery<Field> = { page: 1, pageSize: 20, sort: 'name', order: 'asc' };

async function renderTable(
  options: {
    rows?: Row[] | undefined;
    total?: number;
    totalCapped?: boolean;
    query?: Partial<ListQuery<Field>>;
    language?: Language;
    loading?: boolean;
    empty?: ReactNode;
    onRowClick?: (row: Row) => void;
  } = {},
) {
  const onQueryChange = vi.fn();
  const rendered = await renderWithProviders(
    <DataTable
      columns={columns}
      rows={'rows' in options ? options.rows : rows}
      total={options.total ?? 2}
      totalCapped={options.totalCapped}
      query={{ ...baseQuery, ...options.query }}
      onQueryChange={onQueryChange}
      rowKey={(row) => row.id}
      onRowClick={options.onRowClick}
      loading={options.loading}
      empty={options.empty}
    />,
    { language: options.language ?? 'de' },
  );
  return { ...rendered, onQueryChange };
}

/** The body rows' cell texts. */
function bodyCells(): string[][] {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

const columnHeader = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('DataTable', () => {
  it('renders one row per item with the cells of each column', async () => {
    await renderTable();
    expect(bodyCells()).toEqual([
      ['Gibraltar', '—', 'GI'],
      ['Malta', '—', 'MT'],
    ]);
  });

  it('sorts ascending by a column that is not active', async () => {
    const { user, onQueryChange } = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Nach Geändert sortieren' }));
    expect(onQueryChange).toHaveBeenCalledTimes(1);
    expect(onQueryChange).toHaveBeenCalledWith({ sort: 'updatedAt', order: 'asc' });
  });

  it('toggles to descending when the active column is already ascending', async () => {
    const { user, onQueryChange } = await renderTable({ query: { sort: 'name', order: 'asc' } });
    await user.click(screen.getByRole('button', { name: 'Nach Name sortieren' }));
    expect(onQueryChange).toHaveBeenCalledWith({ sort: 'name', order: 'desc' });
  });

  it('toggles back to ascending when the active column is descending', async () => {
    const { user, onQueryChange } = await renderTable({ query: { sort: 'name', order: 'desc' } });
    await user.click(screen.getByRole('button', { name: 'Nach Name sortieren' }));
    expect(onQueryChange).toHaveBeenCalledWith({ sort: 'name', order: 'asc' });
  });

  it('marks only the active sort column with aria-sort', async () => {
    await renderTable({ query: { sort: 'updatedAt', order: 'desc' } });
    expect(columnHeader('Geändert').getAttribute('aria-sort')).toBe('descending');
    expect(columnHeader('Name').hasAttribute('aria-sort')).toBe(false);
    expect(columnHeader('Land').hasAttribute('aria-sort')).toBe(false);
  });

  it('says ascending in aria-sort for an ascending sort', async () => {
    await renderTable({ query: { sort: 'name', order: 'asc' } });
    expect(columnHeader('Name').getAttribute('aria-sort')).toBe('ascending');
  });

  it('offers no sort button for a column without a sort field', async () => {
    await renderTable();
    expect(within(columnHeader('Land')).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: /sortieren/ })).toHaveLength(2);
  });

  it('says so when there are no entries (German)', async () => {
    await renderTable({ rows: [], total: 0 });
    expect(screen.getByText('Keine Einträge gefunden.')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('0 Einträge');
  });

  it('says so when there are no entries (English)', async () => {
    await renderTable({ rows: [], total: 0, language: 'en' });
    expect(screen.getByText('No entries found.')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('0 entries');
  });

  it('shows skeleton rows while the first page loads, marked busy, without a "0" count', async () => {
    await renderTable({ rows: undefined, total: 0, loading: true });
    expect(screen.queryByText('Keine Einträge gefunden.')).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.getByTestId('list-total').textContent).toBe('');
  });

  it('keeps the current rows on screen while the next page loads, marked busy', async () => {
    await renderTable({ total: 45, loading: true });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(bodyCells()).toHaveLength(2);
    expect(screen.getByTestId('list-total').textContent).toBe('45 Einträge');
  });

  it('shows what to do next under an empty table, when given', async () => {
    await renderTable({ rows: [], total: 0, empty: <button type="button">Anlegen</button> });
    expect(screen.getByRole('button', { name: 'Anlegen' })).toBeTruthy();
    expect(screen.queryByText('Keine Einträge gefunden.')).toBeNull();
  });

  it.each([
    ['de', 1, '1 Eintrag'],
    ['de', 45, '45 Einträge'],
    ['en', 1, '1 entry'],
    ['en', 45, '45 entries'],
  ] as const)('shows the total count (%s, %i)', async (language, total, text) => {
    await renderTable({ total, language });
    expect(screen.getByTestId('list-total').textContent).toBe(text);
  });

  it.each([
    ['de', 'Mehr als 1000 Einträge – grenzen Sie die Suche ein'],
    ['en', 'More than 1000 entries – narrow the search'],
  ] as const)(
    'says when more match than were counted (%s), with pages up to the count',
    async (language, text) => {
      await renderTable({ total: 1000, totalCapped: true, language });
      expect(screen.getByTestId('list-total').textContent).toBe(text);
      expect(screen.getByRole('button', { name: '50' })).toBeTruthy();
    },
  );

  it('offers one page button per page and asks for the clicked page', async () => {
    const { user, onQueryChange } = await renderTable({ total: 45 });
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(onQueryChange).toHaveBeenCalledTimes(1);
    expect(onQueryChange).toHaveBeenCalledWith({ page: 2 });
  });

  it('marks the current page as the active one', async () => {
    await renderTable({ total: 45, query: { page: 2 } });
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: '1' }).hasAttribute('aria-current')).toBe(false);
  });

  it('asks for another page size when one is picked', async () => {
    const { user, onQueryChange } = await renderTable({ total: 45 });
    await user.click(screen.getByRole('combobox', { name: 'Pro Seite' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(onQueryChange).toHaveBeenCalledWith({ pageSize: 50 });
  });

  it('calls onRowClick with the clicked row', async () => {
    const onRowClick = vi.fn();
    const { user } = await renderTable({ onRowClick });
    await user.click(screen.getByText('Malta'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });
});

describe('DataTable: a page past the end', () => {
  it('moves to the last page when the current page has no rows but the list has some', async () => {
    const { onQueryChange } = await renderTable({ rows: [], total: 3, query: { page: 5, pageSize: 2 } });
    expect(onQueryChange).toHaveBeenCalledWith({ page: 2 });
  });

  it('stays put on an empty list', async () => {
    const { onQueryChange } = await renderTable({ rows: [], total: 0, query: { page: 1 } });
    expect(onQueryChange).not.toHaveBeenCalled();
  });

  it('offers a page size from the URL that is not one of the presets', async () => {
    await renderTable({ query: { pageSize: 15 } });
    expect(screen.getByRole('combobox', { name: 'Pro Seite' })).toHaveProperty('value', '15');
  });
});
