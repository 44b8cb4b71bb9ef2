import { MAX_REPORT_DAYS } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultRange,
  filterProblem,
  parseReportParams,
  reportApiQuery,
  reportLink,
  reportSearch,
} from './report-params';

const NOW = new Date('2025-03-15T23:30:00Z');
const parse = (search: string) => parseReportParams(new URLSearchParams(search), NOW);

describe('report filters in the URL', () => {
  it('cover the last 30 UTC days up to today by default, with nothing else chosen', () => {
    expect(defaultRange(NOW)).toEqual({ from: '2025-02-14', to: '2025-03-15' });
    expect(parse('')).toEqual({
      from: '2025-02-14',
      to: '2025-03-15',
      casinoIds: [],
      integrationIds: [],
      gameIds: [],
      currency: undefined,
      sort: undefined,
      order: 'asc',
    });
  });

  it('reads every filter', () => {
    expect(
      parse(
        'from=2025-01-01&to=2025-01-31&casinoIds=casino-de,casino-mt&integrationIds=acme&gameIds=a.b_c&currency=usd&sort=ggr&order=desc',
      ),
    ).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      casinoIds: ['casino-de', 'casino-mt'],
      integrationIds: ['acme'],
      gameIds: ['a.b_c'],
      currency: 'USD',
      sort: 'ggr',
      order: 'desc',
    });
  });

  it('falls back to the default for what does not fit, and drops ids that cannot be ids', () => {
    expect(parse('from=2025-02-30&to=yesterday&casinoIds=ok,,bad id,-x,ok&currency=EURO&order=up')).toEqual({
      ...parse(''),
      casinoIds: ['ok'],
    });
  });

  it('writes only what differs from the defaults, so a link without dates means the last 30 days', () => {
    expect(reportSearch(parse(''), NOW)).toBe('');
    expect(reportSearch({ ...parse(''), casinoIds: ['a', 'b'], currency: 'USD' }, NOW)).toBe(
      '?casinoIds=a%2Cb&currency=USD',
    );
    expect(reportSearch({ ...parse(''), from: '2025-03-01' }, NOW)).toBe('?from=2025-03-01&to=2025-03-15');
    expect(reportSearch({ ...parse(''), sort: 'ggr', order: 'desc' }, NOW)).toBe('?sort=ggr&order=desc');
    expect(reportSearch({ ...parse(''), sort: 'casino', order: 'asc' }, NOW)).toBe('?sort=casino');
  });

  it('links another report with the same filters, the patch applied and the sort left behind', () => {
    const params = parse('from=2025-03-01&to=2025-03-10&gameIds=g1&sort=ggr&order=desc');
    expect(reportLink('/reporting/game-performance-report', params, { casinoIds: ['casino-de'] })).toBe(
      '/reporting/game-performance-report?from=2025-03-01&to=2025-03-10&casinoIds=casino-de&gameIds=g1',
    );
  });

  it('asks the server with comma-separated lists and without the sort', () => {
    expect(reportApiQuery(parse('casinoIds=a,b&currency=CHF&sort=ggr'))).toEqual({
      from: '2025-02-14',
      to: '2025-03-15',
      casinoIds: 'a,b',
      integrationIds: undefined,
      gameIds: undefined,
      currency: 'CHF',
    });
  });

  it('names a range the server would refuse: backwards, or too long', () => {
    expect(filterProblem({ from: '2025-03-02', to: '2025-03-01' })).toBe('toBeforeFrom');
    expect(filterProblem({ from: '2025-03-01', to: '2025-03-01' })).toBeNull();
    const last = new Date(Date.parse('2022-01-01') + (MAX_REPORT_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const over = new Date(Date.parse('2022-01-01') + MAX_REPORT_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(filterProblem({ from: '2022-01-01', to: last })).toBeNull();
    expect(filterProblem({ from: '2022-01-01', to: over })).toBe('rangeTooLong');
  });
});
