/** Reading what a screen's tables show, as text. */
import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** Text with the no-break spaces of Intl as plain spaces. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The body rows of a table as their cells' text. */
export function rowsOf(table: HTMLElement): string[][] {
  return within(table.querySelector('tbody')!)
    .queryAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    );
}

/** A table of fields (a header and a value a row) as field → shown text. */
export function fieldsOf(table: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        plain(within(row).getByRole('rowheader').textContent),
        plain(within(row).getByRole('cell').textContent),
      ]),
  );
}

/** Waits until the table (found anew each time) shows `count` body rows; returns them. */
export function waitForRows(table: () => HTMLElement, count: number): Promise<string[][]> {
  return waitFor(() => {
    const rows = rowsOf(table());
    expect(rows).toHaveLength(count);
    return rows;
  });
}
