/**
 * A tiny in-memory stand-in for the server's jurisdictions API (/api/jurisdictions), answering the way the
 * real one does: pages with q/sort/order, 409 JURISDICTION_NAME_TAKEN for duplicates, 409 STALE_VERSION when
 * the version sent is not the stored one, 204 on delete — or 409 JURISDICTION_IN_USE with what uses it.
 */
import { errorCatalogue, type Jurisdiction, type Page, type RecordUsage } from '@backoffice/contracts';
import { FakeApi, pageOf } from './fake-api';
import { emptyResponse, errorResponse, jsonResponse, type RecordedRequest } from './fetch';

const BASE = '/api/jurisdictions';

export class FakeJurisdictionsApi extends FakeApi {
  readonly records = new Map<string, Jurisdiction>();
  /** What uses a record: its delete is refused with these details. */
  readonly usage = new Map<string, RecordUsage[]>();

  constructor(names: string[] = []) {
    super();
    for (const name of names) this.add(name);
  }

  /** Stores a record directly, as if created earlier. */
  add(name: string): Jurisdiction {
    const id = this.newId();
    const at = this.tick();
    const record: Jurisdiction = { id, name, version: 1, createdAt: at, updatedAt: at };
    this.records.set(id, record);
    return record;
  }

  /** Someone else changes the record meanwhile: new name, next version. */
  changeBehindTheScenes(id: string, name: string): Jurisdiction {
    const current = this.records.get(id)!;
    const next = { ...current, name, version: current.version + 1, updatedAt: this.tick() };
    this.records.set(id, next);
    return next;
  }

  byName(name: string): Jurisdiction | undefined {
    return [...this.records.values()].find((record) => record.name === name);
  }

  private nameTaken(name: string, exceptId?: string): boolean {
    return [...this.records.values()].some(
      (record) => record.id !== exceptId && record.name.toLowerCase() === name.toLowerCase(),
    );
  }

  protected handle({ method, url, body }: RecordedRequest): Response {
    if (!url.pathname.startsWith(BASE)) return errorResponse('NOT_FOUND');
    const id = decodeURIComponent(url.pathname.slice(BASE.length).replace(/^\//, ''));

    if (!id && method === 'GET') return jsonResponse(200, this.list(url.searchParams));
    if (!id && method === 'POST') {
      const name = String((body as { name?: unknown }).name ?? '').trim();
      if (!name) return errorResponse('VALIDATION_FAILED');
      if (this.nameTaken(name)) return errorResponse('JURISDICTION_NAME_TAKEN');
      return jsonResponse(201, this.add(name));
    }

    const current = this.records.get(id);
    if (!current) return errorResponse('RECORD_NOT_FOUND');
    if (method === 'GET') return jsonResponse(200, current);
    if (method === 'PUT') {
      const { name, version } = body as { name: string; version: number };
      if (version !== current.version) return errorResponse('STALE_VERSION');
      if (this.nameTaken(name, id)) return errorResponse('JURISDICTION_NAME_TAKEN');
      const saved = { ...current, name, version: current.version + 1, updatedAt: this.tick() };
      this.records.set(id, saved);
      return jsonResponse(200, saved);
    }
    if (method === 'DELETE') {
      if (Number(url.searchParams.get('version')) !== current.version) return errorResponse('STALE_VERSION');
      const usage = this.usage.get(id);
      if (usage) {
        const message = errorCatalogue.JURISDICTION_IN_USE.messages.en;
        return jsonResponse(409, { statusCode: 409, code: 'JURISDICTION_IN_USE', message, details: usage });
      }
      this.records.delete(id);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private list(params: URLSearchParams): Page<Jurisdiction> {
    const sort = (params.get('sort') ?? 'name') as 'name' | 'createdAt' | 'updatedAt';
    const direction = params.get('order') === 'desc' ? -1 : 1;
    const q = params.get('q')?.toLowerCase();
    const matching = [...this.records.values()]
      .filter((record) => !q || record.name.toLowerCase().includes(q))
      .sort((a, b) => a[sort].localeCompare(b[sort]) * direction);
    return pageOf(matching, params);
  }
}
