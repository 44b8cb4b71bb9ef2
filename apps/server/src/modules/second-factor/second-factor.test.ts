/**
 * Second factor (issue 15): enrolment with real TOTP codes, the sign-in page's second step through the
 * real code flow, recovery codes, the mandatory roles of master data, and an admin's reset.
 */
import type { ErrorBody, ErrorCode, RecoveryCodes, SecondFactorEnrolment } from '@backoffice/contracts';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, sessions, userRecoveryCodes, userSecondFactors, users } from '../../db/schema/index';
import { describeEachEngine, TEST_PASSWORD, type SignedIn, type TestContext } from '../../test/app';
import { injectTransport, signInThrough, TestBrowser } from '../../test/browser';
import { clearAuditTrail } from '../../test/databases';

const BASE = '/api/account/second-factor';
const ORIGIN = 'http://localhost:3000';

function expectError(
  response: { statusCode: number; json: <T>() => T; body: string },
  status: number,
  code: ErrorCode,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<ErrorBody>()).toMatchObject({ statusCode: status, code });
}

/** A code of the step after the current one: a right code that no earlier request took yet. */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

function helpers(ctx: () => TestContext) {
  const db = () => ctx().database.db;
  const start = (user: SignedIn) => user.inject({ method: 'POST', url: `${BASE}/enrolment` });
  const confirm = (user: SignedIn, code: string) =>
    user.inject({ method: 'POST', url: `${BASE}/enrolment/confirm`, payload: { code } });

  /** Enrols a user through the API; gives the secret and the recovery codes. */
  async function enrol(user: SignedIn) {
    const started = await start(user);
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json<SecondFactorEnrolment>();
    const confirmed = await confirm(user, await codeOf(secret));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json<RecoveryCodes>().recoveryCodes };
  }

  const browse = () => new TestBrowser(injectTransport(ctx().app), ORIGIN);
  const actions = async (userId: string) =>
    (await db().select().from(auditEntries).where(eq(auditEntries.entityId, userId))).map((e) => e.action);

  return { db, start, confirm, enrol, browse, actions };
}

describeEachEngine('second factor', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    await clearAuditTrail(h.db());
  });

  describe('enrolment on the own account', () => {
    it('shows a secret with QR code, confirms it with a real code and answers ten recovery codes once', async () => {
      const user = await ctx().signIn('qa', {}, { secondFactor: 'none' });
      const started = await h.start(user);
      expect(started.statusCode, started.body).toBe(200);
      const enrolment = started.json<SecondFactorEnrolment>();
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Back%20Office:/);
      expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
      expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(enrolment.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

      // Stored sealed: the raw row holds no Base32 secret.
      const [row] = await h
        .db()
        .select()
        .from(userSecondFactors)
        .where(eq(userSecondFactors.userId, user.userId));
      expect(row!.secret).toMatch(/^sb1:/);
      expect(row!.secret).not.toContain(enrolment.secret);
      expect(row!.confirmedAt).toBeNull();

      // Not yet enrolled: a wrong code is refused.
      expectError(await h.confirm(user, '000000'), 400, 'SECOND_FACTOR_CODE_WRONG');
      expect((await user.inject({ method: 'GET', url: BASE })).json()).toMatchObject({ enrolled: false });

      const confirmed = await h.confirm(user, await codeOf(enrolment.secret));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const { recoveryCodes } = confirmed.json<RecoveryCodes>();
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      const stored = await h
        .db()
        .select()
        .from(userRecoveryCodes)
        .where(eq(userRecoveryCodes.userId, user.userId));
      expect(stored).toHaveLength(10);
      for (const code of recoveryCodes) expect(stored.some((s) => s.codeHash.includes(code))).toBe(false);

      expect((await user.inject({ method: 'GET', url: BASE })).json()).toMatchObject({
        enrolled: true,
        required: false,
        recoveryCodesLeft: 10,
      });
      const [record] = await h.db().select().from(users).where(eq(users.id, user.userId));
      expect(record!.secondFactorChangedAt).not.toBeNull();
      expect(await h.actions(user.userId)).toEqual(['second-factor-enrol', 'second-factor-confirm']);

      // Enrolled: starting over is refused (disable first).
      expectError(await h.start(user), 409, 'SECOND_FACTOR_ALREADY_ENROLLED');
    });

    it('throttles wrong codes like wrong passwords', async () => {
      const user = await ctx().signIn('qa', {}, { secondFactor: 'none' });
      await h.start(user);
      // Three are free, then each failure makes the next attempt wait (sign-in-throttle.ts).
      for (let i = 0; i < 4; i++)
        expectError(await h.confirm(user, '000000'), 400, 'SECOND_FACTOR_CODE_WRONG');
      expectError(await h.confirm(user, '000000'), 429, 'TOO_MANY_REQUESTS');
    });

    it('switches an optional second factor off only with a current code', async () => {
      const user = await ctx().signIn('qa', {}, { secondFactor: 'none' });
      const { secret } = await h.enrol(user);
      expectError(
        await user.inject({ method: 'POST', url: `${BASE}/disable`, payload: { code: 'wrong-code' } }),
        400,
        'SECOND_FACTOR_CODE_WRONG',
      );
      const off = await user.inject({
        method: 'POST',
        url: `${BASE}/disable`,
        payload: { code: await codeOf(secret, 1) },
      });
      expect(off.statusCode, off.body).toBe(204);
      expect((await user.inject({ method: 'GET', url: BASE })).json()).toMatchObject({ enrolled: false });
    });

    it('gives ten new recovery codes for a current code; the old ones stop working', async () => {
      const user = await ctx().signIn('qa', {}, { secondFactor: 'none' });
      const { secret, recoveryCodes: old } = await h.enrol(user);
      const renew = (code: string) =>
        user.inject({ method: 'POST', url: `${BASE}/recovery-codes`, payload: { code } });
      expectError(await renew('000000'), 400, 'SECOND_FACTOR_CODE_WRONG');
      const renewed = await renew(await codeOf(secret, 1));
      expect(renewed.statusCode, renewed.body).toBe(200);
      const fresh = renewed.json<RecoveryCodes>().recoveryCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((code) => old.includes(code))).toEqual([]);
      expect(await h.actions(user.userId)).toContain('second-factor-recovery-codes-renewed');
      // An old code opens nothing any more; a new one does, once.
      expectError(await renew(old[0]!), 400, 'SECOND_FACTOR_CODE_WRONG');
      expect((await renew(fresh[0]!)).statusCode).toBe(200);
      const without = await ctx().signIn('qa', {}, { secondFactor: 'none' });
      expectError(
        await without.inject({ method: 'POST', url: `${BASE}/recovery-codes`, payload: { code: '123456' } }),
        409,
        'SECOND_FACTOR_NOT_ENROLLED',
      );
    });

    it('refuses to switch it off where the role requires one', async () => {
      const support = await ctx().signIn('support');
      const off = await support.inject({
        method: 'POST',
        url: `${BASE}/disable`,
        payload: { code: await codeOf(support.totpSecret!) },
      });
      expectError(off, 409, 'SECOND_FACTOR_REQUIRED_FOR_ROLE');
    });
  });

  describe('sign-in page', () => {
    it('asks for the code after the password; a wrong code is refused, the right one signs in with amr otp', async () => {
      const support = await ctx().signIn('support');
      const browser = h.browse();
      const login = await browser.navigate('/auth/login');
      const codePage = await browser.navigate(new URL(formActionOf(login.body), login.url), {
        form: { email: support.email, password: TEST_PASSWORD },
      });
      expect(codePage.status).toBe(200);
      expect(codePage.body).toContain('autocomplete="one-time-code"');
      expect((await browser.request('/auth/session')).status).toBe(401);

      const wrong = await browser.navigate(new URL(formActionOf(codePage.body), codePage.url), {
        form: { code: '000000' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toContain('Der Code ist nicht korrekt.');

      const code = await codeOf(support.totpSecret!);
      const done = await browser.navigate(new URL(formActionOf(wrong.body), wrong.url), { form: { code } });
      expect(done.url.pathname).toBe('/');
      const session = await browser.request('/auth/session');
      expect(session.status).toBe(200);
      const info = JSON.parse(session.body) as { sessionId: string; secondFactor: unknown };
      expect(info.secondFactor).toEqual({ required: true, enrolled: true, managedByIssuer: false });
      const [row] = await h.db().select().from(sessions).where(eq(sessions.id, info.sessionId));
      expect(row!.verifiedAt).not.toBeNull();

      // The same code (its time step) opens nothing a second time.
      const again = await signInThrough(h.browse(), support.email, TEST_PASSWORD, '/', code);
      expect(again.status).toBe(401);
    });

    it('speaks English when asked to', async () => {
      const support = await ctx().signIn('support');
      const browser = h.browse();
      const login = await browser.navigate('/auth/login', { headers: { 'accept-language': 'en' } });
      const codePage = await browser.navigate(new URL(formActionOf(login.body), login.url), {
        form: { email: support.email, password: TEST_PASSWORD },
      });
      expect(codePage.body).toContain('<h2>Second factor</h2>');
    });

    it('accepts each recovery code once instead of the code', async () => {
      const user = await ctx().signIn('qa', {}, { secondFactor: 'none' });
      const { recoveryCodes } = await h.enrol(user);
      const recovery = recoveryCodes[3]!;
      const first = await signInThrough(h.browse(), user.email, TEST_PASSWORD, '/', recovery.toUpperCase());
      expect(first.url.pathname).toBe('/');
      expect(first.status).not.toBe(401);
      const second = await signInThrough(h.browse(), user.email, TEST_PASSWORD, '/', recovery);
      expect(second.status).toBe(401);
      expect(await h.actions(user.userId)).toContain('second-factor-recovery-code-used');
      expect((await user.inject({ method: 'GET', url: BASE })).json()).toMatchObject({
        recoveryCodesLeft: 9,
      });
    });

    it('counts wrong codes in the sign-in throttle', async () => {
      const support = await ctx().signIn('support');
      let page = await signInThrough(h.browse(), support.email, TEST_PASSWORD, '/', '111111');
      for (let i = 0; i < 5 && page.status === 401; i++) {
        page = await signInThrough(h.browse(), support.email, TEST_PASSWORD, '/', '111111');
      }
      expect(page.status).toBe(429);
    });
  });

  describe('mandatory for the roles of master data', () => {
    it('lets a support user without one do nothing but enrol (and sign out)', async () => {
      const support = await ctx().signIn('support', {}, { secondFactor: 'none' });
      expectError(
        await support.inject({ method: 'GET', url: '/api/casinos' }),
        403,
        'SECOND_FACTOR_ENROLMENT_REQUIRED',
      );
      expectError(
        await support.inject({ method: 'GET', url: '/api/account' }),
        403,
        'SECOND_FACTOR_ENROLMENT_REQUIRED',
      );
      const session = await support.inject({ method: 'GET', url: '/auth/session' });
      expect(session.json()).toMatchObject({ secondFactor: { required: true, enrolled: false } });
      expect((await support.inject({ method: 'GET', url: BASE })).json()).toMatchObject({ required: true });

      await h.enrol(support);
      expect((await support.inject({ method: 'GET', url: '/api/casinos' })).statusCode).toBe(200);
      const [row] = await h.db().select().from(sessions).where(eq(sessions.userId, support.userId));
      expect(row!.verifiedAt).not.toBeNull();
    });

    it('is a master-data setting, audited; an empty list makes it optional', async () => {
      const admin = await ctx().signIn('admin');
      const read = await admin.inject({ method: 'GET', url: '/api/masterdata/settings' });
      expect(read.json()).toMatchObject({ secondFactorRoles: ['admin', 'developer', 'support'] });
      const changed = await admin.inject({
        method: 'PUT',
        url: '/api/masterdata/settings',
        payload: { ...pickSettings(read.json()), secondFactorRoles: ['admin'] },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      try {
        const support = await ctx().signIn('support', {}, { secondFactor: 'none' });
        expect((await support.inject({ method: 'GET', url: '/api/casinos' })).statusCode).toBe(200);
        const [entry] = await h
          .db()
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.entityType, 'settings'), eq(auditEntries.action, 'update')));
        expect(JSON.stringify(entry)).toContain('secondFactorRoles');
      } finally {
        const current = (await admin.inject({ method: 'GET', url: '/api/masterdata/settings' })).json();
        await admin.inject({
          method: 'PUT',
          url: '/api/masterdata/settings',
          payload: { ...pickSettings(current), secondFactorRoles: ['admin', 'developer', 'support'] },
        });
      }
    });
  });

  describe("an admin's reset", () => {
    it("removes the user's second factor, ends their sessions and is audited", async () => {
      const admin = await ctx().signIn('admin');
      const support = await ctx().signIn('support');
      expect((await support.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
      const status = await admin.inject({ method: 'GET', url: `/api/users/${support.userId}/second-factor` });
      expect(status.json()).toMatchObject({ enrolled: true, required: true });

      const reset = await admin.inject({
        method: 'DELETE',
        url: `/api/users/${support.userId}/second-factor`,
      });
      expect(reset.statusCode, reset.body).toBe(204);
      expectError(await support.inject({ method: 'GET', url: '/api/account' }), 401, 'UNAUTHENTICATED');
      expect(await h.db().select().from(sessions).where(eq(sessions.userId, support.userId))).toHaveLength(0);
      const after = await admin.inject({ method: 'GET', url: `/api/users/${support.userId}/second-factor` });
      expect(after.json()).toMatchObject({ enrolled: false });
      expect(await h.actions(support.userId)).toContain('second-factor-reset');
      expectError(
        await admin.inject({ method: 'DELETE', url: `/api/users/${support.userId}/second-factor` }),
        409,
        'SECOND_FACTOR_NOT_ENROLLED',
      );
    });

    it('is refused on the own user and for other roles', async () => {
      const admin = await ctx().signIn('admin');
      const own = await admin.inject({
        method: 'DELETE',
        url: `/api/users/${admin.userId}/second-factor`,
        headers: { 'accept-language': 'en' },
      });
      expectError(own, 403, 'OWN_USER');
      expect(own.json<ErrorBody>().message).toBe('This action cannot be processed on the own user.');
      const developer = await ctx().signIn('developer');
      expectError(
        await developer.inject({ method: 'DELETE', url: `/api/users/${admin.userId}/second-factor` }),
        403,
        'NO_PERMISSION',
      );
    });
  });
});

function formActionOf(body: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(body);
  if (!match?.[1]) throw new Error('no form');
  return match[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

function pickSettings(settings: Record<string, unknown>) {
  const { createdAt: _c, updatedAt: _u, ...rest } = settings;
  return rest;
}
