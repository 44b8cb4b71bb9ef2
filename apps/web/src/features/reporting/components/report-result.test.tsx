import { screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ReportResult } from './report-result';

/**
 * A report of the figures "figures": `stale` when they are the last filters' while the next load. Answers
 * the element marked busy or not (the report's frame).
 */
async function renderReport(stale: boolean, language: 'de' | 'en') {
  // What ReportResult reads of a query: its data, its error, and whether the data is the last filters'.
  const query = { data: 'figures', error: null, isPlaceholderData: stale, refetch: () => undefined };
  await renderWithProviders(
    <ReportResult query={query as unknown as UseQueryResult<string>} problem={null}>
      {(data) => <p>{data}</p>}
    </ReportResult>,
    { language },
  );
  return screen.getByText('figures').closest<HTMLElement>('[aria-busy]')!;
}

describe('ReportResult', () => {
  it('says that a report is being updated while the next filters load, its figures at full contrast', async () => {
    const report = await renderReport(true, 'en');
    expect(screen.getByRole('status').textContent).toBe('Updating the report…');
    expect(report.getAttribute('aria-busy')).toBe('true');
    // Dimmed text fell below WCAG's 4.5:1 (axe, e2e/accessibility.e2e.ts).
    expect(report.style.opacity).toBe('');
  });

  it('shows the report alone once its answer is the filters’ own', async () => {
    const report = await renderReport(false, 'de');
    expect(screen.queryByRole('status')).toBeNull();
    expect(report.getAttribute('aria-busy')).toBe('false');
  });
});
