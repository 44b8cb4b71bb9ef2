/** Helpers to stand in for the server: canned responses and a recorded, stubbed global `fetch`. */
import { errorCatalogue, type ErrorCode } from '@backoffice/contracts';
import { vi, type Mock } from 'vitest';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's answer for an error of the catalogue: its status, code and (English) message. */
export function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

export function textResponse(status: number, body: string, contentType = 'text/html'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

export function emptyResponse(status = 204): Response {
  return new Response(null, { status });
}

/** One request as the app sent it. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export function recordRequest(input: RequestInfo | URL, init: RequestInit = {}): RecordedRequest {
  const raw = input instanceof Request ? input.url : String(input);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (headers[key] = value));
  const body = typeof init.body === 'string' && init.body !== '' ? JSON.parse(init.body) : undefined;
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    url: new URL(raw, 'http://localhost'),
    headers,
    body,
  };
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

/** Replaces global fetch; undo with `vi.unstubAllGlobals()`. */
export function stubFetch(handler: FetchHandler): Mock<typeof fetch> {
  const mock = vi.fn<typeof fetch>(async (input, init) => handler(recordRequest(input, init)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Any API call answers with an empty page (enough for screens that list something). */
export function stubEmptyApi(): Mock<typeof fetch> {
  return stubFetch(() => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 }));
}
