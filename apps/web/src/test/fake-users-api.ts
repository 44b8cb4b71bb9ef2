/**
 * A tiny in-memory stand-in for the server's users API (/api/users) and the signed-in user's account
 * (/api/account), answering the way the real ones do: pages with q/role/sort/order; the contract's body
 * validation (400 VALIDATION_FAILED with details, or PASSWORDS_DONT_MATCH when that is the only problem);
 * 409 USERNAME_TAKEN / EMAIL_TAKEN; 409 STALE_VERSION when the version sent is not the stored one;
 * 403 OWN_USER for deleting the own user or changing its role, active flag or scope; 204 for delete and
 * password changes; 400 CURRENT_PASSWORD_WRONG for a wrong current password. Also the casinos and
 * integrations the scope selects offer, and an integration by id with the casinos it serves.
 */
import {
  errorCatalogue,
  isErrorCode,
  passwordChangeSchema,
  passwordResetSchema,
  permissionsOf,
  userCreateSchema,
  userUpdateSchema,
  accountUpdateSchema,
  type Account,
  type ErrorBody,
  type ErrorCode,
  type Page,
  type Role,
  type SecondFactorStatus,
  type SessionInfo,
  type User,
  type UserSession,
  type userSortFields,
} from '@backoffice/contracts';
import type { z } from 'zod';
import { FakeApi, pageOf } from './fake-api';
import { emptyResponse, jsonResponse, type RecordedRequest } from './fetch';

/** Nobody has a second factor here (fake-second-factor-api.ts answers the rest of them). */
const NO_SECOND_FACTOR: SecondFactorStatus = {
  enrolled: false,
  required: false,
  confirmedAt: null,
  recoveryCodesLeft: 0,
};
const USERS = '/api/users';
const ACCOUNT = '/api/account';
const ACCESS_REVIEW = '/api/users/access-review.csv';

function errorResponse(code: ErrorCode, details?: ErrorBody['details']): Response {
  const { status, messages } = errorCatalogue[code];
  const body: ErrorBody = { statusCode: status, code, message: messages.en };
  if (details) body.details = details;
  return jsonResponse(status, body);
}

/** Validates a body like the server: field problems as details, a coded rule alone as its own code. */
function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; value: z.output<S> } | { ok: false; response: Response } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const codes = new Set(
    result.error.issues.map((issue) => {
      const code = (issue as { params?: { code?: unknown } }).params?.code;
      return isErrorCode(code) ? code : undefined;
    }),
  );
  const [only] = codes;
  const details = result.error.issues.map((issue) => ({
    path: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return {
    ok: false,
    response: errorResponse(codes.size === 1 && only ? only : 'VALIDATION_FAILED', details),
  };
}

/** Like the server: records without the value (never signed in, say) come last in either direction. */
function compareNullsLast(a: string | null, b: string | null, direction: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a.localeCompare(b) * direction;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

export interface NewUser {
  username: string;
  role?: Role;
  firstName?: string;
  lastName?: string;
  email?: string;
  active?: boolean;
  casinoIds?: string[];
  integrationIds?: string[];
  password?: string;
  lastSignInAt?: string;
  lastSignInAddress?: string;
  secondFactorChangedAt?: string;
}

const SCOPE_CASINOS = [
  { id: 'casino-1', name: 'Casino One' },
  { id: 'casino-2', name: 'Casino Two' },
];
/** With the casinos each serves: a user's integrations open their traffic in those casinos too. */
const SCOPE_INTEGRATIONS = [
  { id: 'int-7', name: 'Integration Seven', casinoIds: ['casino-1', 'casino-2'] },
  { id: 'int-8', name: 'Integration Eight', casinoIds: ['casino-2', 'casino-9'] },
];

export class FakeUsersApi extends FakeApi {
  readonly records = new Map<string, User>();
  readonly passwords = new Map<string, string>();
  /** The signed-in user (the "own" user of the account endpoints and the OWN_USER rule). */
  readonly me: User;

  constructor(others: NewUser[] = [], me: NewUser = { username: 'admin', role: 'admin' }) {
    super();
    this.me = this.add(me);
    for (const user of others) this.add(user);
  }

  /** The sessions of each user by id; of the signed-in user, the one marked `current` is this browser's. */
  readonly userSessions = new Map<string, UserSession[]>();

  /** Adds a session of a user, as if they had signed in somewhere. */
  addSession(userId: string, session: Partial<UserSession> = {}): UserSession {
    const at = this.tick();
    const added: UserSession = {
      id: this.newId(),
      browser: 'Chrome',
      system: 'Windows',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36',
      address: '203.0.113.7',
      createdAt: at,
      lastSeenAt: at,
      current: false,
      ...session,
    };
    this.userSessions.set(userId, [...(this.userSessions.get(userId) ?? []), added]);
    return added;
  }

  /** Stores a record directly, as if created earlier. */
  add(input: NewUser): User {
    const id = this.newId();
    const at = this.tick();
    const record: User = {
      id,
      username: input.username,
      email: input.email ?? `${input.username}@example.com`,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      role: input.role ?? 'visitor',
      active: input.active ?? true,
      casinoIds: input.casinoIds ?? [],
      integrationIds: input.integrationIds ?? [],
      lastSignInAt: input.lastSignInAt ?? null,
      lastSignInAddress: input.lastSignInAddress ?? null,
      passwordChangedAt: at,
      secondFactorChangedAt: input.secondFactorChangedAt ?? null,
      deactivatedAt: input.active === false ? at : null,
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    this.records.set(id, record);
    this.passwords.set(id, input.password ?? 'initial-password');
    return record;
  }

  /** Someone else changes the record meanwhile: the given fields, next version. */
  changeBehindTheScenes(id: string, patch: Partial<Omit<User, 'id' | 'version'>> = {}): User {
    const current = this.records.get(id)!;
    const next = { ...current, ...patch, version: current.version + 1, updatedAt: this.tick() };
    this.records.set(id, next);
    return next;
  }

  byUsername(username: string): User | undefined {
    return [...this.records.values()].find((record) => record.username === username);
  }

  /** The session the web app would have for the signed-in user. */
  session(): SessionInfo {
    return {
      sessionId: 'session-1',
      user: this.account(),
      expiresAt: new Date(Date.UTC(2030, 0, 1)).toISOString(),
      secondFactor: { required: false, enrolled: false, managedByIssuer: false },
    };
  }

  private account(): Account {
    const { id, username, email, firstName, lastName, role, casinoIds, integrationIds } = this.records.get(
      this.me.id,
    )!;
    return {
      id,
      username,
      email,
      firstName,
      lastName,
      role,
      permissions: permissionsOf(role),
      casinoIds,
      integrationIds,
    };
  }

  private taken(field: 'username' | 'email', value: string, exceptId?: string): boolean {
    return [...this.records.values()].some(
      (record) => record.id !== exceptId && record[field].toLowerCase() === value.toLowerCase(),
    );
  }

  private save(id: string, patch: Partial<User>): User {
    const current = this.records.get(id)!;
    const saved = { ...current, ...patch, version: current.version + 1, updatedAt: this.tick() };
    this.records.set(id, saved);
    return saved;
  }

  protected handle(request: RecordedRequest): Response {
    const { pathname } = request.url;
    if (/^\/api\/(account|users\/[^/]+)\/sessions(\/|$)/.test(pathname) || pathname === ACCESS_REVIEW)
      return this.handleSessions(request);
    if (pathname === ACCOUNT || pathname.startsWith(`${ACCOUNT}/`)) return this.handleAccount(request);
    if (pathname === USERS || pathname.startsWith(`${USERS}/`)) return this.handleUsers(request);
    if (pathname === '/api/casinos')
      return this.scopeChoices(SCOPE_CASINOS, request.url.searchParams.get('q'));
    if (pathname === '/api/integrations') {
      return this.scopeChoices(SCOPE_INTEGRATIONS, request.url.searchParams.get('q'));
    }
    if (pathname.startsWith('/api/integrations/') && request.method === 'GET') {
      const id = decodeURIComponent(pathname.slice('/api/integrations/'.length));
      const integration = SCOPE_INTEGRATIONS.find((item) => item.id === id);
      return integration ? jsonResponse(200, integration) : errorResponse('INTEGRATION_NOT_FOUND');
    }
    return errorResponse('NOT_FOUND');
  }

  /** The casinos or integrations a user's scope can be chosen from (only what the form uses of them). */
  private scopeChoices(all: { id: string; name: string }[], q: string | null): Response {
    const needle = q?.toLowerCase();
    const items = all.filter((item) => !needle || `${item.id} ${item.name}`.toLowerCase().includes(needle));
    return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 100 });
  }

  private handleAccount({ method, url, body }: RecordedRequest): Response {
    const rest = url.pathname.slice(ACCOUNT.length);
    if (rest === '' && method === 'GET') return jsonResponse(200, this.account());
    if (rest === '/second-factor' && method === 'GET') return jsonResponse(200, NO_SECOND_FACTOR);
    if (rest === '' && method === 'PUT') {
      const parsed = parseBody(accountUpdateSchema, body);
      if (!parsed.ok) return parsed.response;
      this.save(this.me.id, parsed.value);
      return jsonResponse(200, this.account());
    }
    if (rest === '/password' && method === 'PUT') {
      const parsed = parseBody(passwordChangeSchema, body);
      if (!parsed.ok) return parsed.response;
      if (parsed.value.currentPassword !== this.passwords.get(this.me.id)) {
        return errorResponse('CURRENT_PASSWORD_WRONG');
      }
      this.passwords.set(this.me.id, parsed.value.password);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private handleUsers({ method, url, body }: RecordedRequest): Response {
    const [rawId = '', sub] = url.pathname.slice(USERS.length).replace(/^\//, '').split('/');
    const id = decodeURIComponent(rawId);

    if (!id && method === 'GET') return jsonResponse(200, this.list(url.searchParams));
    if (!id && method === 'POST') {
      const parsed = parseBody(userCreateSchema, body);
      if (!parsed.ok) return parsed.response;
      const { password, passwordRepeat: _repeat, ...fields } = parsed.value;
      if (this.taken('username', fields.username)) return errorResponse('USERNAME_TAKEN');
      if (this.taken('email', fields.email)) return errorResponse('EMAIL_TAKEN');
      const created = this.add({ ...fields, password });
      return jsonResponse(201, created);
    }

    const current = this.records.get(id);
    if (!current) return errorResponse('RECORD_NOT_FOUND');

    if (sub === 'password') {
      if (method !== 'PUT') return errorResponse('METHOD_NOT_ALLOWED');
      const parsed = parseBody(passwordResetSchema, body);
      if (!parsed.ok) return parsed.response;
      this.passwords.set(id, parsed.value.password);
      this.save(id, {});
      return emptyResponse(204);
    }
    if (sub === 'second-factor' && method === 'GET') return jsonResponse(200, NO_SECOND_FACTOR);
    if (sub !== undefined) return errorResponse('NOT_FOUND');

    if (method === 'GET') return jsonResponse(200, current);
    if (method === 'PUT') {
      const parsed = parseBody(userUpdateSchema, body);
      if (!parsed.ok) return parsed.response;
      const { version, ...fields } = parsed.value;
      if (version !== current.version) return errorResponse('STALE_VERSION');
      if (id === this.me.id) {
        const changesOwnAccess =
          fields.role !== current.role ||
          !fields.active ||
          !sameSet(fields.casinoIds, current.casinoIds) ||
          !sameSet(fields.integrationIds, current.integrationIds);
        if (changesOwnAccess) return errorResponse('OWN_USER');
      }
      if (this.taken('username', fields.username, id)) return errorResponse('USERNAME_TAKEN');
      if (this.taken('email', fields.email, id)) return errorResponse('EMAIL_TAKEN');
      return jsonResponse(200, this.save(id, fields));
    }
    if (method === 'DELETE') {
      if (id === this.me.id) return errorResponse('OWN_USER');
      if (Number(url.searchParams.get('version')) !== current.version) return errorResponse('STALE_VERSION');
      this.records.delete(id);
      this.passwords.delete(id);
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  /**
   * Sessions like the server: the own ones under /api/account/sessions (DELETE without id ends all but the
   * current), any user's under /api/users/:id/sessions (DELETE without id ends all but the asking admin's
   * current); an unknown session is 404 RECORD_NOT_FOUND. And the access review CSV of every user.
   */
  private handleSessions({ method, url }: RecordedRequest): Response {
    if (url.pathname === ACCESS_REVIEW) {
      if (method !== 'GET') return errorResponse('METHOD_NOT_ALLOWED');
      const lines = [...this.records.values()].map(
        (user) => `${user.username},${user.role},${user.active ? 'active' : 'inactive'}\r\n`,
      );
      return new Response(`username,role,status\r\n${lines.join('')}`, {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    }
    const match = /^\/api\/(?:account|users\/([^/]+))\/sessions(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return errorResponse('NOT_FOUND');
    const userId = match[1] ? decodeURIComponent(match[1]) : this.me.id;
    if (!this.records.has(userId)) return errorResponse('RECORD_NOT_FOUND');
    const sessionId = match[2] && decodeURIComponent(match[2]);
    const sessions = this.userSessions.get(userId) ?? [];
    if (!sessionId && method === 'GET') return jsonResponse(200, { items: sessions });
    if (!sessionId && method === 'DELETE') {
      const kept = sessions.filter((session) => session.current);
      this.userSessions.set(userId, kept);
      return jsonResponse(200, { ended: sessions.length - kept.length });
    }
    if (sessionId && method === 'DELETE') {
      if (!sessions.some((session) => session.id === sessionId)) return errorResponse('RECORD_NOT_FOUND');
      this.userSessions.set(
        userId,
        sessions.filter((session) => session.id !== sessionId),
      );
      return emptyResponse(204);
    }
    return errorResponse('METHOD_NOT_ALLOWED');
  }

  private list(params: URLSearchParams): Page<User> {
    const sort = (params.get('sort') ?? 'username') as (typeof userSortFields)[number];
    const direction = params.get('order') === 'desc' ? -1 : 1;
    const q = params.get('q')?.toLowerCase();
    const role = params.get('role');
    const matching = [...this.records.values()]
      .filter(
        (record) =>
          !q ||
          [record.username, record.email, record.firstName, record.lastName].some((text) =>
            text.toLowerCase().includes(q),
          ),
      )
      .filter((record) => !role || record.role === role)
      .sort((a, b) => compareNullsLast(a[sort], b[sort], direction) || a.id.localeCompare(b.id));
    return pageOf(matching, params);
  }
}
