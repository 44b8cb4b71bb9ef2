import { screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ReportResult } from './report-result';

/** What ReportResult reads of a query: its data, its error, and whether the data is the last filters'. */
const queryOf = (data: string | undefined, isPlaceholderData: boolean) =>
  ({ data, error: null, isPlaceholderData, refetch: () => undefined }) as unknown as UseQueryResult<string>;

describe('ReportResult', () => {
  it('says that a report is being updated while the next filters load, its figures at full contrast', async () => {
    await renderWithProviders(
      <ReportResult query={queryOf('figures', true)} problem={null}>
        {(data) => <p>{data}</p>}
      </ReportResult>,
      { language: 'en' },
    );
    expect(screen.getByRole('status').textContent).toBe('Updating the report…');
    const report = screen.getByText('figures').closest('[aria-busy]')!;
    expect(report.getAttribute('aria-busy')).toBe('true');
    // Dimmed text fell below WCAG's 4.5:1 (axe, e2e/accessibility.e2e.ts).
    expect((report as HTMLElement).style.opacity).toBe('');
  });

  it('shows the report alone once its answer is the filters’ own', async () => {
    await renderWithProviders(
      <ReportResult query={queryOf('figures', false)} problem={null}>
        {(data) => <p>{data}</p>}
      </ReportResult>,
      { language: 'de' },
    );
    expect(screen.getByText('figures')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('figures').closest('[aria-busy]')!.getAttribute('aria-busy')).toBe('false');
  });
});
