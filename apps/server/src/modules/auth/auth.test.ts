/**
 * Sign-in through the real code flow: the BFF, the embedded identity server and its sign-in page, with a
 * cookie-keeping test browser. Also restarts, a second instance, token refresh and session limits.
 */
import { createServer } from 'node:net';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { decrypt, deriveKey } from '../../lib/crypto';
import { auditEntries, oidcPayloads, sessions } from '../../db/schema/index';
import { createTestApp, describeEachEngine, signInTo, TEST_PASSWORD } from '../../test/app';
import { createOidcAdapterClass, grantIdsOf } from '../identity/oidc-adapter';
import { IDENTITY_SESSION_COOKIE } from '../identity/oidc-provider';
import { formAction, httpTransport, injectTransport, signInThrough, TestBrowser } from '../../test/browser';
import {
  LOGIN_COOKIE_PREFIX,
  loginCookieName,
  MAX_LOGINS_IN_PROGRESS,
  safeReturnTo,
  SESSION_COOKIE,
  SIGNED_OUT_COOKIE,
} from './auth.routes';

const ORIGIN = 'http://localhost:3000';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The web app's sign-out request, as its menu sends it. */
const postLogout = (browser: TestBrowser) =>
  browser.request('/auth/logout', { method: 'POST', headers: { 'x-requested-with': 'backoffice' } });

describe('safeReturnTo', () => {
  it.each([
    ['/masterdata/jurisdictions?q=mal', '/masterdata/jurisdictions?q=mal'],
    ['/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/auth/login', '/'],
    [undefined, '/'],
  ])('keeps %s as %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});

describeEachEngine('sign-in', (ctx) => {
  let user: Awaited<ReturnType<typeof signInTo>>;
  const browse = () => new TestBrowser(injectTransport(ctx().app), ORIGIN);
  /** A browser signed in as the test user, and the id of its session. */
  async function signedIn() {
    const browser = browse();
    await signInThrough(browser, user.email, TEST_PASSWORD);
    const { sessionId } = JSON.parse((await browser.request('/auth/session')).body) as { sessionId: string };
    return { browser, sessionId };
  }
  /** Signs the browser out of the back office; answers where the web app goes next. */
  async function signOut(browser: TestBrowser) {
    const logout = await postLogout(browser);
    expect(logout.status).toBe(200);
    return (JSON.parse(logout.body) as { redirectTo: string }).redirectTo;
  }
  /** The identity server's stored session with this id, ended or not, and the grants it names. */
  async function identitySession(id: string) {
    const [row] = await ctx()
      .database.db.select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Session'), eq(oidcPayloads.id, id)));
    return { row, grantIds: grantIdsOf(row?.payload) };
  }
  const sessionCount = async (userId: string) =>
    (await ctx().database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  beforeAll(async () => {
    user = await signInTo(ctx().database, 'qa');
  });

  it('has no session at first: /auth/session and the API answer 401', async () => {
    const browser = browse();
    expect((await browser.request('/auth/session')).status).toBe(401);
    expect((await browser.request('/api/jurisdictions')).status).toBe(401);
  });

  it('says "Bad credentials" for a wrong password and for an unknown e-mail alike, and audits it', async () => {
    for (const [email, password] of [
      [user.email, 'not the password'],
      ['nobody@test.local', TEST_PASSWORD],
    ]) {
      const browser = browse();
      const page = await signInThrough(browser, email!, password!);
      expect(page.status).toBe(401);
      expect(page.body).toContain('Ungültige Anmeldedaten');
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    }
    const failed = await ctx()
      .database.db.select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'sign-in-failed'));
    expect(failed.map((entry) => entry.entityId)).toEqual(
      expect.arrayContaining([user.email.toLowerCase(), 'nobody@test.local']),
    );
  });

  it('shows the sign-in page in English when asked, with the English message', async () => {
    const browser = browse();
    browser.setCookie('lang', 'en');
    const first = await browser.navigate('/auth/login');
    expect(first.body).toContain('Sign in');
    const page = await browser.navigate(new URL(formAction(first), first.url), {
      form: { email: user.email, password: 'nope' },
    });
    expect(page.body).toContain('Bad credentials');
  });

  it('shows the sign-in page in the language the back office asked for (ui_locales)', async () => {
    const browser = browse();
    // Only the start of the sign-in knows the language; the pages after it have no cookie and no header.
    const login = await browser.request('/auth/login', { headers: { 'accept-language': 'en' } });
    expect(String(login.headers.location)).toContain('ui_locales=en');
    const page = await browser.navigate(String(login.headers.location));
    expect(page.body).toContain('<html lang="en">');
  });

  it('signs in with the right password, lands where it was going, and holds only an opaque cookie', async () => {
    const browser = browse();
    const login = await browser.request('/auth/login?returnTo=%2Fmasterdata%2Fjurisdictions');
    const loginCookie = String(login.headers['set-cookie']);
    const state = new URL(String(login.headers.location)).searchParams.get('state');
    expect(loginCookie).toMatch(
      new RegExp(`^${loginCookieName(state)}=.*Max-Age=3600.*Path=/auth.*HttpOnly.*SameSite=Lax`),
    );
    const signInPage = await browser.navigate(new URL(String(login.headers.location), login.url));
    const done = await browser.navigate(new URL(formAction(signInPage), signInPage.url), {
      form: { email: user.email, password: TEST_PASSWORD },
    });
    expect(done.url.pathname).toBe('/masterdata/jurisdictions');
    const token = browser.cookie(SESSION_COOKIE)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(browser.cookieNames().filter((name) => name.startsWith(LOGIN_COOKIE_PREFIX))).toEqual([]);

    const session = await browser.request('/auth/session');
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body).user).toMatchObject({ id: user.userId, role: 'qa', email: user.email });
    expect((await browser.request('/api/jurisdictions')).status).toBe(200);

    // The token is stored only as a hash; the identity server's tokens only encrypted.
    const [row] = await ctx()
      .database.db.select()
      .from(sessions)
      .where(eq(sessions.id, JSON.parse(session.body).sessionId));
    expect(row!.tokenHash).not.toBe(token);
    // Sealed as iv.data.tag; opened with the session secret it holds the identity server's id token, which
    // appears nowhere in the stored text. (A bare search for "eyJ" in the ciphertext fails about once in
    // 150 runs: three base64url characters turn up in random bytes too.)
    expect(row!.tokens).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const tokenKey = deriveKey(loadConfig({ NODE_ENV: 'test' }).sessionSecret, 'session-tokens');
    const { idToken } = JSON.parse(decrypt(tokenKey, row!.tokens)) as { idToken: string };
    expect(idToken).toMatch(/^eyJ/);
    expect(row!.tokens).not.toContain(idToken.split('.')[1]!.slice(0, 16));
    const signIns = await ctx()
      .database.db.select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'sign-in'));
    expect(signIns.some((entry) => entry.entityId === user.userId && entry.actorId === user.userId)).toBe(
      true,
    );
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site', async () => {
    const browser = browse();
    const login = await browser.navigate('/auth/login');
    const finish = await browser.request(new URL(formAction(login), login.url), {
      form: { email: user.email, password: TEST_PASSWORD },
    });
    let page = finish;
    while (
      page.status >= 300 &&
      page.status < 400 &&
      !String(page.headers['set-cookie'] ?? '').includes(SESSION_COOKIE)
    ) {
      page = await browser.request(new URL(String(page.headers.location), page.url));
    }
    const cookie = ([] as string[])
      .concat(page.headers['set-cookie'] as string[])
      .find((c) => c.startsWith(SESSION_COOKIE))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http in development; https deployments get Secure
  });

  it('lets two tabs of one browser sign in at once, each landing where it was going', async () => {
    const browser = browse();
    const loginCookies = () => browser.cookieNames().filter((name) => name.startsWith(LOGIN_COOKIE_PREFIX));
    // Both tabs reach the sign-in page before either signs in (as after a sign-out in a third tab).
    const first = await browser.navigate('/auth/login?returnTo=%2Fusers%2Faccount');
    const second = await browser.navigate('/auth/login?returnTo=%2Fmasterdata%2Fjurisdictions');
    expect(loginCookies()).toHaveLength(2);
    const credentials = { email: user.email, password: TEST_PASSWORD };
    // The tab that started first signs in first: its sign-in is not overwritten by the second tab's.
    const firstDone = await browser.navigate(new URL(formAction(first), first.url), { form: credentials });
    expect(firstDone.url.pathname).toBe('/users/account');
    const secondDone = await browser.navigate(new URL(formAction(second), second.url), { form: credentials });
    expect(secondDone.url.pathname).toBe('/masterdata/jurisdictions');
    expect(loginCookies()).toEqual([]);
    expect((await browser.request('/auth/session')).status).toBe(200);
  });

  it('starts over when the callback names no sign-in of this browser, and changes none of them', async () => {
    const browser = browse();
    await browser.request('/auth/login');
    const [mine] = browser.cookieNames().filter((name) => name.startsWith(LOGIN_COOKIE_PREFIX));
    for (const state of ['', 'x', 'a'.repeat(43), '../%2F..', 'a'.repeat(500), 'é'.repeat(20)]) {
      const page = await browser.request(`/auth/callback?code=abc&state=${state}`);
      expect(page.status).toBe(303);
      expect(page.headers.location).toBe('/auth/login');
      expect(browser.cookie(mine!)).toBeDefined();
    }
    // Another browser's sign-in, brought here, is not ours: its cookie is signed by the server, but lives there.
    const other = browse();
    const login = await other.request('/auth/login');
    const state = new URL(String(login.headers.location)).searchParams.get('state')!;
    const page = await browser.request(`/auth/callback?code=abc&state=${state}`);
    expect(page.headers.location).toBe('/auth/login');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it(`keeps at most ${MAX_LOGINS_IN_PROGRESS} sign-ins in progress per browser, dropping the oldest`, async () => {
    const browser = browse();
    const pages = [];
    for (let i = 0; i < MAX_LOGINS_IN_PROGRESS + 2; i++)
      pages.push(await browser.navigate(`/auth/login?returnTo=%2F${i}`));
    expect(browser.cookieNames().filter((name) => name.startsWith(LOGIN_COOKIE_PREFIX))).toHaveLength(
      MAX_LOGINS_IN_PROGRESS,
    );
    const credentials = { email: user.email, password: TEST_PASSWORD };
    // The newest finishes where it was going; the oldest, dropped, starts over (and lands on the home page).
    const newest = pages.at(-1)!;
    expect(
      (await browser.navigate(new URL(formAction(newest), newest.url), { form: credentials })).url.pathname,
    ).toBe(`/${MAX_LOGINS_IN_PROGRESS + 1}`);
    const oldest = pages[0]!;
    expect(
      (await browser.navigate(new URL(formAction(oldest), oldest.url), { form: credentials })).url.pathname,
    ).toBe('/');
  });

  it('requires PKCE at the identity server', async () => {
    const response = await ctx().app.inject({
      method: 'GET',
      url: `/oidc/auth?client_id=backoffice&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${ORIGIN}/auth/callback`)}`,
      headers: { host: 'localhost:3000' },
    });
    // The error goes back to the (registered) client, as OAuth says.
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('signs in afresh a tab whose sign-in began before another tab signed out', async () => {
    const { browser } = await signedIn();
    // One tab starts a sign-in that asks for the password while the identity server's session lives, so its
    // interaction is tied to that session…
    const login = await browser.request('/auth/login?returnTo=%2Fusers%2Faccount');
    const authorizeUrl = new URL(String(login.headers.location), login.url);
    authorizeUrl.searchParams.set('max_age', '0');
    const authorize = await browser.request(authorizeUrl);
    const interaction = new URL(String(authorize.headers.location), authorize.url);
    expect(interaction.pathname).toMatch(/^\/oidc\/interaction\//);
    // …which the other tab's sign-out ends before the first tab gets there.
    expect(await signOut(browser)).toBe('/');
    const signInPage = await browser.navigate(interaction);
    expect(signInPage.status).toBe(200);
    expect(signInPage.body).toContain('name="password"');
    expect(signInPage.url.pathname).not.toBe(interaction.pathname);
    const done = await browser.navigate(new URL(formAction(signInPage), signInPage.url), {
      form: { email: user.email, password: TEST_PASSWORD },
    });
    expect(done.url.pathname).toBe('/users/account');
    expect((await browser.request('/auth/session')).status).toBe(200);
    // The interaction that lost its session is gone: going back to it starts nothing.
    expect((await browser.request(interaction)).status).toBe(400);
  });

  it('signs out here and at the identity server at once, with no page of its own to pass through', async () => {
    const { browser } = await signedIn();
    const opSession = browser.cookie(IDENTITY_SESSION_COOKIE)!;
    const opSignature = browser.cookie(`${IDENTITY_SESSION_COOKIE}.sig`)!;
    const { grantIds } = await identitySession(opSession);
    expect(grantIds).toHaveLength(1);

    expect(await signOut(browser)).toBe('/');
    expect((await browser.request('/auth/session')).status).toBe(401);
    expect(browser.cookie(IDENTITY_SESSION_COOKIE)).toBeUndefined();
    // Ended, and what its grant issued (the refresh token our session held) revoked with it.
    expect((await identitySession(opSession)).row?.consumedAt).toBeInstanceOf(Date);
    const issued = await ctx()
      .database.db.select({ model: oidcPayloads.model })
      .from(oidcPayloads)
      .where(or(inArray(oidcPayloads.grantId, grantIds), inArray(oidcPayloads.id, grantIds)));
    expect(issued.filter((row) => row.model !== 'Interaction')).toEqual([]);

    // The identity server's session signs no one in any more, even presented by a browser that kept its
    // cookie and never got the sign-out's mark.
    const kept = browse();
    kept.setCookie(IDENTITY_SESSION_COOKIE, opSession);
    kept.setCookie(`${IDENTITY_SESSION_COOKIE}.sig`, opSignature);
    const again = await kept.navigate('/auth/login');
    expect(again.body).toContain('name="password"');
    expect((await kept.request('/auth/session')).status).toBe(401);
    // Signing out twice is no error.
    expect((await postLogout(browser)).status).toBe(401);
  });

  it("signs out whatever the browser sends as the identity server's session cookie", async () => {
    for (const value of [
      '',
      'x'.repeat(3000),
      '%00',
      'a\u0000b',
      "'; drop table oidc_payloads; --",
      '%E2%82',
    ]) {
      const { browser } = await signedIn();
      browser.setCookie(IDENTITY_SESSION_COOKIE, encodeURIComponent(value));
      expect(await signOut(browser)).toBe('/');
      expect((await browser.request('/auth/session')).status).toBe(401);
    }
  });

  it("does not bring the identity server's session back when a request that loaded it before the sign-out saves it after", async () => {
    const { browser } = await signedIn();
    const opSession = browser.cookie(IDENTITY_SESSION_COOKIE)!;
    const opSignature = browser.cookie(`${IDENTITY_SESSION_COOKIE}.sig`)!;
    const { row } = await identitySession(opSession);
    // Another tab's request at the identity server has loaded the session; this tab signs out…
    await signOut(browser);
    // …and that request ends by saving the session as it loaded it, as the identity server does.
    const Adapter = createOidcAdapterClass(ctx().database.db);
    await new Adapter('Session').upsert(opSession, row!.payload as AdapterPayload, 3600);
    expect(await new Adapter('Session').find(opSession)).toBeUndefined();
    const kept = browse();
    kept.setCookie(IDENTITY_SESSION_COOKIE, opSession);
    kept.setCookie(`${IDENTITY_SESSION_COOKIE}.sig`, opSignature);
    expect((await kept.navigate('/auth/login')).body).toContain('name="password"');
  });

  it('marks the browser signed out until its next sign-in, which asks for the password', async () => {
    const browser = browse();
    await signInThrough(browser, user.email, TEST_PASSWORD);
    const before = await sessionCount(user.userId);
    await signOut(browser);
    expect(browser.cookie(SIGNED_OUT_COOKIE)).toBe('1');
    // The mark makes the next sign-in authenticate again (max_age=0), even where an external identity
    // server's session outlives ours.
    const start = await browser.request('/auth/login');
    expect(new URL(String(start.headers.location)).searchParams.get('max_age')).toBe('0');
    const again = await browser.navigate('/auth/login?returnTo=%2Fusers');
    expect(again.url.pathname).toMatch(/^\/oidc\/interaction\//);
    expect(again.body).toContain('name="password"');
    expect((await browser.request('/auth/session')).status).toBe(401);
    expect(await sessionCount(user.userId)).toBe(before - 1);
    // Signing in ends that: the next sign-in is the identity server's to decide again.
    const page = await browser.navigate(new URL(formAction(again), again.url), {
      form: { email: user.email, password: TEST_PASSWORD },
    });
    expect(page.url.pathname).toBe('/users');
    expect(browser.cookie(SIGNED_OUT_COOKIE)).toBeUndefined();
    const quietly = await browser.navigate('/auth/login?returnTo=%2Fusers');
    expect(quietly.url.pathname).toBe('/users');
  });

  it('keeps the session through a restart and serves it from a second instance on the same database', async () => {
    const browser = browse();
    await signInThrough(browser, user.email, TEST_PASSWORD);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const second = await buildApp({ config, database: ctx().database, logger: false });
    await second.ready();
    try {
      const elsewhere = new TestBrowser(injectTransport(second), ORIGIN);
      // Same cookies, other instance.
      const cookie = `${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE)}`;
      const response = await elsewhere.request('/auth/session', { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body).user.id).toBe(user.userId);
      // The identity server's own session lives in the database too: signing in again needs no password.
      const relogin = new TestBrowser(injectTransport(second), ORIGIN);
      for (const suffix of ['', '.sig', '.legacy', '.legacy.sig']) {
        const name = `${IDENTITY_SESSION_COOKIE}${suffix}`;
        const value = browser.cookie(name);
        if (value) relogin.setCookie(name, value);
      }
      const done = await relogin.navigate('/auth/login?returnTo=%2Fusers%2Faccount');
      expect(done.url.pathname).toBe('/users/account');
      expect(relogin.cookie(SESSION_COOKIE)).toBeDefined();
    } finally {
      await second.close();
    }
  });

  it('refreshes the access token when fewer than 5 seconds remain', async () => {
    const { browser, sessionId } = await signedIn();
    const db = ctx().database.db;
    await ctx().changeBehindTheApp(() =>
      db
        .update(sessions)
        .set({ accessTokenExpiresAt: sql`now() + interval '3 seconds'` })
        .where(eq(sessions.id, sessionId)),
    );
    const [before] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect((await browser.request('/api/jurisdictions')).status).toBe(200);
    const [after] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(after!.tokens).not.toBe(before!.tokens);
    expect(after!.accessTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(5 * 60 * 1000);
  });

  it('does not refresh while more than 5 seconds remain', async () => {
    const { browser, sessionId } = await signedIn();
    const db = ctx().database.db;
    await ctx().changeBehindTheApp(() =>
      db
        .update(sessions)
        .set({ accessTokenExpiresAt: sql`now() + interval '60 seconds'` })
        .where(eq(sessions.id, sessionId)),
    );
    const [before] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect((await browser.request('/api/jurisdictions')).status).toBe(200);
    const [after] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(after!.tokens).toBe(before!.tokens);
  });

  it('ends the session when the identity server refuses the refresh (400)', async () => {
    const { browser, sessionId } = await signedIn();
    const db = ctx().database.db;
    // Revoke everything the identity server issued to this user: the refresh token is now invalid.
    await db.delete(oidcPayloads).where(eq(oidcPayloads.accountId, user.userId));
    await ctx().changeBehindTheApp(() =>
      db
        .update(sessions)
        .set({ accessTokenExpiresAt: sql`now() + interval '1 second'` })
        .where(eq(sessions.id, sessionId)),
    );
    expect((await browser.request('/api/jurisdictions')).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.id, sessionId))).toEqual([]);
  });

  it.each([
    ['idle for longer than 30 minutes', { lastSeenAt: sql`now() - interval '31 minutes'` }],
    ['past its absolute lifetime', { expiresAt: sql`now() - interval '1 second'` }],
  ])('ends a session %s', async (_case, change) => {
    const { browser, sessionId } = await signedIn();
    await ctx().changeBehindTheApp(() =>
      ctx().database.db.update(sessions).set(change).where(eq(sessions.id, sessionId)),
    );
    expect((await browser.request('/api/jurisdictions')).status).toBe(401);
    expect(await ctx().database.db.select().from(sessions).where(eq(sessions.id, sessionId))).toEqual([]);
  });

  it('does not count session checks as activity', async () => {
    const { browser, sessionId } = await signedIn();
    const db = ctx().database.db;
    await ctx().changeBehindTheApp(() =>
      db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '20 minutes'` })
        .where(eq(sessions.id, sessionId)),
    );
    const [before] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect((await browser.request('/auth/session')).status).toBe(200);
    const [after] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(after!.lastSeenAt.getTime()).toBe(before!.lastSeenAt.getTime());
  });

  it('lets a deactivated user no longer sign in', async () => {
    const other = await signInTo(ctx().database, 'visitor');
    expect(await sessionCount(other.userId)).toBe(1);
    const admin = await ctx().signIn('admin');
    const current = (await admin.inject({ method: 'GET', url: `/api/users/${other.userId}` })).json();
    const update = await admin.inject({
      method: 'PUT',
      url: `/api/users/${other.userId}`,
      payload: { ...current, active: false, id: undefined, createdAt: undefined, updatedAt: undefined },
    });
    expect(update.statusCode).toBe(200);
    expect(await sessionCount(other.userId)).toBe(0);
    const page = await signInThrough(browse(), other.email, TEST_PASSWORD);
    expect(page.status).toBe(401);
    expect(page.body).toContain('Ungültige Anmeldedaten');
  });
});

describe('an external identity server (another back office on its own port)', () => {
  let identityServer: App;
  let backOffice: App;
  let close: () => Promise<void>;
  let user: Awaited<ReturnType<typeof signInTo>>;
  let origin: string;
  let database: () => Awaited<ReturnType<typeof createTestApp>>['database'];

  beforeAll(async () => {
    const [issuerPort, appPort] = [await freePort(), await freePort()];
    origin = `http://localhost:${appPort}`;
    const test = await createTestApp('pglite');
    database = () => test.database;
    identityServer = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(issuerPort),
        SESSION_SECRET: 'identity-server-secret-of-the-test',
      }),
      database: test.database,
      logger: false,
      extraOidcClients: [
        {
          client_id: 'external-back-office',
          client_secret: 'external-client-secret-for-the-test',
          redirect_uris: [`${origin}/auth/callback`],
          post_logout_redirect_uris: [`${origin}/`],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
    });
    await identityServer.listen({ host: '127.0.0.1', port: issuerPort });
    backOffice = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(appPort),
        OIDC_ISSUER: `http://localhost:${issuerPort}/oidc`,
        OIDC_CLIENT_ID: 'external-back-office',
        OIDC_CLIENT_SECRET: 'external-client-secret-for-the-test',
      }),
      database: test.database,
      logger: false,
    });
    await backOffice.listen({ host: '127.0.0.1', port: appPort });
    user = await signInTo(test.database, 'accountant');
    close = async () => {
      await backOffice.close();
      await identityServer.close();
      await test.close();
    };
  });

  afterAll(async () => {
    await close?.();
  });

  it('does not run an identity server of its own', async () => {
    const response = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(404);
  });

  it('signs in through the other server over HTTP and keeps the session at the back office', async () => {
    const browser = new TestBrowser(httpTransport, origin);
    const failed = await signInThrough(browser, user.email, 'wrong');
    expect(failed.url.port).not.toBe(new URL(origin).port);
    expect(failed.body).toContain('Ungültige Anmeldedaten');

    const done = await signInThrough(browser, user.email, TEST_PASSWORD, '/reporting/reports');
    expect(done.url.href).toBe(`${origin}/reporting/reports`);
    const session = await browser.request('/auth/session');
    expect(session.status).toBe(200);
    expect(JSON.parse(session.body).user).toMatchObject({ id: user.userId, role: 'accountant' });

    const logout = await postLogout(browser);
    const { redirectTo } = JSON.parse(logout.body) as { redirectTo: string };
    expect(new URL(redirectTo).origin).not.toBe(origin);
    expect((await browser.request('/auth/session')).status).toBe(401);
  });

  describe('second factor at the issuer', () => {
    const codeOf = (secret: string, stepsAhead: number) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
    const dangerous = (browser: TestBrowser, userId: string) =>
      browser.request(`/api/users/${userId}/password`, {
        method: 'PUT',
        headers: { 'x-requested-with': 'backoffice' },
        json: { password: 'Another-Password-1', passwordRepeat: 'Another-Password-1' },
      });

    it("refuses a role that must use a second factor when the issuer's token says none was used", async () => {
      const developer = await signInTo(database(), 'developer', {}, { secondFactor: 'none' });
      const browser = new TestBrowser(httpTransport, origin);
      const page = await signInThrough(browser, developer.email, TEST_PASSWORD);
      expect(page.status).toBe(403);
      expect(page.body).toContain('SECOND_FACTOR_REQUIRED_AT_ISSUER');
      expect((await browser.request('/auth/session')).status).toBe(401);
    });

    it('signs in with it, leaves enrolment to the issuer, and steps up by signing in there again', async () => {
      const admin = await signInTo(database(), 'admin');
      const target = await signInTo(database(), 'visitor');
      const browser = new TestBrowser(httpTransport, origin);
      const done = await signInThrough(browser, admin.email, TEST_PASSWORD, '/', () =>
        codeOf(admin.totpSecret!, 0),
      );
      expect(done.url.href).toBe(`${origin}/`);
      const session = JSON.parse((await browser.request('/auth/session')).body);
      expect(session.secondFactor).toEqual({ required: false, enrolled: false, managedByIssuer: true });
      const enrol = await browser.request('/api/account/second-factor/enrolment', {
        method: 'POST',
        headers: { 'x-requested-with': 'backoffice' },
      });
      expect(JSON.parse(enrol.body).code).toBe('SECOND_FACTOR_AT_ISSUER');
      const here = await browser.request('/api/account/second-factor/step-up', {
        method: 'POST',
        headers: { 'x-requested-with': 'backoffice' },
        json: { code: '123456' },
      });
      expect(JSON.parse(here.body).code).toBe('SECOND_FACTOR_AT_ISSUER');

      expect((await dangerous(browser, target.userId)).status).toBe(204);
      await database()
        .db.update(sessions)
        .set({ verifiedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(sessions.userId, admin.userId));
      await backOffice.settleSessions();
      const refused = await dangerous(browser, target.userId);
      expect(JSON.parse(refused.body).code).toBe('STEP_UP_REQUIRED');

      // The issuer authenticates again (max_age=0): password and code, then back to the same session.
      const cookie = browser.cookie(SESSION_COOKIE);
      const again = await signInThrough(
        browser,
        admin.email,
        TEST_PASSWORD,
        '/users',
        () => codeOf(admin.totpSecret!, 1),
        { stepUp: true },
      );
      expect(again.url.href).toBe(`${origin}/users`);
      expect(browser.cookie(SESSION_COOKIE)).toBe(cookie);
      // No new session: the one of the browser is confirmed (the other is the test's own).
      const rows = await database().db.select().from(sessions).where(eq(sessions.userId, admin.userId));
      expect(rows).toHaveLength(2);
      expect(rows.filter((row) => Date.now() - row.verifiedAt!.getTime() < 10_000)).toHaveLength(1);
      expect((await dangerous(browser, target.userId)).status).toBe(204);
      const stepUps = await database()
        .db.select()
        .from(auditEntries)
        .where(eq(auditEntries.action, 'step-up'));
      expect(stepUps.filter((entry) => entry.entityId === admin.userId)).toHaveLength(1);
    });
  });
});
