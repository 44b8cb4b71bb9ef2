/**
 * What the in-memory stand-ins for the server's APIs share: the requests the app sent, recorded in order;
 * `install`, which stubs `fetch` with the fake's own `handle`; and for a fake that keeps records, their
 * ids, the instants of a clock that moves a minute at each write, and the pages of a list.
 */
import type { Page } from '@backoffice/contracts';
import { stubFetch, type RecordedRequest } from './fetch';

/** The instant `minute` minutes after the fakes' epoch (2025-01-01 12:00 UTC). */
export function timestamp(minute: number): string {
  return new Date(Date.UTC(2025, 0, 1, 12, minute)).toISOString();
}

/** The `n`-th uuid a fake hands out. */
export function fakeUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** The page of `matching` a list request asks for (`page`, `pageSize`; 1 and 20 unless given). */
export function pageOf<Item>(matching: Item[], params: URLSearchParams): Page<Item> {
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 20);
  return {
    items: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    totalCapped: false,
    page,
    pageSize,
  };
}

/** A sortable text of a field's value: numbers padded so that they sort as numbers. */
function sortValue(value: unknown): string {
  return typeof value === 'number' ? value.toFixed(2).padStart(16, '0') : String(value ?? '');
}

/**
 * The page a configuration list asks for: `q` matches any of a record's `searched` texts; `sort` orders by
 * that field (or by its key in `sorts`), else by `defaultSort`; `order=desc` reverses.
 */
export function searchedPage<T>(
  params: URLSearchParams,
  records: T[],
  searched: (record: T) => string[],
  defaultSort: (record: T) => string,
  sorts: Record<string, (record: T) => string> = {},
): Page<T> {
  const sort = params.get('sort');
  const direction = params.get('order') === 'desc' ? -1 : 1;
  const q = params.get('q')?.toLowerCase();
  const byField = (field: string) => (record: T) => sortValue((record as Record<string, unknown>)[field]);
  const key = sort ? (sorts[sort] ?? byField(sort)) : defaultSort;
  const matching = records
    .filter((record) => !q || searched(record).some((text) => text.toLowerCase().includes(q)))
    .sort((a, b) => key(a).localeCompare(key(b)) * direction);
  return pageOf(matching, params);
}

export abstract class FakeApi {
  readonly requests: RecordedRequest[] = [];
  private clock = 0;
  private ids = 0;

  /** The recorded requests of one method (e.g. every POST the UI sent). */
  sent(method: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method);
  }

  install() {
    return stubFetch((request) => {
      this.requests.push(request);
      return this.handle(request);
    });
  }

  /** The answer to a request the app sent. */
  protected abstract handle(request: RecordedRequest): Response;

  /** The next record's uuid. */
  protected newId(): string {
    return fakeUuid(++this.ids);
  }

  /** The clock's instant; the next write is a minute later. */
  protected tick(): string {
    return timestamp(this.clock++);
  }
}
