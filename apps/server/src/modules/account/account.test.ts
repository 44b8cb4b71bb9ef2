import {
  errorMessage,
  permissionsOf,
  roles,
  type Account,
  type ErrorBody,
  type ErrorCode,
} from '@backoffice/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, identityCredentials, users } from '../../db/schema/index';
import { describeEachEngine, TEST_PASSWORD, type SignedIn, type TestContext } from '../../test/app';
import { clearAuditTrail } from '../../test/databases';
import { loadConfig } from '../../config';
import { SESSION_COOKIE } from '../auth/auth.routes';
import { createSessionsService } from '../auth/sessions.service';
import { createEmbeddedIdentityService } from '../identity/identity.service';

const BASE = '/api/account';
const NEW_PASSWORD = 'a brand new passphrase 42';

function expectError(
  response: { statusCode: number; json: <T>() => T; body: string },
  statusCode: number,
  code: ErrorCode,
): ErrorBody {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json<ErrorBody>();
  expect(body).toMatchObject({ statusCode, code });
  return body;
}

function helpers(ctx: () => TestContext) {
  const db = () => ctx().database.db;

  const getAccount = (user: SignedIn, headers: Record<string, string> = {}) =>
    user.inject({ method: 'GET', url: BASE, headers });

  const updateNames = (user: SignedIn, payload: Record<string, unknown>) =>
    user.inject({ method: 'PUT', url: BASE, payload });

  const changePassword = (
    user: SignedIn,
    payload: Record<string, unknown>,
    headers: InjectOptions['headers'] = {},
  ) => user.inject({ method: 'PUT', url: `${BASE}/password`, payload, headers });

  async function storedUser(id: string) {
    const [row] = await db().select().from(users).where(eq(users.id, id));
    return row;
  }

  async function storedHash(id: string) {
    const [row] = await db()
      .select({ hash: identityCredentials.passwordHash })
      .from(identityCredentials)
      .where(eq(identityCredentials.userId, id));
    return row?.hash;
  }

  async function auditFor(id: string) {
    return db().select().from(auditEntries).where(eq(auditEntries.entityId, id)).orderBy(auditEntries.id);
  }

  const authenticate = (email: string, password: string) =>
    createEmbeddedIdentityService(db()).authenticate(email, password);

  return { getAccount, updateNames, changePassword, storedUser, storedHash, auditFor, authenticate };
}

describeEachEngine('account API', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    await clearAuditTrail(ctx().database.db);
  });

  describe('GET /api/account', () => {
    it.each(roles)('answers the own profile of a %s with the permissions of the role', async (role) => {
      const user = await ctx().signIn(role);
      const response = await h.getAccount(user);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Account>()).toEqual({
        id: user.userId,
        username: user.username,
        email: user.email,
        firstName: 'Test',
        lastName: role,
        role,
        permissions: permissionsOf(role),
        casinoIds: [],
        integrationIds: [],
      });
    });

    it('includes the scope of the user, sorted', async () => {
      const user = await ctx().signIn('support', {
        casinoIds: ['casino-b', 'casino-a'],
        integrationIds: ['int-x'],
      });
      const account = (await h.getAccount(user)).json<Account>();
      expect(account.casinoIds).toEqual(['casino-a', 'casino-b']);
      expect(account.integrationIds).toEqual(['int-x']);
    });

    it('never includes a password or its hash', async () => {
      const user = await ctx().signIn('qa');
      const response = await h.getAccount(user);
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toContain(TEST_PASSWORD);
      expect(Object.keys(response.json<Account>())).not.toContain('password');
    });

    it('answers 401 UNAUTHENTICATED without a session', async () => {
      const body = expectError(await ctx().app.inject({ method: 'GET', url: BASE }), 401, 'UNAUTHENTICATED');
      expect(body.message).toBe(errorMessage('UNAUTHENTICATED', 'de'));
    });

    it('answers 401 for a session whose user was deleted meanwhile', async () => {
      const user = await ctx().signIn('visitor');
      await ctx().changeBehindTheApp(() => ctx().database.db.delete(users).where(eq(users.id, user.userId)));
      expectError(await h.getAccount(user), 401, 'UNAUTHENTICATED');
    });
  });

  describe('PUT /api/account (names)', () => {
    it('changes the own first and last name, trimmed, and raises the version', async () => {
      const user = await ctx().signIn('accountant');
      const before = await h.storedUser(user.userId);
      const response = await h.updateNames(user, { firstName: ' Ada ', lastName: ' Lovelace ' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Account>()).toMatchObject({
        id: user.userId,
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'accountant',
        permissions: permissionsOf('accountant'),
      });
      expect(await h.storedUser(user.userId)).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        version: before!.version + 1,
      });
      expect((await h.getAccount(user)).json<Account>()).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
    });

    it('audits the change with exactly the before and after of the names, by the user', async () => {
      const user = await ctx().signIn('visitor');
      await h.updateNames(user, { firstName: 'Grace', lastName: 'visitor' });
      const entries = await h.auditFor(user.userId);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        entityType: 'user',
        entityId: user.userId,
        action: 'update',
        actorId: user.userId,
        actorName: user.username,
      });
      expect(entries[0]!.changes).toEqual({ firstName: { before: 'Test', after: 'Grace' } });
    });

    it('ignores attempts to change role, e-mail, username or scope through the own account', async () => {
      const user = await ctx().signIn('visitor', { casinoIds: ['casino-a'] });
      const response = await h.updateNames(user, {
        firstName: 'Eve',
        lastName: 'Mallory',
        role: 'admin',
        email: 'eve@evil.example',
        username: 'eve',
        active: false,
        casinoIds: ['casino-a', 'casino-b'],
        permissions: ['noRestrictions'],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Account>()).toMatchObject({
        role: 'visitor',
        email: user.email,
        username: user.username,
        casinoIds: ['casino-a'],
        permissions: permissionsOf('visitor'),
      });
      expect(await h.storedUser(user.userId)).toMatchObject({
        role: 'visitor',
        email: user.email,
        username: user.username,
        active: true,
      });
      // The user is still signed in and still a visitor.
      expect((await h.getAccount(user)).json<Account>().role).toBe('visitor');
    });

    it.each([
      ['a missing last name', { firstName: 'Ada' }, 'body.lastName'],
      ['a first name of 101 characters', { firstName: 'A'.repeat(101), lastName: 'L' }, 'body.firstName'],
    ])('refuses %s with 400 VALIDATION_FAILED and changes nothing', async (_label, payload, path) => {
      const user = await ctx().signIn('qa');
      const body = expectError(await h.updateNames(user, payload), 400, 'VALIDATION_FAILED');
      expect(body.details?.map((detail) => detail.path)).toEqual([path]);
      expect(await h.storedUser(user.userId)).toMatchObject({
        firstName: 'Test',
        lastName: 'qa',
        version: 1,
      });
      expect(await h.auditFor(user.userId)).toEqual([]);
    });

    it('refuses a change without the x-requested-with header (CSRF) with 403', async () => {
      const user = await ctx().signIn('developer');
      const response = await ctx().app.inject({
        method: 'PUT',
        url: BASE,
        payload: { firstName: 'Csrf', lastName: 'Victim' },
        headers: { cookie: user.headers.cookie! },
      });
      expectError(response, 403, 'NO_PERMISSION');
      expect(await h.storedUser(user.userId)).toMatchObject({ firstName: 'Test', version: 1 });
    });

    it('answers 401 without a session', async () => {
      const response = await ctx().app.inject({
        method: 'PUT',
        url: BASE,
        payload: { firstName: 'A', lastName: 'B' },
        headers: { 'x-requested-with': 'backoffice' },
      });
      expectError(response, 401, 'UNAUTHENTICATED');
    });
  });

  describe('PUT /api/account/password', () => {
    it('refuses a wrong current password with 400 CURRENT_PASSWORD_WRONG and keeps the password', async () => {
      const user = await ctx().signIn('support');
      const hashBefore = await h.storedHash(user.userId);
      const body = expectError(
        await h.changePassword(
          user,
          { currentPassword: 'not my password', password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
          { cookie: 'lang=en' },
        ),
        400,
        'CURRENT_PASSWORD_WRONG',
      );
      expect(body.message).toBe('The current password is not correct.');
      expect(await h.storedHash(user.userId)).toBe(hashBefore);
      expect(await h.authenticate(user.email, TEST_PASSWORD)).toBe(user.userId);
      expect(await h.authenticate(user.email, NEW_PASSWORD)).toBeNull();
      expect(await h.auditFor(user.userId)).toEqual([]);
    });

    it('answers CURRENT_PASSWORD_WRONG in German by default', async () => {
      const user = await ctx().signIn('support');
      const body = expectError(
        await h.changePassword(user, {
          currentPassword: 'not my password',
          password: NEW_PASSWORD,
          passwordRepeat: NEW_PASSWORD,
        }),
        400,
        'CURRENT_PASSWORD_WRONG',
      );
      expect(body.message).toBe('Das aktuelle Passwort ist nicht korrekt.');
    });

    it('changes the password with the right current one: 204, and only the new password works', async () => {
      const user = await ctx().signIn('developer');
      const hashBefore = await h.storedHash(user.userId);
      const response = await h.changePassword(user, {
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      const hashAfter = await h.storedHash(user.userId);
      expect(hashAfter).not.toBe(hashBefore);
      expect(hashAfter).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await h.authenticate(user.email, NEW_PASSWORD)).toBe(user.userId);
      expect(await h.authenticate(user.email, TEST_PASSWORD)).toBeNull();
      // The current session stays usable.
      expect((await h.getAccount(user)).statusCode).toBe(200);
    });

    it('audits the change without any password or hash in the changes, and bumps the version', async () => {
      const user = await ctx().signIn('qa');
      await h.changePassword(user, {
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
      });
      const entries = await h.auditFor(user.userId);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        entityType: 'user',
        action: 'change-password',
        actorId: user.userId,
        actorName: user.username,
      });
      const text = JSON.stringify(entries[0]!.changes);
      expect(text).not.toContain(NEW_PASSWORD);
      expect(text).not.toContain(TEST_PASSWORD);
      expect(text).not.toContain('argon2');
      expect(text.toLowerCase()).not.toContain('password');
      expect((await h.storedUser(user.userId))?.version).toBe(2);
    });

    it.each([
      ['English via the language cookie', { cookie: 'lang=en' }, "Passwords don't match."],
      ['German by default', {}, 'Die Passwörter stimmen nicht überein.'],
    ])(
      'refuses a mismatched repeat with 400 PASSWORDS_DONT_MATCH (%s) and keeps the password',
      async (_label, headers, message) => {
        const user = await ctx().signIn('accountant');
        const hashBefore = await h.storedHash(user.userId);
        const response = await h.changePassword(
          user,
          { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordRepeat: `${NEW_PASSWORD}!` },
          headers,
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({
          statusCode: 400,
          code: 'PASSWORDS_DONT_MATCH',
          message,
          details: [{ path: 'body.passwordRepeat', message }],
        });
        expect(await h.storedHash(user.userId)).toBe(hashBefore);
        expect(await h.authenticate(user.email, TEST_PASSWORD)).toBe(user.userId);
        expect(await h.auditFor(user.userId)).toEqual([]);
      },
    );

    it('refuses a new password shorter than 12 characters with 400 VALIDATION_FAILED', async () => {
      const user = await ctx().signIn('visitor');
      const body = expectError(
        await h.changePassword(user, {
          currentPassword: TEST_PASSWORD,
          password: 'short',
          passwordRepeat: 'short',
        }),
        400,
        'VALIDATION_FAILED',
      );
      expect(body.details?.map((detail) => detail.path)).toEqual(['body.password']);
      expect(await h.authenticate(user.email, TEST_PASSWORD)).toBe(user.userId);
    });

    it('refuses a change without the x-requested-with header (CSRF) with 403', async () => {
      const user = await ctx().signIn('visitor');
      const response = await ctx().app.inject({
        method: 'PUT',
        url: `${BASE}/password`,
        payload: { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
        headers: { cookie: user.headers.cookie! },
      });
      expectError(response, 403, 'NO_PERMISSION');
      expect(await h.authenticate(user.email, TEST_PASSWORD)).toBe(user.userId);
    });

    it('refuses a change from a foreign origin with 403', async () => {
      const user = await ctx().signIn('visitor');
      const response = await h.changePassword(
        user,
        { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
        { origin: 'https://evil.example' },
      );
      expectError(response, 403, 'NO_PERMISSION');
      expect(await h.authenticate(user.email, TEST_PASSWORD)).toBe(user.userId);
    });

    it('answers 401 without a session', async () => {
      const response = await ctx().app.inject({
        method: 'PUT',
        url: `${BASE}/password`,
        payload: { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
        headers: { 'x-requested-with': 'backoffice' },
      });
      expectError(response, 401, 'UNAUTHENTICATED');
    });
  });

  describe('PUT /api/account/password: other sessions and guessing', () => {
    it("ends the user's other sessions and keeps the one that made the change", async () => {
      const h = helpers(ctx);
      const user = await ctx().signIn('developer');
      // A second browser of the same user.
      const sessions = createSessionsService({
        database: ctx().database,
        config: loadConfig({ NODE_ENV: 'test' }),
        oidc: () => {
          throw new Error('no identity-server tokens in this test');
        },
        log: ctx().app.log,
      });
      const other = await sessions.create(user.userId, {
        accessToken: 'test',
        refreshToken: undefined,
        idToken: undefined,
        accessTokenExpiresAt: undefined,
      });
      const otherHeaders = { cookie: `${SESSION_COOKIE}=${other.token}` };
      expect((await h.getAccount(user, {})).statusCode).toBe(200);
      expect((await ctx().app.inject({ method: 'GET', url: BASE, headers: otherHeaders })).statusCode).toBe(
        200,
      );

      const changed = await h.changePassword(user, {
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(204);
      expect((await h.getAccount(user)).statusCode).toBe(200);
      expect((await ctx().app.inject({ method: 'GET', url: BASE, headers: otherHeaders })).statusCode).toBe(
        401,
      );
    });

    it('refuses further tries after repeated wrong current passwords with 429, even a right one', async () => {
      const h = helpers(ctx);
      const user = await ctx().signIn('qa');
      for (let attempt = 1; attempt <= 4; attempt++) {
        const wrong = await h.changePassword(user, {
          currentPassword: `wrong ${attempt}`,
          password: NEW_PASSWORD,
          passwordRepeat: NEW_PASSWORD,
        });
        expectError(wrong, 400, 'CURRENT_PASSWORD_WRONG');
      }
      const blocked = await h.changePassword(user, {
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
      });
      expectError(blocked, 429, 'TOO_MANY_REQUESTS');
      expect(await h.authenticate(user.email, TEST_PASSWORD)).toBe(user.userId);
    });
  });

  describe('every role can use its own account', () => {
    it.each(roles)('a %s reads the profile, changes the names and the password', async (role) => {
      const user = await ctx().signIn(role);
      expect((await h.getAccount(user)).statusCode).toBe(200);
      const renamed = await h.updateNames(user, { firstName: 'Own', lastName: role });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<Account>()).toMatchObject({ firstName: 'Own', role });
      const changed = await h.changePassword(user, {
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
      });
      expect(changed.statusCode, changed.body).toBe(204);
      expect(await h.authenticate(user.email, NEW_PASSWORD)).toBe(user.userId);
    });
  });
});
