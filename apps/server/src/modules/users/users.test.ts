import { randomUUID } from 'node:crypto';
import {
  errorMessage,
  roles,
  type Account,
  type ErrorBody,
  type ErrorCode,
  type Page,
  type Role,
  type User,
} from '@backoffice/contracts';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  auditEntries,
  identityCredentials,
  oidcPayloads,
  sessions,
  userCasinoScopes,
  userIntegrationScopes,
  users,
} from '../../db/schema/index';
import { describeEachEngine, TEST_PASSWORD, withSession, type TestContext } from '../../test/app';
import { changeEntries, clearAuditTrail } from '../../test/databases';
import { SESSION_COOKIE } from '../auth/auth.routes';
import { createSessionsService } from '../auth/sessions.service';
import { createEmbeddedIdentityService } from '../identity/identity.service';
import { createOidcAdapterClass } from '../identity/oidc-adapter';

const BASE = '/api/users';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const PASSWORD = 'initial passphrase 0001';
const NEW_PASSWORD = 'reset passphrase 0002';
const USER_KEYS = [
  'active',
  'casinoIds',
  'createdAt',
  'deactivatedAt',
  'email',
  'firstName',
  'id',
  'integrationIds',
  'lastName',
  'lastSignInAddress',
  'lastSignInAt',
  'passwordChangedAt',
  'role',
  'secondFactorChangedAt',
  'updatedAt',
  'username',
  'version',
];
const NON_ADMIN_ROLES = roles.filter((role): role is Exclude<Role, 'admin'> => role !== 'admin');
const EN = { cookie: 'lang=en' };

type Response = LightMyRequestResponse;
type Body = Record<string, unknown>;

/** The body of a valid create request; fields can be overridden. */
function newUser(overrides: Body = {}): Body {
  const suffix = randomUUID().slice(0, 8);
  return {
    username: `user-${suffix}`,
    email: `user-${suffix}@example.com`,
    firstName: 'Nora',
    lastName: 'Newcomer',
    role: 'developer',
    active: true,
    casinoIds: [],
    integrationIds: [],
    password: PASSWORD,
    passwordRepeat: PASSWORD,
    ...overrides,
  };
}

/** The body of an update request that keeps everything of `user` except the overrides. */
function unchanged(user: User, overrides: Body = {}): Body {
  const { username, email, firstName, lastName, role, active, casinoIds, integrationIds, version } = user;
  return {
    username,
    email,
    firstName,
    lastName,
    role,
    active,
    casinoIds,
    integrationIds,
    version,
    ...overrides,
  };
}

function expectError(response: Response, statusCode: number, code: ErrorCode): ErrorBody {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json<ErrorBody>();
  expect(body).toMatchObject({ statusCode, code });
  expect(typeof body.message).toBe('string');
  return body;
}

/** Request and database helpers bound to one suite's app and database. */
function helpers(ctx: () => TestContext) {
  const db = () => ctx().database.db;
  const inject = (options: InjectOptions) => ctx().inject(options);
  let admin: Account | undefined;

  /** The signed-in admin that `ctx().inject` acts as. */
  async function me(): Promise<Account> {
    if (!admin) {
      const response = await inject({ method: 'GET', url: '/api/account' });
      expect(response.statusCode, response.body).toBe(200);
      admin = response.json<Account>();
    }
    return admin;
  }

  const create = (payload: Body, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'POST', url: BASE, payload, headers });

  async function created(overrides: Body = {}): Promise<User> {
    const response = await create(newUser(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<User>();
  }

  const list = (query: Record<string, string> = {}) => inject({ method: 'GET', url: BASE, query });

  async function listUsernames(query: Record<string, string> = {}): Promise<string[]> {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<User>>().items.map((user) => user.username);
  }

  const get = (id: string) => inject({ method: 'GET', url: `${BASE}/${id}` });

  async function current(id: string): Promise<User> {
    const response = await get(id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<User>();
  }

  const update = (id: string, payload: Body, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}`, payload, headers });

  const remove = (id: string, version?: number, headers: InjectOptions['headers'] = {}) =>
    inject({
      method: 'DELETE',
      url: `${BASE}/${id}`,
      query: version === undefined ? {} : { version: String(version) },
      headers,
    });

  const resetPassword = (id: string, payload: Body, headers: InjectOptions['headers'] = {}) =>
    inject({ method: 'PUT', url: `${BASE}/${id}/password`, payload, headers });

  async function stored(id: string) {
    const [row] = await db().select().from(users).where(eq(users.id, id));
    return row;
  }

  async function storedByUsername(username: string) {
    return db()
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
  }

  async function storedHash(id: string): Promise<string | undefined> {
    const [row] = await db()
      .select({ hash: identityCredentials.passwordHash })
      .from(identityCredentials)
      .where(eq(identityCredentials.userId, id));
    return row?.hash;
  }

  async function auditFor(id: string) {
    return db().select().from(auditEntries).where(eq(auditEntries.entityId, id)).orderBy(auditEntries.id);
  }

  async function allAudit() {
    return changeEntries(db());
  }

  async function sessionCount(userId: string): Promise<number> {
    return (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;
  }

  /** Opens one more back-office session for a user; returns its cookie and CSRF header. */
  async function extraSession(userId: string): Promise<Record<string, string>> {
    const service = createSessionsService({
      database: ctx().database,
      config: loadConfig({ NODE_ENV: 'test' }),
      oidc: () => {
        throw new Error('test sessions hold no identity-server tokens');
      },
      log: { warn: () => {} } as never,
    });
    const { token } = await service.create(userId, {
      accessToken: 'test',
      refreshToken: undefined,
      idToken: undefined,
      accessTokenExpiresAt: undefined,
    });
    return { cookie: `${SESSION_COOKIE}=${token}`, 'x-requested-with': 'backoffice' };
  }

  /** Stores an identity-server session of the user, as the embedded provider would. */
  async function identitySession(userId: string): Promise<string> {
    const id = randomUUID();
    await db()
      .insert(oidcPayloads)
      .values({ model: 'Session', id, payload: { accountId: userId }, accountId: userId });
    return id;
  }

  /** What the identity server holds for the user and still takes as alive (an ended session is kept, marked). */
  async function identitySessionCount(userId: string): Promise<number> {
    return (
      await db()
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.accountId, userId), isNull(oidcPayloads.consumedAt)))
    ).length;
  }

  const asSession = (headers: Record<string, string>, options: InjectOptions) =>
    ctx().app.inject(withSession(headers, options));

  const authenticate = (email: string, password: string) =>
    createEmbeddedIdentityService(db()).authenticate(email, password);

  /** Everything a users request could change, to compare before and after. */
  async function snapshot() {
    const [userRows, credentials, casinoScopes, integrationScopes, sessionRows, identityRows, audit] =
      await Promise.all([
        db().select().from(users).orderBy(asc(users.id)),
        db().select().from(identityCredentials).orderBy(asc(identityCredentials.userId)),
        db()
          .select()
          .from(userCasinoScopes)
          .orderBy(asc(userCasinoScopes.userId), asc(userCasinoScopes.casinoId)),
        db()
          .select()
          .from(userIntegrationScopes)
          .orderBy(asc(userIntegrationScopes.userId), asc(userIntegrationScopes.integrationId)),
        db().select({ id: sessions.id, userId: sessions.userId }).from(sessions).orderBy(asc(sessions.id)),
        db().select().from(oidcPayloads).orderBy(asc(oidcPayloads.id)),
        changeEntries(db()),
      ]);
    return { userRows, credentials, casinoScopes, integrationScopes, sessionRows, identityRows, audit };
  }

  /** Makes every audit insert for users fail at the database, for the duration of `fn`. */
  async function withFailingAudit(fn: () => Promise<void>) {
    await db().execute(
      sql`alter table audit_entries add constraint test_reject_audit check (entity_type <> 'user') not valid`,
    );
    try {
      await fn();
    } finally {
      await db().execute(sql`alter table audit_entries drop constraint test_reject_audit`);
    }
  }

  /** Makes every commit that wrote a user row fail (a deferred trigger raises at commit). */
  async function withFailingCommit(fn: () => Promise<void>) {
    await db().execute(
      sql.raw(`create function test_reject_commit() returns trigger language plpgsql
        as $$ begin raise exception 'rejected at commit'; end $$`),
    );
    await db().execute(
      sql.raw(`create constraint trigger test_reject_commit after insert or update or delete on users
        deferrable initially deferred for each row execute function test_reject_commit()`),
    );
    try {
      await fn();
    } finally {
      await db().execute(sql.raw('drop trigger test_reject_commit on users'));
      await db().execute(sql.raw('drop function test_reject_commit()'));
    }
  }

  return {
    db,
    inject,
    me,
    create,
    created,
    list,
    listUsernames,
    get,
    current,
    update,
    remove,
    resetPassword,
    stored,
    storedByUsername,
    storedHash,
    auditFor,
    allAudit,
    sessionCount,
    extraSession,
    identitySession,
    identitySessionCount,
    asSession,
    authenticate,
    snapshot,
    withFailingAudit,
    withFailingCommit,
  };
}

describeEachEngine('users API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    const admin = await h.me();
    const { db } = ctx().database;
    // Everyone but the suite's admin goes (with their sessions, credentials and scopes).
    await ctx().changeBehindTheApp(() => db.delete(users).where(ne(users.id, admin.id)));
    await clearAuditTrail(db);
    await db.delete(oidcPayloads);
  });

  describe('create', () => {
    it('answers 201 with the new user at version 1 and never returns the password', async () => {
      const payload = newUser({ casinoIds: ['casino-b', 'casino-a'], integrationIds: ['int-x'] });
      const response = await h.create(payload);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<User>();
      expect(Object.keys(body).sort()).toEqual(USER_KEYS);
      expect(body).toMatchObject({
        username: payload.username,
        email: payload.email,
        firstName: 'Nora',
        lastName: 'Newcomer',
        role: 'developer',
        active: true,
        casinoIds: ['casino-a', 'casino-b'],
        integrationIds: ['int-x'],
        version: 1,
      });
      expect(body.id).toMatch(UUID);
      expect(response.body).not.toContain(PASSWORD);
      expect(response.body).not.toContain('argon2');
      expect(await h.current(body.id)).toEqual(body);
    });

    it('stores the password as an argon2id hash (m=19456, t=2, p=1) that signs the user in', async () => {
      const payload = newUser();
      const user = (await h.create(payload)).json<User>();
      const hash = await h.storedHash(user.id);
      expect(hash).toMatch(ARGON2ID);
      expect(hash).not.toContain(PASSWORD);
      expect(await h.authenticate(user.email, PASSWORD)).toBe(user.id);
      expect(await h.authenticate(user.email, 'wrong passphrase 0001')).toBeNull();
    });

    it('trims the username and stores the e-mail in lower case', async () => {
      const user = await h.created({ username: '  Mixed.Case ', email: 'Mixed.Case@Example.COM' });
      expect(user).toMatchObject({ username: 'Mixed.Case', email: 'mixed.case@example.com' });
      expect(await h.stored(user.id)).toMatchObject({
        username: 'Mixed.Case',
        email: 'mixed.case@example.com',
      });
      expect(await h.authenticate('MIXED.case@example.com', PASSWORD)).toBe(user.id);
    });

    // The contract declares `z.email().trim()`, but zod checks the e-mail format before trimming, so an
    // e-mail with surrounding blanks is refused as invalid (400 on body.email) instead of being trimmed.
    it('trims surrounding blanks of the e-mail instead of refusing it as invalid', async () => {
      const response = await h.create(newUser({ email: ' Blank.Edges@Example.com ' }));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<User>().email).toBe('blank.edges@example.com');
    });

    it('stores each casino and integration of the scope once', async () => {
      const user = await h.created({ casinoIds: ['c1', 'c1', 'c2'], integrationIds: ['i1', 'i1'] });
      expect(user).toMatchObject({ casinoIds: ['c1', 'c2'], integrationIds: ['i1'] });
    });

    it('can create an inactive user, who cannot sign in', async () => {
      const user = await h.created({ active: false });
      expect(user.active).toBe(false);
      expect(await h.authenticate(user.email, PASSWORD)).toBeNull();
    });

    it.each(['taken.name', 'TAKEN.NAME', 'Taken.Name', '  taken.name  '])(
      'refuses the username "%s" when "taken.name" exists: 409 USERNAME_TAKEN, nothing written',
      async (duplicate) => {
        await h.created({ username: 'taken.name' });
        const before = await h.snapshot();
        const body = expectError(await h.create(newUser({ username: duplicate })), 409, 'USERNAME_TAKEN');
        expect(body.message).toBe(errorMessage('USERNAME_TAKEN', 'de'));
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it.each(['taken@example.com', 'TAKEN@EXAMPLE.COM', 'Taken@Example.com'])(
      'refuses the e-mail "%s" when "taken@example.com" exists: 409 EMAIL_TAKEN, nothing written',
      async (duplicate) => {
        await h.created({ email: 'taken@example.com' });
        const before = await h.snapshot();
        const body = expectError(await h.create(newUser({ email: duplicate })), 409, 'EMAIL_TAKEN');
        expect(body.message).toBe(errorMessage('EMAIL_TAKEN', 'de'));
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it('answers the duplicate in English with the language cookie', async () => {
      await h.created({ username: 'taken.name', email: 'taken@example.com' });
      expect(
        expectError(await h.create(newUser({ username: 'TAKEN.name' }), EN), 409, 'USERNAME_TAKEN').message,
      ).toBe('Username already taken.');
      expect(
        expectError(await h.create(newUser({ email: 'TAKEN@example.com' }), EN), 409, 'EMAIL_TAKEN').message,
      ).toBe('E-mail address already used by another user.');
    });

    it.each([
      ['English via the language cookie', EN, "Passwords don't match."],
      ['German by default', {}, 'Die Passwörter stimmen nicht überein.'],
    ])(
      'refuses a mismatched password repeat with 400 PASSWORDS_DONT_MATCH (%s), nothing written',
      async (_label, headers, message) => {
        const before = await h.snapshot();
        const payload = newUser({ passwordRepeat: `${PASSWORD}x` });
        const response = await h.create(payload, headers);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({
          statusCode: 400,
          code: 'PASSWORDS_DONT_MATCH',
          message,
          details: [{ path: 'body.passwordRepeat', message }],
        });
        expect(await h.storedByUsername(payload.username as string)).toEqual([]);
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it.each([
      [
        'a password shorter than 12 characters',
        { password: 'short', passwordRepeat: 'short' },
        'body.password',
      ],
      ['an invalid e-mail', { email: 'not-an-email' }, 'body.email'],
      ['an unknown role', { role: 'root' }, 'body.role'],
      ['a username with a blank inside', { username: 'two words' }, 'body.username'],
      ['a one-character username', { username: 'x' }, 'body.username'],
      ['a missing active flag', { active: undefined }, 'body.active'],
      ['a scope id with a slash', { casinoIds: ['a/b'] }, 'body.casinoIds.0'],
    ])('refuses %s with 400 VALIDATION_FAILED, nothing written', async (_label, overrides, path) => {
      const before = await h.snapshot();
      const body = expectError(await h.create(newUser(overrides)), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await h.snapshot()).toEqual(before);
    });

    it('lets exactly one of 5 parallel creates of the same username through', async () => {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => h.create(newUser({ username: 'race.winner' }))),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(await h.storedByUsername('race.winner')).toHaveLength(1);
      expect((await h.allAudit()).filter((entry) => entry.action === 'create')).toHaveLength(1);
    });
  });

  describe('list', () => {
    const people = [
      {
        username: 'zeta.one',
        email: 'alice@alpha.example',
        firstName: 'Alice',
        lastName: 'Archer',
        role: 'developer',
      },
      { username: 'zeta.two', email: 'bob@corp.example', firstName: 'Robert', lastName: 'Baker', role: 'qa' },
      {
        username: 'omega.three',
        email: 'carol@corp.example',
        firstName: 'Carol',
        lastName: 'Cooper',
        role: 'support',
      },
      {
        username: 'omega.four',
        email: 'dave@delta.example',
        firstName: 'Dave',
        lastName: 'Dawson',
        role: 'developer',
      },
    ];

    async function seed() {
      for (const person of people) await h.created(person);
    }

    it('answers a page with items, total, page and pageSize (admin included)', async () => {
      await seed();
      const admin = await h.me();
      const response = await h.list();
      expect(response.statusCode).toBe(200);
      const page = response.json<Page<User>>();
      expect(page).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      expect(page.items.map((user) => user.username)).toEqual([
        admin.username,
        'omega.four',
        'omega.three',
        'zeta.one',
        'zeta.two',
      ]);
      for (const item of page.items) expect(Object.keys(item).sort()).toEqual(USER_KEYS);
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toContain(PASSWORD);
    });

    it.each([
      ['a username', 'zeta', ['zeta.one', 'zeta.two']],
      ['an e-mail', 'CORP.example', ['omega.three', 'zeta.two']],
      ['a first name', 'robert', ['zeta.two']],
      ['a last name', 'DAWSON', ['omega.four']],
      ['a part in the middle', 'ega.th', ['omega.three']],
      ['text with surrounding blanks', '  alpha ', ['zeta.one']],
      ['nothing that exists', 'nobody', []],
      ['a LIKE wildcard, literally', '%', []],
    ])('searches with q over username, e-mail and names: %s', async (_label, q, expected) => {
      await seed();
      expect(await h.listUsernames({ q })).toEqual(expected);
    });

    it('counts the total of the search, not of all users', async () => {
      await seed();
      const page = (await h.list({ q: 'corp' })).json<Page<User>>();
      expect(page.total).toBe(2);
    });

    it.each([
      ['developer', ['omega.four', 'zeta.one']],
      ['qa', ['zeta.two']],
      ['support', ['omega.three']],
      ['visitor', []],
    ])('filters by role %s', async (role, expected) => {
      await seed();
      expect(await h.listUsernames({ role })).toEqual(expected);
    });

    it('filters by role and search together', async () => {
      await seed();
      expect(await h.listUsernames({ role: 'developer', q: 'zeta' })).toEqual(['zeta.one']);
      expect(await h.listUsernames({ role: 'admin' })).toEqual([(await h.me()).username]);
    });

    it.each([
      ['username', 'asc', ['omega.four', 'omega.three', 'zeta.one', 'zeta.two']],
      ['username', 'desc', ['zeta.two', 'zeta.one', 'omega.three', 'omega.four']],
      ['email', 'asc', ['zeta.one', 'zeta.two', 'omega.three', 'omega.four']],
      ['lastName', 'asc', ['zeta.one', 'zeta.two', 'omega.three', 'omega.four']],
      ['lastName', 'desc', ['omega.four', 'omega.three', 'zeta.two', 'zeta.one']],
    ])('sorts by %s %s', async (sort, order, expected) => {
      await seed();
      expect(await h.listUsernames({ q: '.example', sort, order })).toEqual(expected);
    });

    it('sorts by role', async () => {
      await seed();
      const response = await h.list({ q: '.example', sort: 'role', order: 'desc' });
      expect(response.json<Page<User>>().items.map((user) => user.role)).toEqual([
        'support',
        'qa',
        'developer',
        'developer',
      ]);
    });

    it.each(['asc', 'desc'])('sorts by lastSignInAt %s, those never signed in last', async (order) => {
      await seed();
      await h.db().update(users).set({ lastSignInAt: new Date() }).where(eq(users.username, 'zeta.two'));
      const names = await h.listUsernames({ q: '.example', sort: 'lastSignInAt', order });
      // Only zeta.two signed in: first either way, the three others after it.
      expect(names[0]).toBe('zeta.two');
      expect(names.slice(1).sort()).toEqual(['omega.four', 'omega.three', 'zeta.one']);
    });

    it('sorts by updatedAt, the last changed last', async () => {
      await seed();
      const first = (await h.storedByUsername('zeta.one'))[0]!;
      const before = await h.current(first.id);
      expect((await h.update(first.id, unchanged(before, { firstName: 'Alicia' }))).statusCode).toBe(200);
      const names = await h.listUsernames({ q: '.example', sort: 'updatedAt' });
      expect(names.at(-1)).toBe('zeta.one');
      expect((await h.listUsernames({ q: '.example', sort: 'updatedAt', order: 'desc' }))[0]).toBe(
        'zeta.one',
      );
    });

    it('pages through the results', async () => {
      await seed();
      const query = { q: '.example', pageSize: '3' };
      const first = (await h.list({ ...query, page: '1' })).json<Page<User>>();
      const second = (await h.list({ ...query, page: '2' })).json<Page<User>>();
      const beyond = (await h.list({ ...query, page: '3' })).json<Page<User>>();
      expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
      expect(first.items.map((user) => user.username)).toEqual(['omega.four', 'omega.three', 'zeta.one']);
      expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(second.items.map((user) => user.username)).toEqual(['zeta.two']);
      expect(beyond).toEqual({ items: [], total: 4, totalCapped: false, page: 3, pageSize: 3 });
    });

    it.each([
      ['pageSize above 100', { pageSize: '101' }, 'querystring.pageSize'],
      ['page 0', { page: '0' }, 'querystring.page'],
      ['an unknown sort field', { sort: 'password' }, 'querystring.sort'],
      ['an unknown role', { role: 'root' }, 'querystring.role'],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, query, path) => {
      const body = expectError(await h.list(query), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
    });
  });

  describe('get', () => {
    it('answers the user by id', async () => {
      const user = await h.created({ casinoIds: ['c1'] });
      const response = await h.get(user.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(user);
    });

    it('answers 404 RECORD_NOT_FOUND for an unknown id', async () => {
      const body = expectError(
        await h.inject({ method: 'GET', url: `${BASE}/${UNKNOWN_ID}`, headers: EN }),
        404,
        'RECORD_NOT_FOUND',
      );
      expect(body.message).toBe('The record does not exist (any more).');
    });

    it('answers 400 on params.id for an id that is not a uuid', async () => {
      const body = expectError(await h.get('not-a-uuid'), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['params.id']);
    });
  });

  describe('update', () => {
    it('changes the fields and the scope at the current version and raises the version', async () => {
      const user = await h.created({ casinoIds: ['c1', 'c2'], integrationIds: ['i1'] });
      const response = await h.update(
        user.id,
        unchanged(user, {
          username: 'renamed.user',
          email: 'Renamed@Example.com',
          firstName: 'Renate',
          lastName: 'Renamed',
          role: 'support',
          casinoIds: ['c3', 'c2'],
          integrationIds: [],
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<User>();
      expect(body).toMatchObject({
        id: user.id,
        username: 'renamed.user',
        email: 'renamed@example.com',
        firstName: 'Renate',
        lastName: 'Renamed',
        role: 'support',
        active: true,
        casinoIds: ['c2', 'c3'],
        integrationIds: [],
        version: 2,
        createdAt: user.createdAt,
      });
      expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(user.updatedAt));
      expect(await h.current(user.id)).toEqual(body);
    });

    it('leaves the password alone, even when the body carries one', async () => {
      const user = await h.created();
      const hash = await h.storedHash(user.id);
      const response = await h.update(
        user.id,
        unchanged(user, { firstName: 'Other', password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(await h.storedHash(user.id)).toBe(hash);
      expect(await h.authenticate(user.email, PASSWORD)).toBe(user.id);
    });

    it('refuses a stale version with 409 STALE_VERSION and changes nothing', async () => {
      const user = await h.created({ casinoIds: ['c1'] });
      expect((await h.update(user.id, unchanged(user, { firstName: 'First' }))).statusCode).toBe(200);
      const before = await h.snapshot();
      expectError(
        await h.update(user.id, unchanged(user, { firstName: 'Lost', casinoIds: ['c9'] })),
        409,
        'STALE_VERSION',
      );
      expectError(
        await h.update(user.id, unchanged(user, { firstName: 'Future', version: 7 })),
        409,
        'STALE_VERSION',
      );
      expect(await h.snapshot()).toEqual(before);
      expect(await h.current(user.id)).toMatchObject({ firstName: 'First', casinoIds: ['c1'], version: 2 });
    });

    it.each([
      ['username', { username: 'OTHER.USER' }, 'USERNAME_TAKEN'],
      ['e-mail', { email: 'Other@Example.com' }, 'EMAIL_TAKEN'],
    ] as const)(
      'refuses the %s of another user (any case) with 409, changing nothing',
      async (_label, change, code) => {
        await h.created({ username: 'other.user', email: 'other@example.com' });
        const user = await h.created();
        const before = await h.snapshot();
        expectError(await h.update(user.id, unchanged(user, change)), 409, code);
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it('allows changing only the case of the own username', async () => {
      const user = await h.created({ username: 'lower.case' });
      const response = await h.update(user.id, unchanged(user, { username: 'Lower.Case' }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<User>().username).toBe('Lower.Case');
    });

    it('answers 404 RECORD_NOT_FOUND for an unknown id', async () => {
      const user = await h.created();
      expectError(await h.update(UNKNOWN_ID, unchanged(user)), 404, 'RECORD_NOT_FOUND');
    });

    it.each([
      ['a missing version', { version: undefined }, 'body.version'],
      ['version 0', { version: 0 }, 'body.version'],
      ['an invalid e-mail', { email: 'nope' }, 'body.email'],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, overrides, path) => {
      const user = await h.created();
      const body = expectError(await h.update(user.id, unchanged(user, overrides)), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await h.current(user.id)).toEqual(user);
    });
  });

  describe('delete', () => {
    it('deletes at the current version with 204; the user, credentials and scope are gone', async () => {
      const user = await h.created({ casinoIds: ['c1'], integrationIds: ['i1'] });
      const response = await h.remove(user.id, 1);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect(await h.stored(user.id)).toBeUndefined();
      expect(await h.storedHash(user.id)).toBeUndefined();
      const snapshot = await h.snapshot();
      expect(snapshot.casinoScopes.filter((scope) => scope.userId === user.id)).toEqual([]);
      expect(snapshot.integrationScopes.filter((scope) => scope.userId === user.id)).toEqual([]);
      expectError(await h.get(user.id), 404, 'RECORD_NOT_FOUND');
      expectError(await h.remove(user.id, 1), 404, 'RECORD_NOT_FOUND');
      expect(await h.authenticate(user.email, PASSWORD)).toBeNull();
    });

    it('refuses a stale version with 409 STALE_VERSION and keeps the user', async () => {
      const user = await h.created();
      await h.update(user.id, unchanged(user, { firstName: 'Changed' }));
      const before = await h.snapshot();
      expectError(await h.remove(user.id, 1), 409, 'STALE_VERSION');
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses a delete without version with 400 on querystring.version', async () => {
      const user = await h.created();
      const body = expectError(await h.remove(user.id), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual(['querystring.version']);
      expect(await h.stored(user.id)).toBeDefined();
    });

    it('answers 404 for an unknown id', async () => {
      expectError(await h.remove(UNKNOWN_ID, 1), 404, 'RECORD_NOT_FOUND');
    });

    it('frees the username and e-mail for a new user', async () => {
      const user = await h.created({ username: 'reused', email: 'reused@example.com' });
      await h.remove(user.id, 1);
      expect((await h.create(newUser({ username: 'REUSED', email: 'reused@example.com' }))).statusCode).toBe(
        201,
      );
    });
  });

  describe('password reset', () => {
    it('sets a new password: 204, only the new one works, stored as argon2id, version raised', async () => {
      const user = await h.created();
      const hashBefore = await h.storedHash(user.id);
      const response = await h.resetPassword(user.id, {
        password: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      const hashAfter = await h.storedHash(user.id);
      expect(hashAfter).toMatch(ARGON2ID);
      expect(hashAfter).not.toBe(hashBefore);
      expect(await h.authenticate(user.email, NEW_PASSWORD)).toBe(user.id);
      expect(await h.authenticate(user.email, PASSWORD)).toBeNull();
      // Concurrent editors notice: the version went up.
      expect((await h.current(user.id)).version).toBe(2);
      expectError(await h.update(user.id, unchanged(user, { firstName: 'Late' })), 409, 'STALE_VERSION');
    });

    it.each([
      ['English via the language cookie', EN, "Passwords don't match."],
      ['German by default', {}, 'Die Passwörter stimmen nicht überein.'],
    ])(
      'refuses a mismatched repeat with 400 PASSWORDS_DONT_MATCH (%s), nothing changed',
      async (_label, headers, message) => {
        const user = await h.created();
        const before = await h.snapshot();
        const response = await h.resetPassword(
          user.id,
          { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD.toUpperCase() },
          headers,
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({
          statusCode: 400,
          code: 'PASSWORDS_DONT_MATCH',
          message,
          details: [{ path: 'body.passwordRepeat', message }],
        });
        expect(await h.snapshot()).toEqual(before);
        expect(await h.authenticate(user.email, PASSWORD)).toBe(user.id);
      },
    );

    it('answers 404 for an unknown user and writes nothing', async () => {
      const before = await h.snapshot();
      expectError(
        await h.resetPassword(UNKNOWN_ID, { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD }),
        404,
        'RECORD_NOT_FOUND',
      );
      expect(await h.snapshot()).toEqual(before);
    });

    it('refuses a new password shorter than 12 characters with 400', async () => {
      const user = await h.created();
      const body = expectError(
        await h.resetPassword(user.id, { password: 'short', passwordRepeat: 'short' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['body.password']);
      expect(await h.authenticate(user.email, PASSWORD)).toBe(user.id);
    });
  });

  describe('own user', () => {
    /** A fresh admin acting on their own record (so a regression cannot demote the suite's admin). */
    async function ownAdmin() {
      const admin = await ctx().signIn('admin');
      const own = await h.current(admin.userId);
      const as = (options: InjectOptions) => admin.inject(options);
      return { admin, own, as };
    }

    async function expectOwnUser(response: Response) {
      const body = expectError(response, 403, 'OWN_USER');
      expect(body.message).toBe('This action cannot be processed on the own user.');
    }

    it('refuses deleting the own user with 403 OWN_USER, changing nothing', async () => {
      const { own, as } = await ownAdmin();
      const before = await h.snapshot();
      await expectOwnUser(
        await as({
          method: 'DELETE',
          url: `${BASE}/${own.id}`,
          query: { version: String(own.version) },
          headers: EN,
        }),
      );
      expect(await h.snapshot()).toEqual(before);
      expect((await as({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    });

    it('answers OWN_USER in German by default', async () => {
      const { own, as } = await ownAdmin();
      const response = await as({
        method: 'DELETE',
        url: `${BASE}/${own.id}`,
        query: { version: String(own.version) },
      });
      const body = expectError(response, 403, 'OWN_USER');
      expect(body.message).toBe('Diese Aktion kann nicht auf den eigenen Benutzer angewendet werden.');
    });

    it.each([
      ['deactivating the own user', { active: false }],
      ['changing the own role to developer', { role: 'developer' }],
      ['changing the own role to visitor', { role: 'visitor' }],
      ['changing the own casino scope', { casinoIds: ['c1'] }],
      ['changing the own integration scope', { integrationIds: ['i1'] }],
      ['deactivating while also renaming', { active: false, firstName: 'Sneaky' }],
    ])('refuses %s with 403 OWN_USER, changing nothing', async (_label, change) => {
      const { own, as } = await ownAdmin();
      const before = await h.snapshot();
      await expectOwnUser(
        await as({ method: 'PUT', url: `${BASE}/${own.id}`, payload: unchanged(own, change), headers: EN }),
      );
      expect(await h.snapshot()).toEqual(before);
      expect(await h.current(own.id)).toEqual(own);
      // Still a signed-in admin.
      expect((await as({ method: 'GET', url: BASE })).statusCode).toBe(200);
    });

    it('allows changing the own names, audited', async () => {
      const { admin, own, as } = await ownAdmin();
      const response = await as({
        method: 'PUT',
        url: `${BASE}/${own.id}`,
        payload: unchanged(own, { firstName: 'Ada', lastName: 'Admin' }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<User>()).toMatchObject({
        firstName: 'Ada',
        lastName: 'Admin',
        role: 'admin',
        active: true,
        version: own.version + 1,
      });
      const entries = await h.auditFor(own.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'update',
        actorId: admin.userId,
        actorName: admin.username,
      });
      expect(entries[0]!.changes).toEqual({
        firstName: { before: own.firstName, after: 'Ada' },
        lastName: { before: own.lastName, after: 'Admin' },
      });
    });

    it('allows resetting the own password, keeping the own session', async () => {
      const { admin, as } = await ownAdmin();
      const response = await as({
        method: 'PUT',
        url: `${BASE}/${admin.userId}/password`,
        payload: { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(await h.authenticate(admin.email, NEW_PASSWORD)).toBe(admin.userId);
      expect((await as({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    });

    it('lets another admin deactivate and demote an admin (only the own user is protected)', async () => {
      const { own } = await ownAdmin();
      const response = await h.update(own.id, unchanged(own, { role: 'visitor', active: false }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<User>()).toMatchObject({ role: 'visitor', active: false });
    });
  });

  describe('ending sessions', () => {
    /** A signed-in user with two back-office sessions and one at the identity server. */
    async function signedInTwice(role: Role = 'support') {
      const user = await ctx().signIn(role);
      const second = await h.extraSession(user.userId);
      const identitySessionId = await h.identitySession(user.userId);
      expect((await user.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
      expect(await h.sessionCount(user.userId)).toBe(2);
      return { ...user, second, identitySessionId };
    }

    async function expectSignedOut(user: Awaited<ReturnType<typeof signedInTwice>>) {
      expect(await h.sessionCount(user.userId)).toBe(0);
      expect(await h.identitySessionCount(user.userId)).toBe(0);
      expectError(await user.inject({ method: 'GET', url: '/api/account' }), 401, 'UNAUTHENTICATED');
      expectError(
        await h.asSession(user.second, { method: 'GET', url: '/api/account' }),
        401,
        'UNAUTHENTICATED',
      );
    }

    async function expectStillSignedIn(user: Awaited<ReturnType<typeof signedInTwice>>) {
      expect(await h.sessionCount(user.userId)).toBe(2);
      expect(await h.identitySessionCount(user.userId)).toBe(1);
      expect((await user.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    }

    it('deactivating a user ends all their sessions at once, here and at the identity server', async () => {
      const target = await signedInTwice();
      const bystander = await signedInTwice('qa');
      const record = await h.current(target.userId);
      const response = await h.update(target.userId, unchanged(record, { active: false }));
      expect(response.statusCode, response.body).toBe(200);
      await expectSignedOut(target);
      await expectStillSignedIn(bystander);
    });

    it('keeps the old sessions ended when the user is activated again', async () => {
      const target = await signedInTwice();
      const record = await h.current(target.userId);
      const deactivated = (await h.update(target.userId, unchanged(record, { active: false }))).json<User>();
      expect((await h.update(target.userId, unchanged(deactivated, { active: true }))).statusCode).toBe(200);
      await expectSignedOut(target);
    });

    it('other changes (names, role, scope) keep the sessions', async () => {
      const target = await signedInTwice();
      const record = await h.current(target.userId);
      const response = await h.update(
        target.userId,
        unchanged(record, { firstName: 'Still', role: 'visitor', casinoIds: ['c1'] }),
      );
      expect(response.statusCode, response.body).toBe(200);
      await expectStillSignedIn(target);
    });

    it('deleting a user ends all their sessions at once', async () => {
      const target = await signedInTwice();
      const bystander = await signedInTwice('qa');
      const record = await h.current(target.userId);
      expect((await h.remove(target.userId, record.version)).statusCode).toBe(204);
      await expectSignedOut(target);
      await expectStillSignedIn(bystander);
    });

    it('resetting a password ends all sessions of the user; only the new password works', async () => {
      const target = await signedInTwice();
      const bystander = await signedInTwice('qa');
      const response = await h.resetPassword(target.userId, {
        password: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(204);
      await expectSignedOut(target);
      await expectStillSignedIn(bystander);
      // A request at the identity server that loaded the old session before saves it after: it stays ended.
      const Adapter = createOidcAdapterClass(ctx().database.db);
      await new Adapter('Session').upsert(target.identitySessionId, { accountId: target.userId }, 3600);
      expect(await h.identitySessionCount(target.userId)).toBe(0);
      expect(await new Adapter('Session').find(target.identitySessionId)).toBeUndefined();
      expect(await h.authenticate(target.email, NEW_PASSWORD)).toBe(target.userId);
      expect(await h.authenticate(target.email, TEST_PASSWORD)).toBeNull();
    });
  });

  describe('audit trail', () => {
    /** Every audit entry must be free of passwords and hashes. */
    async function expectNoSecrets(...secrets: string[]) {
      const text = JSON.stringify((await h.allAudit()).map((entry) => entry.changes));
      for (const secret of [PASSWORD, NEW_PASSWORD, TEST_PASSWORD, ...secrets])
        expect(text).not.toContain(secret);
      expect(text).not.toContain('argon2');
      expect(text.toLowerCase()).not.toContain('password');
    }

    it('records a create by the admin with the new fields and no password or hash', async () => {
      const admin = await h.me();
      const user = await h.created({ casinoIds: ['c1'] });
      const entries = await h.auditFor(user.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        entityType: 'user',
        entityId: user.id,
        action: 'create',
        actorId: admin.id,
        actorName: admin.username,
      });
      expect(entries[0]!.changes).toMatchObject({
        username: { before: null, after: user.username },
        email: { before: null, after: user.email },
        role: { before: null, after: 'developer' },
        active: { before: null, after: true },
        casinoIds: { before: null, after: ['c1'] },
      });
      expect(entries[0]!.changes).not.toHaveProperty('version');
      await expectNoSecrets((await h.storedHash(user.id))!);
    });

    it('records an update with exactly the before and after of the changed fields', async () => {
      const user = await h.created({ casinoIds: ['c1'] });
      await h.update(user.id, unchanged(user, { lastName: 'Changed', role: 'qa', casinoIds: ['c1', 'c2'] }));
      const entries = await h.auditFor(user.id);
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
      expect(entries[1]!.actorId).toBe((await h.me()).id);
      expect(entries[1]!.changes).toEqual({
        lastName: { before: 'Newcomer', after: 'Changed' },
        role: { before: 'developer', after: 'qa' },
        casinoIds: { before: ['c1'], after: ['c1', 'c2'] },
      });
    });

    it('records a deactivation as active going from true to false', async () => {
      const user = await h.created();
      await h.update(user.id, unchanged(user, { active: false }));
      const entries = await h.auditFor(user.id);
      expect(entries[1]!.changes).toEqual({ active: { before: true, after: false } });
    });

    it('records a delete with the fields going to nothing', async () => {
      const user = await h.created();
      await h.remove(user.id, 1);
      const entries = await h.auditFor(user.id);
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'delete']);
      expect(entries[1]!.changes).toMatchObject({ username: { before: user.username, after: null } });
      await expectNoSecrets();
    });

    it('records a password reset without the password or any hash', async () => {
      const user = await h.created();
      const oldHash = (await h.storedHash(user.id))!;
      await h.resetPassword(user.id, { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD });
      const entries = await h.auditFor(user.id);
      expect(entries.map((entry) => entry.action)).toEqual(['create', 'reset-password']);
      expect(entries[1]).toMatchObject({ entityType: 'user', actorId: (await h.me()).id });
      await expectNoSecrets(oldHash, (await h.storedHash(user.id))!);
    });

    it('writes no entry when a write is refused', async () => {
      const user = await h.created({ username: 'existing' });
      const self = await ctx().signIn('admin');
      const own = await h.current(self.userId);
      const before = (await h.allAudit()).length;
      expectError(await h.create(newUser({ username: 'EXISTING' })), 409, 'USERNAME_TAKEN');
      expectError(
        await h.create(newUser({ passwordRepeat: 'different passphrase' })),
        400,
        'PASSWORDS_DONT_MATCH',
      );
      expectError(await h.update(user.id, unchanged(user, { version: 9 })), 409, 'STALE_VERSION');
      expectError(
        await self.inject({
          method: 'PUT',
          url: `${BASE}/${own.id}`,
          payload: unchanged(own, { role: 'qa' }),
        }),
        403,
        'OWN_USER',
      );
      expectError(
        await self.inject({
          method: 'DELETE',
          url: `${BASE}/${own.id}`,
          query: { version: String(own.version) },
        }),
        403,
        'OWN_USER',
      );
      expectError(await h.remove(user.id, 9), 409, 'STALE_VERSION');
      expect((await h.allAudit()).length).toBe(before);
    });

    it('rolls the create back when its audit entry cannot be written (same transaction)', async () => {
      const payload = newUser();
      await h.withFailingAudit(async () => {
        expectError(await h.create(payload), 500, 'INTERNAL');
      });
      expect(await h.storedByUsername(payload.username as string)).toEqual([]);
      expect(await h.authenticate(payload.email as string, PASSWORD)).toBeNull();
    });

    it('rolls a deactivation back, sessions included, when its audit entry cannot be written', async () => {
      const target = await ctx().signIn('support');
      const record = await h.current(target.userId);
      const before = await h.snapshot();
      await h.withFailingAudit(async () => {
        expectError(await h.update(target.userId, unchanged(record, { active: false })), 500, 'INTERNAL');
      });
      expect(await h.snapshot()).toEqual(before);
      expect((await target.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    });

    it('rolls the delete back when its audit entry cannot be written', async () => {
      const target = await ctx().signIn('support');
      const before = await h.snapshot();
      await h.withFailingAudit(async () => {
        expectError(await h.remove(target.userId, 1), 500, 'INTERNAL');
      });
      expect(await h.snapshot()).toEqual(before);
      expect((await target.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    });

    it('rolls the password reset back when its audit entry cannot be written', async () => {
      const target = await ctx().signIn('support');
      const before = await h.snapshot();
      await h.withFailingAudit(async () => {
        expectError(
          await h.resetPassword(target.userId, { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD }),
          500,
          'INTERNAL',
        );
      });
      expect(await h.snapshot()).toEqual(before);
      expect(await h.authenticate(target.email, TEST_PASSWORD)).toBe(target.userId);
    });

    it('keeps no entry of a create or update whose commit fails', async () => {
      const user = await h.created();
      const before = await h.snapshot();
      await h.withFailingCommit(async () => {
        expectError(await h.create(newUser()), 500, 'INTERNAL');
        expectError(await h.update(user.id, unchanged(user, { firstName: 'Never' })), 500, 'INTERNAL');
      });
      expect(await h.snapshot()).toEqual(before);
    });
  });

  describe('permissions', () => {
    type Endpoint = [label: string, request: (targetId: string) => InjectOptions];
    const endpoints: Endpoint[] = [
      ['GET /api/users', () => ({ method: 'GET', url: BASE })],
      ['GET /api/users/:id', (id) => ({ method: 'GET', url: `${BASE}/${id}` })],
      ['POST /api/users', () => ({ method: 'POST', url: BASE, payload: newUser({ username: 'intruder' }) })],
      [
        'PUT /api/users/:id',
        (id) => ({
          method: 'PUT',
          url: `${BASE}/${id}`,
          payload: { ...newUser({ role: 'admin' }), version: 1 },
        }),
      ],
      [
        'DELETE /api/users/:id',
        (id) => ({ method: 'DELETE', url: `${BASE}/${id}`, query: { version: '1' } }),
      ],
      [
        'PUT /api/users/:id/password',
        (id) => ({
          method: 'PUT',
          url: `${BASE}/${id}/password`,
          payload: { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
        }),
      ],
    ];

    describe.each(NON_ADMIN_ROLES)('as %s', (role) => {
      it.each(endpoints)(
        '%s answers 403 NO_PERMISSION "Keine Berechtigung." and changes nothing',
        async (_label, request) => {
          const target = await h.created();
          const user = await ctx().signIn(role);
          const before = await h.snapshot();
          const body = expectError(await user.inject(request(target.id)), 403, 'NO_PERMISSION');
          expect(body).toEqual({ statusCode: 403, code: 'NO_PERMISSION', message: 'Keine Berechtigung.' });
          expect(await h.snapshot()).toEqual(before);
        },
      );

      it('is refused on the own record too', async () => {
        const user = await ctx().signIn(role);
        const record = (await h.snapshot()).userRows.find((row) => row.id === user.userId)!;
        const response = await user.inject({
          method: 'PUT',
          url: `${BASE}/${user.userId}`,
          payload: {
            ...newUser({ username: user.username, email: user.email, role: 'admin' }),
            version: record.version,
          },
        });
        expectError(response, 403, 'NO_PERMISSION');
        expect((await h.stored(user.userId))?.role).toBe(role);
      });
    });

    it.each(endpoints)(
      '%s answers 401 UNAUTHENTICATED without a session, changing nothing',
      async (_label, request) => {
        const target = await h.created();
        const before = await h.snapshot();
        const options = request(target.id);
        const response = await ctx().app.inject({
          ...options,
          headers: { 'x-requested-with': 'backoffice' },
        });
        const body = expectError(response, 401, 'UNAUTHENTICATED');
        expect(body.message).toBe('Bitte melden Sie sich an.');
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it.each(endpoints)('%s answers 401 with a session token that does not exist', async (_label, request) => {
      const target = await h.created();
      const response = await ctx().app.inject({
        ...request(target.id),
        headers: { cookie: `${SESSION_COOKIE}=forged-token`, 'x-requested-with': 'backoffice' },
      });
      expectError(response, 401, 'UNAUTHENTICATED');
    });
  });

  describe('CSRF defence', () => {
    type Change = [label: string, request: (target: User) => InjectOptions];
    const changes: Change[] = [
      [
        'POST /api/users',
        () => ({ method: 'POST', url: BASE, payload: newUser({ username: 'csrf.victim' }) }),
      ],
      [
        'PUT /api/users/:id',
        (target) => ({
          method: 'PUT',
          url: `${BASE}/${target.id}`,
          payload: unchanged(target, { active: false }),
        }),
      ],
      [
        'DELETE /api/users/:id',
        (target) => ({
          method: 'DELETE',
          url: `${BASE}/${target.id}`,
          query: { version: String(target.version) },
        }),
      ],
      [
        'PUT /api/users/:id/password',
        (target) => ({
          method: 'PUT',
          url: `${BASE}/${target.id}/password`,
          payload: { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
        }),
      ],
    ];

    /** The admin's session cookie, without the CSRF header. */
    async function adminCookie(): Promise<string> {
      const admin = await ctx().signIn('admin');
      return admin.headers.cookie!;
    }

    it.each(changes)(
      '%s without x-requested-with: backoffice answers 403, nothing written',
      async (_label, request) => {
        const target = await h.created();
        const cookie = await adminCookie();
        const before = await h.snapshot();
        const response = await ctx().app.inject({ ...request(target), headers: { cookie } });
        expectError(response, 403, 'NO_PERMISSION');
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it.each(changes)('%s with a wrong x-requested-with value answers 403', async (_label, request) => {
      const target = await h.created();
      const cookie = await adminCookie();
      const before = await h.snapshot();
      const response = await ctx().app.inject({
        ...request(target),
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      });
      expectError(response, 403, 'NO_PERMISSION');
      expect(await h.snapshot()).toEqual(before);
    });

    it.each(changes)(
      '%s from origin https://evil.example answers 403, nothing written',
      async (_label, request) => {
        const target = await h.created();
        const before = await h.snapshot();
        const response = await h.inject({ ...request(target), headers: { origin: 'https://evil.example' } });
        expectError(response, 403, 'NO_PERMISSION');
        expect(await h.snapshot()).toEqual(before);
      },
    );

    it('accepts a change from the own origin', async () => {
      const response = await h.inject({
        method: 'POST',
        url: BASE,
        payload: newUser(),
        headers: { origin: 'http://localhost:3000' },
      });
      expect(response.statusCode, response.body).toBe(201);
    });
  });
});
