/**
 * Sessions a user can see and end (issue 15 item 3): the own ones on /api/account/sessions, any user's for
 * an admin on /api/users/:id/sessions. Sessions are opened through the real sign-in flow, from browsers
 * that name themselves and come from addresses of their own.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditEntries, globalSettings, sessions } from '../../db/schema/index';
import { describeEachEngine, signInTo, TEST_PASSWORD } from '../../test/app';
import { signInThrough, TestBrowser, type Page } from '../../test/browser';
import { SESSION_COOKIE } from '../auth/auth.routes';

const ORIGIN = 'http://localhost:3000';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CSRF = { 'x-requested-with': 'backoffice' };

interface Listed {
  id: string;
  browser: string | null;
  system: string | null;
  userAgent: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

describeEachEngine('sessions a user can see and end', (ctx) => {
  /** A browser that sends its user agent on every request and comes from its own address. */
  function device(userAgent: string, address: string) {
    return new TestBrowser(async ({ method, url, headers, body }) => {
      const response = await ctx().app.inject({
        method: method as 'GET',
        url: url.pathname + url.search,
        headers: { ...headers, host: url.host, 'user-agent': userAgent },
        payload: body,
        remoteAddress: address,
      });
      return {
        status: response.statusCode,
        headers: response.headers as Page['headers'],
        body: response.body,
      };
    }, ORIGIN);
  }

  async function signedIn(email: string, userAgent: string, address: string) {
    const browser = device(userAgent, address);
    await signInThrough(browser, email, TEST_PASSWORD);
    const { sessionId } = JSON.parse((await browser.request('/auth/session')).body) as { sessionId: string };
    return { browser, sessionId };
  }

  const json = async (browser: TestBrowser, url: string, method = 'GET') => {
    const page = await browser.request(url, { method, headers: method === 'GET' ? {} : CSRF });
    return { status: page.status, body: page.body ? (JSON.parse(page.body) as unknown) : null };
  };
  const listOwn = async (browser: TestBrowser) =>
    ((await json(browser, '/api/account/sessions')).body as { items: Listed[] }).items;

  let user: Awaited<ReturnType<typeof signInTo>>;
  beforeAll(async () => {
    // No role needs a second factor here: these tests are about sessions, not about enrolment.
    await ctx().changeBehindTheApp(() =>
      ctx().database.db.update(globalSettings).set({ secondFactorRoles: [] }),
    );
    user = await signInTo(ctx().database, 'support', { casinoIds: ['casino-1'] });
  });

  it('lists the own sessions with browser, system, address, start and last activity, this one marked', async () => {
    const laptop = await signedIn(user.email, CHROME_ON_WINDOWS, '203.0.113.7');
    const phone = await signedIn(user.email, SAFARI_ON_IPHONE, '198.51.100.23');
    const sessions = await listOwn(laptop.browser);
    const mine = sessions.find((session) => session.id === laptop.sessionId);
    expect(mine).toMatchObject({
      browser: 'Chrome',
      system: 'Windows',
      userAgent: CHROME_ON_WINDOWS,
      address: '203.0.113.7',
      current: true,
    });
    expect(new Date(mine!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(new Date(mine!.lastSeenAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(sessions.find((session) => session.id === phone.sessionId)).toMatchObject({
      browser: 'Safari',
      system: 'iOS',
      address: '198.51.100.23',
      current: false,
    });
    // The test helper's own session (no browser, no address) is listed too, with nothing to name it.
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
  });

  it('ends one own session at once: its cookie is 401 on the next request, the others stay', async () => {
    const laptop = await signedIn(user.email, CHROME_ON_WINDOWS, '203.0.113.7');
    const stolen = await signedIn(user.email, FIREFOX_ON_LINUX, '192.0.2.66');
    expect((await stolen.browser.request('/api/account')).status).toBe(200);

    const ended = await json(laptop.browser, `/api/account/sessions/${stolen.sessionId}`, 'DELETE');
    expect(ended.status).toBe(204);
    expect((await stolen.browser.request('/api/account')).status).toBe(401);
    expect((await stolen.browser.request('/auth/session')).status).toBe(401);
    expect((await laptop.browser.request('/api/account')).status).toBe(200);
    expect((await listOwn(laptop.browser)).map((session) => session.id)).not.toContain(stolen.sessionId);

    const audit = await ctx()
      .database.db.select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, user.userId), eq(auditEntries.action, 'sign-out')));
    expect(audit.some((entry) => entry.actorId === user.userId)).toBe(true);
  });

  it('signs out everywhere else and keeps the session asking', async () => {
    const laptop = await signedIn(user.email, CHROME_ON_WINDOWS, '203.0.113.7');
    const phone = await signedIn(user.email, SAFARI_ON_IPHONE, '198.51.100.23');
    const other = await signedIn(user.email, FIREFOX_ON_LINUX, '192.0.2.66');

    const ended = await json(laptop.browser, '/api/account/sessions', 'DELETE');
    expect(ended.status).toBe(200);
    expect((ended.body as { ended: number }).ended).toBeGreaterThanOrEqual(2);
    expect((await phone.browser.request('/api/account')).status).toBe(401);
    expect((await other.browser.request('/api/account')).status).toBe(401);
    expect((await laptop.browser.request('/api/account')).status).toBe(200);
    expect((await listOwn(laptop.browser)).map((session) => session.id)).toEqual([laptop.sessionId]);
  });

  it('ending the own current session signs this browser out', async () => {
    const laptop = await signedIn(user.email, CHROME_ON_WINDOWS, '203.0.113.7');
    const ended = await json(laptop.browser, `/api/account/sessions/${laptop.sessionId}`, 'DELETE');
    expect(ended.status).toBe(204);
    expect(laptop.browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await laptop.browser.request('/auth/session')).status).toBe(401);
  });

  it('shows nobody else’s sessions through the account API and cannot end them (404)', async () => {
    const other = await signInTo(ctx().database, 'support', { casinoIds: ['casino-1'] });
    const theirs = await signedIn(other.email, FIREFOX_ON_LINUX, '192.0.2.99');
    const mine = await signedIn(user.email, CHROME_ON_WINDOWS, '203.0.113.7');

    const listed = await listOwn(mine.browser);
    expect(listed.map((session) => session.id)).not.toContain(theirs.sessionId);
    expect(listed.map((session) => session.address)).not.toContain('192.0.2.99');
    const refused = await json(mine.browser, `/api/account/sessions/${theirs.sessionId}`, 'DELETE');
    expect(refused.status).toBe(404);
    expect((await theirs.browser.request('/api/account')).status).toBe(200);
  });

  it('does not list sessions that ended by idling or age', async () => {
    const idle = await signInTo(ctx().database, 'visitor');
    const browser = await signedIn(idle.email, CHROME_ON_WINDOWS, '203.0.113.7');
    // The test helper's own session idles; the browser's stays.
    await ctx().changeBehindTheApp(() =>
      ctx()
        .database.db.update(sessions)
        .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
        .where(and(eq(sessions.userId, idle.userId), sql`${sessions.userAgent} is null`)),
    );
    expect((await listOwn(browser.browser)).map((session) => session.id)).toEqual([browser.sessionId]);
  });

  it('lets an admin see and end one session of another user, audited', async () => {
    const admin = await ctx().signIn('admin');
    const target = await signInTo(ctx().database, 'qa');
    const laptop = await signedIn(target.email, CHROME_ON_WINDOWS, '203.0.113.7');
    const phone = await signedIn(target.email, SAFARI_ON_IPHONE, '198.51.100.23');

    const listed = await admin.inject({ method: 'GET', url: `/api/users/${target.userId}/sessions` });
    expect(listed.statusCode).toBe(200);
    const items = (listed.json() as { items: Listed[] }).items;
    expect(items.find((session) => session.id === laptop.sessionId)).toMatchObject({
      browser: 'Chrome',
      system: 'Windows',
      address: '203.0.113.7',
      current: false,
    });

    const ended = await admin.inject({
      method: 'DELETE',
      url: `/api/users/${target.userId}/sessions/${laptop.sessionId}`,
    });
    expect(ended.statusCode).toBe(204);
    expect((await laptop.browser.request('/api/account')).status).toBe(401);
    expect((await phone.browser.request('/api/account')).status).toBe(200);

    const audit = await ctx()
      .database.db.select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, target.userId), eq(auditEntries.action, 'sign-out')));
    expect(audit).toEqual([
      expect.objectContaining({ entityType: 'user', actorId: admin.userId, actorName: admin.username }),
    ]);

    const again = await admin.inject({
      method: 'DELETE',
      url: `/api/users/${target.userId}/sessions/${laptop.sessionId}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('lets an admin end all sessions of another user at once, audited', async () => {
    const admin = await ctx().signIn('admin');
    const target = await signInTo(ctx().database, 'developer');
    const laptop = await signedIn(target.email, CHROME_ON_WINDOWS, '203.0.113.7');
    const phone = await signedIn(target.email, SAFARI_ON_IPHONE, '198.51.100.23');

    const ended = await admin.inject({ method: 'DELETE', url: `/api/users/${target.userId}/sessions` });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 3 });
    expect((await laptop.browser.request('/api/account')).status).toBe(401);
    expect((await phone.browser.request('/api/account')).status).toBe(401);
    const listed = await admin.inject({ method: 'GET', url: `/api/users/${target.userId}/sessions` });
    expect(listed.json()).toEqual({ items: [] });
    // The identity server's session ended too: signing in again asks for the password.
    expect((await laptop.browser.navigate('/auth/login')).body).toContain('name="password"');

    const audit = await ctx()
      .database.db.select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, target.userId), eq(auditEntries.action, 'sign-out')));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: admin.userId, changes: { sessions: { before: null, after: 3 } } }),
    ]);
  });

  it('keeps the admin’s own session when they end all of their own on the user screen', async () => {
    const admin = await ctx().signIn('admin');
    const laptop = await signedIn(admin.email, CHROME_ON_WINDOWS, '203.0.113.7');
    const listed = await admin.inject({ method: 'GET', url: `/api/users/${admin.userId}/sessions` });
    expect((listed.json() as { items: Listed[] }).items.filter((session) => session.current)).toHaveLength(1);
    const ended = await admin.inject({ method: 'DELETE', url: `/api/users/${admin.userId}/sessions` });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await laptop.browser.request('/api/account')).status).toBe(401);
    expect((await admin.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
  });

  it('refuses the users’ sessions to anyone but an admin (403), also a user limited to some casinos', async () => {
    const target = await signInTo(ctx().database, 'qa');
    const laptop = await signedIn(target.email, CHROME_ON_WINDOWS, '203.0.113.7');
    for (const role of ['support', 'developer', 'visitor'] as const) {
      const someone = await ctx().signIn(role, { casinoIds: ['casino-1'] });
      for (const [method, url] of [
        ['GET', `/api/users/${target.userId}/sessions`],
        ['DELETE', `/api/users/${target.userId}/sessions/${laptop.sessionId}`],
        ['DELETE', `/api/users/${target.userId}/sessions`],
      ] as const) {
        const response = await someone.inject({ method, url });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(response.body).not.toContain('203.0.113.7');
      }
    }
    expect((await laptop.browser.request('/api/account')).status).toBe(200);
  });

  it('answers 404 for the sessions of a user who does not exist', async () => {
    const response = await ctx().inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000/sessions',
    });
    expect(response.statusCode).toBe(404);
  });
});
