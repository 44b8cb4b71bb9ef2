/**
 * An in-memory stand-in for the audit trail API: /api/audit-entries (filters, newest first, pages) and
 * /api/audit-entries/actors (users to filter by, searched by `q` or one `id`).
 */
import type { AuditActor, AuditEntry, Page } from '@backoffice/contracts';
import { pageOf } from './fake-api';
import { jsonResponse, stubFetch, type RecordedRequest } from './fetch';

const BASE = '/api/audit-entries';
const ACTORS = '/api/audit-entries/actors';

export class FakeAuditApi {
  readonly entries: AuditEntry[] = [];
  readonly actors: AuditActor[] = [];
  readonly requests: RecordedRequest[] = [];

  addActor(id: string, username: string, name: string): AuditActor {
    const actor = { id, username, name };
    this.actors.push(actor);
    return actor;
  }

  /** An entry; `minute` orders them (a higher minute is newer). */
  add(entry: Partial<AuditEntry> & { minute: number }): AuditEntry {
    const { minute, ...rest } = entry;
    const stored: AuditEntry = {
      id: this.entries.length + 1,
      changedAt: new Date(Date.UTC(2025, 2, 1, 12, minute)).toISOString(),
      actorId: null,
      actorName: null,
      entityType: 'casino',
      entityId: 'casino-de',
      action: 'update',
      changes: {},
      ...rest,
    };
    this.entries.push(stored);
    return stored;
  }

  /** The list requests the screen sent, as their query parameters. */
  listRequests(): Record<string, string>[] {
    return this.requests
      .filter((request) => request.url.pathname === BASE)
      .map((request) => Object.fromEntries(request.url.searchParams));
  }

  install() {
    return stubFetch((request) => {
      this.requests.push(request);
      if (request.url.pathname === ACTORS) return jsonResponse(200, this.actorPage(request.url.searchParams));
      if (request.url.pathname === BASE) return jsonResponse(200, this.list(request.url.searchParams));
      return jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 });
    });
  }

  private actorPage(params: URLSearchParams): Page<AuditActor> {
    const id = params.get('id');
    const q = params.get('q')?.toLowerCase();
    const items = this.actors.filter(
      (actor) =>
        (id === null || actor.id === id) &&
        (!q || `${actor.username} ${actor.name}`.toLowerCase().includes(q)),
    );
    return { items, total: items.length, totalCapped: false, page: 1, pageSize: 20 };
  }

  private list(params: URLSearchParams): Page<AuditEntry> {
    const value = (key: string) => params.get(key);
    const matching = this.entries
      .filter((entry) => !value('entityType') || entry.entityType === value('entityType'))
      .filter((entry) => !value('entityId') || entry.entityId === value('entityId'))
      .filter((entry) => !value('actorId') || entry.actorId === value('actorId'))
      .filter((entry) => !value('from') || Date.parse(entry.changedAt) >= Date.parse(value('from')!))
      .filter((entry) => !value('to') || Date.parse(entry.changedAt) <= Date.parse(value('to')!))
      .sort((a, b) => b.changedAt.localeCompare(a.changedAt));
    return pageOf(matching, params);
  }
}
