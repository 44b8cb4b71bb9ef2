import { errorCatalogue } from '@backoffice/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyResponse, jsonResponse, stubFetch, textResponse, type RecordedRequest } from '../test/fetch';
import { setLanguage } from '../test/render';
import { i18n } from '../i18n';
import { ApiError, apiBaseUrl, apiRequest, errorText, onStepUpRequired } from './api-client';

/** Stubs fetch with one fixed answer and returns the list of requests the client sent. */
function answerWith(response: () => Response) {
  const sent: RecordedRequest[] = [];
  const mock = stubFetch((request) => {
    sent.push(request);
    return response();
  });
  return { sent, mock };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

function setBaseUrlMeta(content: string | null) {
  document.head.querySelectorAll('meta[name="api-base-url"]').forEach((meta) => meta.remove());
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'api-base-url';
  meta.content = content;
  document.head.append(meta);
}

beforeAll(() => setLanguage('de'));

afterEach(() => {
  vi.unstubAllGlobals();
  setBaseUrlMeta(null);
});

describe('apiRequest: requests', () => {
  it('asks for JSON and sends a GET without CSRF header, content type or body', async () => {
    const { sent, mock } = answerWith(() => jsonResponse(200, { ok: true }));

    await expect(apiRequest('/jurisdictions')).resolves.toEqual({ ok: true });

    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.headers.accept).toMatch(/^application\/json/);
    expect(sent[0]!.headers).not.toHaveProperty('x-requested-with');
    expect(sent[0]!.headers).not.toHaveProperty('content-type');
    expect(mock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin', body: undefined });
  });

  it.each(['POST', 'PUT', 'PATCH'] as const)(
    'sends %s with the CSRF header and a JSON body',
    async (method) => {
      const { sent } = answerWith(() => jsonResponse(200, {}));

      await apiRequest('/jurisdictions', { method, body: { name: 'Malta' } });

      expect(sent[0]!.method).toBe(method);
      expect(sent[0]!.headers['x-requested-with']).toBe('backoffice');
      expect(sent[0]!.headers['content-type']).toBe('application/json');
      expect(sent[0]!.headers.accept).toMatch(/^application\/json/);
      expect(sent[0]!.body).toEqual({ name: 'Malta' });
    },
  );

  it('sends DELETE with the CSRF header, but without a content type when there is no body', async () => {
    const { sent } = answerWith(() => emptyResponse(204));

    await apiRequest('/jurisdictions/1', { method: 'DELETE', query: { version: 3 } });

    expect(sent[0]!.method).toBe('DELETE');
    expect(sent[0]!.headers['x-requested-with']).toBe('backoffice');
    // An empty body declared as JSON is rejected by the server, so no content type here.
    expect(sent[0]!.headers).not.toHaveProperty('content-type');
    expect(sent[0]!.url.search).toBe('?version=3');
  });

  it('builds the query string from set values and skips undefined, null and empty ones', async () => {
    const { sent } = answerWith(() => jsonResponse(200, {}));

    await apiRequest('/jurisdictions', {
      query: { page: 2, sort: 'name', active: false, q: undefined, empty: '', none: null, zero: 0 },
    });

    expect(sent[0]!.url.pathname).toBe('/api/jurisdictions');
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({
      page: '2',
      sort: 'name',
      active: 'false',
      zero: '0',
    });
  });

  it('encodes query values', async () => {
    const { mock } = answerWith(() => jsonResponse(200, {}));
    await apiRequest('/jurisdictions', { query: { q: 'a&b c' } });
    expect(String(mock.mock.calls[0]![0])).toBe('/api/jurisdictions?q=a%26b+c');
  });

  it('passes the abort signal on', async () => {
    const { mock } = answerWith(() => jsonResponse(200, {}));
    const controller = new AbortController();
    await apiRequest('/x', { signal: controller.signal });
    expect(mock.mock.calls[0]![1]!.signal).toBe(controller.signal);
  });
});

describe('apiRequest: base URL', () => {
  it('uses /api when the page has no runtime configuration', () => {
    setBaseUrlMeta(null);
    expect(apiBaseUrl()).toBe('/api');
  });

  it('reads the base URL from <meta name="api-base-url">, without a trailing slash', async () => {
    setBaseUrlMeta('/backoffice/api/v2/');
    expect(apiBaseUrl()).toBe('/backoffice/api/v2');

    const { mock } = answerWith(() => jsonResponse(200, {}));
    await apiRequest('/jurisdictions', { query: { page: 1 } });
    expect(String(mock.mock.calls[0]![0])).toBe('/backoffice/api/v2/jurisdictions?page=1');
  });

  it('keeps the host of an absolute base URL on another origin', async () => {
    setBaseUrlMeta('https://api.example.com/v1');
    const { mock } = answerWith(() => jsonResponse(200, {}));
    await apiRequest('/jurisdictions', { query: { q: 'mal' } });
    expect(String(mock.mock.calls[0]![0])).toBe('https://api.example.com/v1/jurisdictions?q=mal');
  });

  it('falls back to /api when the meta tag is empty', () => {
    setBaseUrlMeta('');
    expect(apiBaseUrl()).toBe('/api');
  });
});

describe('apiRequest: answers', () => {
  it('returns undefined for 204 No Content', async () => {
    answerWith(() => emptyResponse(204));
    await expect(apiRequest('/jurisdictions/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('returns a text body as text', async () => {
    answerWith(() => textResponse(200, 'pong', 'text/plain'));
    await expect(apiRequest('/ping')).resolves.toBe('pong');
  });

  it('turns an error body with a catalogue code into an ApiError with code, status, message and details', async () => {
    const details = [{ path: 'name', message: 'Too long' }];
    answerWith(() =>
      jsonResponse(409, {
        statusCode: 409,
        code: 'JURISDICTION_NAME_TAKEN',
        message: 'Jurisdiction name already taken.',
        details,
      }),
    );

    const error = await caught(apiRequest('/jurisdictions', { method: 'POST', body: { name: 'Malta' } }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      statusCode: 409,
      code: 'JURISDICTION_NAME_TAKEN',
      message: 'Jurisdiction name already taken.',
      details,
    });
  });

  it('has no details when the error body has none', async () => {
    answerWith(() => jsonResponse(409, { statusCode: 409, code: 'STALE_VERSION', message: 'stale' }));
    const error = (await caught(apiRequest('/x', { method: 'PUT', body: {} }))) as ApiError;
    expect(error.code).toBe('STALE_VERSION');
    expect(error.details).toEqual([]);
  });

  it.each([502, 503, 504])('maps a non-JSON %i (proxy or gateway) to BACKEND_UNREACHABLE', async (status) => {
    answerWith(() => textResponse(status, '<html><body>Bad Gateway</body></html>'));
    const error = await caught(apiRequest('/jurisdictions'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: status, code: 'BACKEND_UNREACHABLE' });
  });

  it('maps an unknown error answer outside 502–504 to INTERNAL', async () => {
    answerWith(() => textResponse(500, 'oops', 'text/plain'));
    await expect(caught(apiRequest('/x'))).resolves.toMatchObject({ statusCode: 500, code: 'INTERNAL' });
  });

  it('maps a JSON error without a known code to the status-based code', async () => {
    answerWith(() => jsonResponse(503, { code: 'SOMETHING_ELSE' }));
    await expect(caught(apiRequest('/x'))).resolves.toMatchObject({
      statusCode: 503,
      code: 'BACKEND_UNREACHABLE',
    });
  });

  it('turns a failing network (fetch rejects) into ApiError BACKEND_UNREACHABLE', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await caught(apiRequest('/jurisdictions'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 0, code: 'BACKEND_UNREACHABLE' });
  });

  it('lets an abort through unchanged, so cancelled queries are not reported as errors', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(abort)),
    );
    await expect(caught(apiRequest('/jurisdictions'))).resolves.toBe(abort);
  });
});

describe('errorText', () => {
  it('gives the catalogue message of the error code in the current language', async () => {
    const error = new ApiError(409, 'JURISDICTION_NAME_TAKEN', 'server text');

    await setLanguage('de');
    expect(errorText(error, i18n.t)).toBe(errorCatalogue.JURISDICTION_NAME_TAKEN.messages.de);
    await setLanguage('en');
    expect(errorText(error, i18n.t)).toBe('Jurisdiction name already taken.');
    await setLanguage('de');
  });

  it('says "no connection" for BACKEND_UNREACHABLE', () => {
    expect(errorText(new ApiError(0, 'BACKEND_UNREACHABLE', 'network error'), i18n.t)).toBe(
      'Keine Verbindung zum Backoffice-Backend.',
    );
  });

  it('uses the generic INTERNAL message for anything that is not an ApiError', () => {
    expect(errorText(new Error('boom'), i18n.t)).toBe(errorCatalogue.INTERNAL.messages.de);
    expect(errorText('weird', i18n.t)).toBe(errorCatalogue.INTERNAL.messages.de);
  });
});

describe('apiRequest: step-up', () => {
  const stepUpRequired = () =>
    jsonResponse(403, {
      statusCode: 403,
      code: 'STEP_UP_REQUIRED',
      message: errorCatalogue.STEP_UP_REQUIRED.messages.de,
    });

  it('asks once, then sends the refused request again with the same body', async () => {
    let calls = 0;
    const { sent } = answerWith(() => (++calls === 1 ? stepUpRequired() : jsonResponse(200, { done: true })));
    const ask = vi.fn(async () => true);
    const stop = onStepUpRequired(ask);
    try {
      await expect(
        apiRequest('/support/rounds/c/r/close', { method: 'POST', body: { booking: 'win' } }),
      ).resolves.toEqual({ done: true });
    } finally {
      stop();
    }
    expect(ask).toHaveBeenCalledTimes(1);
    expect(sent.map((request) => [request.method, request.url.pathname, request.body])).toEqual([
      ['POST', '/api/support/rounds/c/r/close', { booking: 'win' }],
      ['POST', '/api/support/rounds/c/r/close', { booking: 'win' }],
    ]);
  });

  it('gives the refusal back when the user does not confirm, and does not ask again for a second refusal', async () => {
    const { sent } = answerWith(stepUpRequired);
    const stop = onStepUpRequired(async () => false);
    try {
      const error = await caught(apiRequest('/users', { method: 'POST', body: {} }));
      expect(error).toMatchObject({ statusCode: 403, code: 'STEP_UP_REQUIRED' });
    } finally {
      stop();
    }
    expect(sent).toHaveLength(1);

    // Confirmed, but the server still refuses: the error comes back, no endless asking.
    const ask = vi.fn(async () => true);
    const again = onStepUpRequired(ask);
    try {
      const error = await caught(apiRequest('/users', { method: 'POST', body: {} }));
      expect(error).toBeInstanceOf(ApiError);
    } finally {
      again();
    }
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks one question for requests refused at the same time', async () => {
    const refused = new Set<string>();
    stubFetch((request) => {
      if (refused.has(request.url.pathname)) return jsonResponse(200, {});
      refused.add(request.url.pathname);
      return stepUpRequired();
    });
    let release: (confirmed: boolean) => void = () => {};
    const ask = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const stop = onStepUpRequired(ask);
    try {
      const first = apiRequest('/a', { method: 'POST' });
      const second = apiRequest('/b', { method: 'POST' });
      await vi.waitFor(() => expect(ask).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 10));
      release(true);
      await expect(Promise.all([first, second])).resolves.toEqual([{}, {}]);
    } finally {
      stop();
    }
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
