/**
 * An in-memory stand-in for /api/significant-events: the list (newest first, from/to, q on reason and
 * component, pages) and recording one (400 VALIDATION_FAILED without a reason, as the server answers).
 */
import { errorCatalogue, type Page, type SignificantEvent } from '@backoffice/contracts';
import { pageOf } from './fake-api';
import { jsonResponse, stubFetch, type RecordedRequest } from './fetch';

const BASE = '/api/significant-events';

export class FakeSignificantEventsApi {
  readonly events: SignificantEvent[] = [];
  readonly requests: RecordedRequest[] = [];

  add(event: Partial<SignificantEvent> & { reason: string; happenedAt: string }): SignificantEvent {
    const stored: SignificantEvent = {
      id: `00000000-0000-4000-8000-${String(this.events.length + 1).padStart(12, '0')}`,
      component: null,
      user: null,
      beforeValue: null,
      afterValue: null,
      createdAt: '2025-03-10T08:00:00.000Z',
      createdBy: 'accountant',
      ...event,
    };
    this.events.push(stored);
    return stored;
  }

  listRequests(): Record<string, string>[] {
    return this.requests
      .filter((request) => request.method === 'GET' && request.url.pathname === BASE)
      .map((request) => Object.fromEntries(request.url.searchParams));
  }

  posted(): unknown[] {
    return this.requests.filter((request) => request.method === 'POST').map((request) => request.body);
  }

  install() {
    return stubFetch((request) => {
      this.requests.push(request);
      if (request.url.pathname !== BASE)
        return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 });
      if (request.method === 'POST') return this.create(request.body as Record<string, string | null>);
      return jsonResponse(200, this.list(request.url.searchParams));
    });
  }

  private create(body: Record<string, string | null>): Response {
    if (!body.reason?.trim() || !body.happenedAt) {
      const { status, messages } = errorCatalogue.VALIDATION_FAILED;
      return jsonResponse(status, { statusCode: status, code: 'VALIDATION_FAILED', message: messages.en });
    }
    const orNull = (text: string | null | undefined) => text?.trim() || null;
    const created = this.add({
      happenedAt: new Date(body.happenedAt).toISOString(),
      reason: body.reason.trim(),
      component: orNull(body.component),
      user: orNull(body.user),
      beforeValue: orNull(body.beforeValue),
      afterValue: orNull(body.afterValue),
    });
    return jsonResponse(201, created);
  }

  private list(params: URLSearchParams): Page<SignificantEvent> {
    const from = params.get('from');
    const to = params.get('to');
    const q = params.get('q')?.toLowerCase();
    const matching = this.events
      .filter((event) => !from || Date.parse(event.happenedAt) >= Date.parse(from))
      .filter((event) => !to || Date.parse(event.happenedAt) <= Date.parse(to))
      .filter(
        (event) =>
          !q || event.reason.toLowerCase().includes(q) || (event.component ?? '').toLowerCase().includes(q),
      )
      .sort((a, b) => b.happenedAt.localeCompare(a.happenedAt));
    return pageOf(matching, params);
  }
}
