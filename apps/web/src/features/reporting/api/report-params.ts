/**
 * The filters of the money reports (date range, casinos, integrations, games, currency) and the table's
 * sort, kept in the URL's query string: a report link shows the same report to whoever opens it. Without
 * dates in the URL a report covers the last 30 days (UTC days, as the reports count them), so a saved
 * link without dates always means "the last 30 days".
 */
import { codeIdSchema, currencyCodePattern, MAX_REPORT_DAYS } from '@backoffice/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isIsoDate } from '../../../components/inputs/date-input';

export const DEFAULT_REPORT_DAYS = 30;

export type SortOrder = 'asc' | 'desc';

export interface ReportParams {
  /** First and last day (UTC, both included), `yyyy-MM-dd`. */
  from: string;
  to: string;
  casinoIds: string[];
  integrationIds: string[];
  gameIds: string[];
  currency: string | undefined;
  /** The column the table is sorted by (each report knows its own); none keeps the server's order. */
  sort: string | undefined;
  order: SortOrder;
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last 30 days up to today (UTC). */
export function defaultRange(now: Date = new Date()): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: isoDay(today - (DEFAULT_REPORT_DAYS - 1) * DAY_MS), to: isoDay(today) };
}

function idsOf(value: string | null): string[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => codeIdSchema.safeParse(id).success);
  return [...new Set(ids)];
}

/** Reads the filters from URL parameters; one that does not fit falls back to its default. */
export function parseReportParams(params: URLSearchParams, now: Date = new Date()): ReportParams {
  const range = defaultRange(now);
  const from = params.get('from');
  const to = params.get('to');
  const currency = params.get('currency')?.toUpperCase();
  const sort = params.get('sort');
  return {
    from: isIsoDate(from) ? from : range.from,
    to: isIsoDate(to) ? to : range.to,
    casinoIds: idsOf(params.get('casinoIds')),
    integrationIds: idsOf(params.get('integrationIds')),
    gameIds: idsOf(params.get('gameIds')),
    currency: currency && currencyCodePattern.test(currency) ? currency : undefined,
    sort: sort && /^\w{1,40}$/.test(sort) ? sort : undefined,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The query string of the filters, leaving out what is the default (the last 30 days, nothing chosen). */
export function reportSearch(params: Partial<ReportParams>, now: Date = new Date()): string {
  const range = defaultRange(now);
  const search = new URLSearchParams();
  const dated = params.from !== range.from || params.to !== range.to;
  if (dated && params.from) search.set('from', params.from);
  if (dated && params.to) search.set('to', params.to);
  for (const key of ['casinoIds', 'integrationIds', 'gameIds'] as const) {
    const ids = params[key];
    if (ids && ids.length > 0) search.set(key, ids.join(','));
  }
  if (params.currency) search.set('currency', params.currency);
  if (params.sort) {
    search.set('sort', params.sort);
    if (params.order === 'desc') search.set('order', 'desc');
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A link to another report with the same filters, changed by `patch` (a drill-down: the casino's games).
 * The sort is left behind: each report sorts by its own columns.
 */
export function reportLink(path: string, params: ReportParams, patch: Partial<ReportParams> = {}): string {
  return path + reportSearch({ ...params, sort: undefined, ...patch });
}

export type FilterProblem = 'toBeforeFrom' | 'rangeTooLong';

/** What keeps the filters from being asked at all (the server would refuse them too). */
export function filterProblem({ from, to }: Pick<ReportParams, 'from' | 'to'>): FilterProblem | null {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) return 'toBeforeFrom';
  if (days >= MAX_REPORT_DAYS) return 'rangeTooLong';
  return null;
}

/** The query string parameters of a report call (the sort stays in the browser). */
export function reportApiQuery(params: ReportParams): Record<string, string | undefined> {
  const list = (ids: string[]) => (ids.length > 0 ? ids.join(',') : undefined);
  return {
    from: params.from,
    to: params.to,
    casinoIds: list(params.casinoIds),
    integrationIds: list(params.integrationIds),
    gameIds: list(params.gameIds),
    currency: params.currency,
  };
}

export function useReportParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseReportParams(searchParams), [searchParams]);
  const update = useCallback(
    (patch: Partial<ReportParams>) =>
      setSearchParams(new URLSearchParams(reportSearch({ ...params, ...patch }))),
    [params, setSearchParams],
  );
  return [params, update] as const;
}
