/**
 * The user record of GLI-19 §2.8.9 (issue 15 item 4) — created, last sign-in with address, last password
 * and second-factor change, deactivated on, status — in the users API, sortable, and the access review
 * CSV of §B.2.3 for admins only.
 */
import { randomUUID } from 'node:crypto';
import type { Page, User } from '@backoffice/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { auditEntries, globalSettings, identityCredentials, users } from '../../db/schema/index';
import { clearAuditTrail } from '../../test/databases';
import { describeEachEngine, TEST_PASSWORD } from '../../test/app';
import { signInThrough, TestBrowser, type Page as BrowserPage } from '../../test/browser';

const BASE = '/api/users';
const PASSWORD = 'a long enough password';

describeEachEngine('user records (GLI-19 §2.8.9) and the access review', (ctx) => {
  const db = () => ctx().database.db;

  /** A browser coming from an address of its own, through the real sign-in flow. */
  function browserFrom(address: string) {
    return new TestBrowser(async ({ method, url, headers, body }) => {
      const response = await ctx().app.inject({
        method: method as 'GET',
        url: url.pathname + url.search,
        headers: { ...headers, host: url.host },
        payload: body,
        remoteAddress: address,
      });
      return {
        status: response.statusCode,
        headers: response.headers as BrowserPage['headers'],
        body: response.body,
      };
    }, 'http://localhost:3000');
  }

  async function create(overrides: Partial<Record<string, unknown>> = {}): Promise<User> {
    const suffix = randomUUID().slice(0, 8);
    const response = await ctx().inject({
      method: 'POST',
      url: BASE,
      payload: {
        username: `record-${suffix}`,
        email: `record-${suffix}@example.com`,
        firstName: 'Rita',
        lastName: 'Record',
        role: 'qa',
        active: true,
        casinoIds: [],
        integrationIds: [],
        password: PASSWORD,
        passwordRepeat: PASSWORD,
        ...overrides,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<User>();
  }

  async function get(id: string): Promise<User> {
    const response = await ctx().inject({ method: 'GET', url: `${BASE}/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<User>();
  }

  async function setActive(user: User, active: boolean): Promise<User> {
    const { username, email, firstName, lastName, role, casinoIds, integrationIds, version } = user;
    const response = await ctx().inject({
      method: 'PUT',
      url: `${BASE}/${user.id}`,
      payload: { username, email, firstName, lastName, role, active, casinoIds, integrationIds, version },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<User>();
  }

  beforeAll(async () => {
    // No role needs a second factor here: these tests are about the record, not about enrolment.
    await ctx().changeBehindTheApp(() => db().update(globalSettings).set({ secondFactorRoles: [] }));
  });

  beforeEach(async () => {
    const admin = (await ctx().inject({ method: 'GET', url: '/api/account' })).json<{ id: string }>();
    await ctx().changeBehindTheApp(() => db().delete(users).where(ne(users.id, admin.id)));
    await clearAuditTrail(db());
  });

  it('starts with the creation and the first password, nothing else yet', async () => {
    const user = await create();
    expect(user).toMatchObject({
      lastSignInAt: null,
      lastSignInAddress: null,
      secondFactorChangedAt: null,
      deactivatedAt: null,
      active: true,
    });
    expect(Date.parse(user.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(user.passwordChangedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records the last sign-in with its address at each sign-in, without a new version', async () => {
    const user = await create();
    await signInThrough(browserFrom('203.0.113.7'), user.email, PASSWORD);
    const first = await get(user.id);
    expect(first.lastSignInAddress).toBe('203.0.113.7');
    expect(Date.parse(first.lastSignInAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(first.version).toBe(user.version);

    await signInThrough(browserFrom('198.51.100.23'), user.email, PASSWORD);
    const second = await get(user.id);
    expect(second.lastSignInAddress).toBe('198.51.100.23');
    expect(Date.parse(second.lastSignInAt!)).toBeGreaterThanOrEqual(Date.parse(first.lastSignInAt!));
  });

  it('does not count a failed sign-in', async () => {
    const user = await create();
    await signInThrough(browserFrom('192.0.2.66'), user.email, 'not the password at all');
    expect(await get(user.id)).toMatchObject({ lastSignInAt: null, lastSignInAddress: null });
  });

  it('shows the last password change, by an admin or by the user', async () => {
    const user = await create();
    await db()
      .update(identityCredentials)
      .set({ changedAt: sql`now() - interval '30 days'` })
      .where(eq(identityCredentials.userId, user.id));
    const old = Date.parse((await get(user.id)).passwordChangedAt!);
    expect(old).toBeLessThan(Date.now() - 29 * 24 * 3600_000);
    const reset = await ctx().inject({
      method: 'PUT',
      url: `${BASE}/${user.id}/password`,
      payload: { password: TEST_PASSWORD, passwordRepeat: TEST_PASSWORD },
    });
    expect(reset.statusCode).toBe(204);
    expect(Date.parse((await get(user.id)).passwordChangedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows the last second-factor change as stored', async () => {
    const user = await create();
    await ctx().changeBehindTheApp(() =>
      db()
        .update(users)
        .set({ secondFactorChangedAt: new Date('2025-03-01T10:00:00Z') })
        .where(eq(users.id, user.id)),
    );
    expect((await get(user.id)).secondFactorChangedAt).toBe('2025-03-01T10:00:00.000Z');
  });

  it('records the deactivation and keeps the last one after reactivation', async () => {
    const user = await create();
    const deactivated = await setActive(user, false);
    expect(deactivated.active).toBe(false);
    expect(Date.parse(deactivated.deactivatedAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Saving an inactive user again does not move the date.
    const [{ sameAgain }] = [{ sameAgain: await setActive(deactivated, false) }];
    expect(sameAgain.deactivatedAt).toBe(deactivated.deactivatedAt);

    const reactivated = await setActive(sameAgain, true);
    expect(reactivated).toMatchObject({ active: true, deactivatedAt: deactivated.deactivatedAt });
  });

  it('records a user created inactive as deactivated at creation', async () => {
    const user = await create({ active: false });
    expect(user.deactivatedAt).toBe(user.createdAt);
  });

  it.each([
    ['lastSignInAt', 'asc', ['early', 'late', 'never']],
    ['lastSignInAt', 'desc', ['late', 'early', 'never']],
    ['deactivatedAt', 'desc', ['late', 'early', 'never']],
    ['secondFactorChangedAt', 'asc', ['early', 'late', 'never']],
    ['passwordChangedAt', 'asc', ['early', 'late', 'never']],
    ['createdAt', 'desc', ['never', 'late', 'early']],
  ] as const)('sorts by %s (%s), users without the date last', async (sort, order, expected) => {
    const names = ['early', 'late', 'never'] as const;
    const created: Record<string, User> = {};
    for (const name of names) created[name] = await create({ username: `sort-${name}` });
    const dates = { early: '2025-01-01T00:00:00Z', late: '2025-06-01T00:00:00Z' } as const;
    for (const name of ['early', 'late'] as const) {
      const at = new Date(dates[name]);
      await ctx().changeBehindTheApp(() =>
        db()
          .update(users)
          .set({ lastSignInAt: at, deactivatedAt: at, secondFactorChangedAt: at })
          .where(eq(users.id, created[name]!.id)),
      );
      await db()
        .update(identityCredentials)
        .set({ changedAt: at })
        .where(eq(identityCredentials.userId, created[name]!.id));
    }
    await db().delete(identityCredentials).where(eq(identityCredentials.userId, created.never!.id));
    const response = await ctx().inject({
      method: 'GET',
      url: BASE,
      query: { sort, order, q: 'sort-' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Page<User>>().items.map((user) => user.username)).toEqual(
      expected.map((name) => `sort-${name}`),
    );
  });

  it('exports the access review as CSV with role, status, scope and the dates, audited', async () => {
    const support = await create({
      username: 'review-support',
      firstName: '=HYPERLINK("x")',
      role: 'support',
      casinoIds: ['casino-b', 'casino-a'],
      integrationIds: ['int-7'],
    });
    const gone = await create({ username: 'review-gone', role: 'visitor' });
    await setActive(gone, false);
    await signInThrough(browserFrom('203.0.113.7'), support.email, PASSWORD);

    const response = await ctx().inject({ method: 'GET', url: `${BASE}/access-review.csv` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="access-review-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'username,email,first_name,last_name,role,status,casinos,integrations,second_factor,created_at,' +
        'last_sign_in_at,last_sign_in_address,password_changed_at,second_factor_changed_at,deactivated_at',
    );
    expect(lines.at(-1)).toBe('');
    const row = (username: string) => lines.find((line) => line.startsWith(`${username},`))!.split(',');
    const stored = await get(support.id);
    expect(row('review-support')).toEqual([
      'review-support',
      support.email,
      // A cell a spreadsheet would run as a formula is shown as text.
      `"'=HYPERLINK(""x"")"`,
      'Record',
      'support',
      'active',
      'casino-a casino-b',
      'int-7',
      'no',
      stored.createdAt,
      stored.lastSignInAt!,
      '203.0.113.7',
      stored.passwordChangedAt!,
      '',
      '',
    ]);
    const goneRow = row('review-gone');
    expect(goneRow.slice(4, 9)).toEqual(['visitor', 'inactive', 'none', 'none', 'no']);
    expect(goneRow[14]).toBe((await get(gone.id)).deactivatedAt);
    const adminRow = lines.find((line) => line.includes(',admin,'))!.split(',');
    expect(adminRow.slice(5, 8)).toEqual(['active', 'all', 'all']);

    const audit = await db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'export'), eq(auditEntries.entityType, 'user')));
    expect(audit).toEqual([expect.objectContaining({ entityId: 'access-review' })]);
  });

  it('gives the access review to admins only: 403 and no data for anyone else', async () => {
    await create({ username: 'review-secret' });
    for (const role of ['developer', 'support', 'accountant', 'qa', 'visitor'] as const) {
      const someone = await ctx().signIn(role, { casinoIds: ['casino-a'] });
      const response = await someone.inject({ method: 'GET', url: `${BASE}/access-review.csv` });
      expect(response.statusCode, role).toBe(403);
      expect(response.body).not.toContain('review-secret');
    }
    const exported = await db()
      .select()
      .from(auditEntries)
      .where(inArray(auditEntries.action, ['export']));
    expect(exported).toEqual([]);
  });
});
