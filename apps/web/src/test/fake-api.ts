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
