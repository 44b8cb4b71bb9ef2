/**
 * An in-memory stand-in for the server's allowed hashes (/api/cpv/allowed-hashes), answering as the real
 * one does: pages filtered by component (q), part of the hash and showRetired; adds that need the typed
 * confirmation and a unique hash (409 HASH_NOT_UNIQUE); retires at the version read (409 otherwise).
 */
import type { AllowedHash, Page } from '@backoffice/contracts';
import { FakeApi, pageOf } from './fake-api';
import { errorResponse, jsonResponse, type RecordedRequest } from './fetch';

const BASE = '/api/cpv/allowed-hashes';

export class FakeAllowedHashesApi extends FakeApi {
  readonly records = new Map<string, AllowedHash>();

  /** Stores a hash directly, as if added earlier. */
  add(component: string, hash: string, note = ''): AllowedHash {
    const id = this.newId();
    const at = this.tick();
    const record: AllowedHash = {
      id,
      component,
      hash,
      note,
      retiredAt: null,
      retiredBy: null,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    this.records.set(id, record);
    return record;
  }

  /** Retires a hash directly, as someone else did meanwhile. */
  retireBehindTheScenes(id: string): AllowedHash {
    return this.retire(this.records.get(id)!, 'someone');
  }

  /** Stores the hash as retired now by `by`, at its next version. */
  private retire(current: AllowedHash, by: string): AllowedHash {
    const at = this.tick();
    const next = { ...current, retiredAt: at, retiredBy: by, version: current.version + 1, updatedAt: at };
    this.records.set(current.id, next);
    return next;
  }

  protected handle({ method, url, body }: RecordedRequest): Response {
    if (!url.pathname.startsWith(BASE)) return errorResponse('NOT_FOUND');
    const rest = url.pathname.slice(BASE.length);
    if (rest === '' && method === 'GET') return jsonResponse(200, this.list(url.searchParams));
    if (rest === '' && method === 'POST') {
      const input = body as { component: string; hash: string; note?: string; confirmation: string };
      const hash = input.hash.trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(hash) || !input.component.trim()) return errorResponse('VALIDATION_FAILED');
      if (input.confirmation !== hash.slice(0, 8)) return errorResponse('CONFIRMATION_MISMATCH');
      if ([...this.records.values()].some((record) => record.hash === hash)) {
        return errorResponse('HASH_NOT_UNIQUE');
      }
      return jsonResponse(201, this.add(input.component.trim(), hash, input.note?.trim() ?? ''));
    }
    const retire = /^\/([^/]+)\/retire$/.exec(rest);
    if (retire && method === 'POST') {
      const current = this.records.get(decodeURIComponent(retire[1]!));
      if (!current) return errorResponse('ALLOWED_HASH_NOT_FOUND');
      if ((body as { version: number }).version !== current.version) return errorResponse('STALE_VERSION');
      if (current.retiredAt !== null) return errorResponse('ALLOWED_HASH_RETIRED');
      return jsonResponse(200, this.retire(current, 'admin'));
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private list(params: URLSearchParams): Page<AllowedHash> {
    const q = params.get('q')?.toLowerCase();
    const hash = params.get('hash')?.toLowerCase();
    const showRetired = params.get('showRetired') === 'true';
    const matching = [...this.records.values()]
      .filter((record) => !q || record.component.toLowerCase().includes(q))
      .filter((record) => !hash || record.hash.includes(hash))
      .filter((record) => showRetired || record.retiredAt === null)
      .sort((a, b) => a.component.localeCompare(b.component));
    return pageOf(matching, params);
  }
}
