/**
 * The one way the app talks to its server: JSON over fetch, base URL from the page's runtime
 * configuration, errors as `ApiError` carrying the catalogue code so the UI can say it in the user's language.
 */
import { isErrorCode, type ErrorBody, type ErrorCode } from '@backoffice/contracts/error-codes';
import type { ErrorDetail, FieldProblem, RecordUsage } from '@backoffice/contracts';
import type { TFunction } from 'i18next';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** The problems of the fields (VALIDATION_FAILED, an import). */
    readonly details: FieldProblem[] = [],
    /** What uses the record a delete was refused for (an in-use answer, 409). */
    readonly usage: RecordUsage[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthenticated: () => void = () => {};

/** What to do when the server says the session is gone (401): the app sends the browser to sign-in. */
export function configureApiClient(options: { onUnauthenticated: () => void }): void {
  onUnauthenticated = options.onUnauthenticated;
}

const enrolmentListeners = new Set<() => void>();

/**
 * Listens for 403 SECOND_FACTOR_ENROLMENT_REQUIRED (the role requires a second factor the user has not
 * set up yet): the session then shows only the enrolment. Answers the unsubscribe.
 */
export function onEnrolmentRequired(listener: () => void): () => void {
  enrolmentListeners.add(listener);
  return () => enrolmentListeners.delete(listener);
}

let confirmIdentity: (() => Promise<boolean>) | null = null;
let confirming: Promise<boolean> | null = null;

/**
 * Handles 403 STEP_UP_REQUIRED (a dangerous action needs the user to confirm it is them, issue 15): the
 * handler asks (a code, the password, or a new sign-in at the issuer) and answers whether the user did;
 * the refused request — which changed nothing — is then sent once more. Requests refused at the same time
 * share one question. Answers the unsubscribe.
 */
export function onStepUpRequired(handler: () => Promise<boolean>): () => void {
  confirmIdentity = handler;
  return () => {
    if (confirmIdentity === handler) confirmIdentity = null;
  };
}

function askToConfirm(): Promise<boolean> {
  if (!confirmIdentity) return Promise.resolve(false);
  confirming ??= confirmIdentity().finally(() => {
    confirming = null;
  });
  return confirming;
}

export function apiBaseUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="api-base-url"]');
  return (meta?.content || '/api').replace(/\/$/, '');
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = new URL(`${apiBaseUrl()}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  // Same origin: a relative URL. Another origin (an absolute api-base-url) must keep its host.
  return url.origin === window.location.origin ? url.pathname + url.search : url.href;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const candidate = body as Partial<ErrorBody<ErrorDetail>> | undefined;
  if (candidate && isErrorCode(candidate.code)) {
    const details = candidate.details ?? [];
    // The two kinds of details by their shape (record-usage in the contracts), without its code here.
    const usage = details.filter((detail): detail is RecordUsage => 'kind' in detail);
    const problems = details.filter((detail): detail is FieldProblem => !('kind' in detail));
    return new ApiError(status, candidate.code, candidate.message ?? candidate.code, problems, usage);
  }
  // Not an answer of ours: a proxy or gateway in between, or the server is down.
  const code: ErrorCode = status >= 502 && status <= 504 ? 'BACKEND_UNREACHABLE' : 'INTERNAL';
  return new ApiError(status, code, code);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'STEP_UP_REQUIRED') throw error;
    if (!(await askToConfirm())) throw error;
    return send<T>(path, options);
  }
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9' };
  // A header no cross-site form can send: the server's CSRF defence for changing requests.
  if (method !== 'GET') headers['x-requested-with'] = 'backoffice';
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'BACKEND_UNREACHABLE', 'network error');
  }
  const body = await readBody(response);
  if (response.status === 401) onUnauthenticated();
  if (!response.ok) {
    const error = toApiError(response.status, body);
    if (error.code === 'SECOND_FACTOR_ENROLMENT_REQUIRED')
      enrolmentListeners.forEach((listener) => listener());
    throw error;
  }
  return body as T;
}

/** The message to show for any error, in the current language. */
export function errorText(error: unknown, t: TFunction): string {
  return errorCodeText(error instanceof ApiError ? error.code : 'INTERNAL', t);
}

/** The catalogue message of an error code the server stored (e.g. why a booking failed); an unknown one as it is. */
export function errorCodeText(code: string, t: TFunction): string {
  return isErrorCode(code) ? t(`errors.${code}`) : code;
}
