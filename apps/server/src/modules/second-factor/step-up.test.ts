/**
 * Step-up (issue 15, item 2): dangerous actions need the session to have proven the user's strongest
 * factor within 5 minutes — else 403 STEP_UP_REQUIRED and nothing changes — and the user proves it again
 * with a real TOTP code, a recovery code (once), or the password when they have no second factor.
 */
import {
  STEP_UP_MAX_AGE_MS,
  type ErrorBody,
  type ErrorCode,
  type GlobalSettings,
  type User,
} from '@backoffice/contracts';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, sessions } from '../../db/schema/index';
import { describeEachEngine, TEST_PASSWORD, type SignedIn, type TestContext } from '../../test/app';
import { auditEntriesOf, changeEntries, clearAuditTrail } from '../../test/databases';

const STEP_UP = '/api/account/second-factor/step-up';

/** A right code of the step `stepsAhead` after the current one: one no earlier request used. */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

function expectError(response: { statusCode: number; body: string }, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  expect((JSON.parse(response.body) as ErrorBody).code).toBe(code);
}

function helpers(ctx: () => TestContext) {
  const db = () => ctx().database.db;
  /** The user's sessions last proved the factor longer ago than step-up allows. */
  async function staleFor(user: SignedIn, ms = STEP_UP_MAX_AGE_MS + 60_000) {
    await ctx().changeBehindTheApp(() =>
      db()
        .update(sessions)
        .set({ verifiedAt: new Date(Date.now() - ms) })
        .where(eq(sessions.userId, user.userId)),
    );
  }
  const stepUp = (user: SignedIn, body: unknown) =>
    user.inject({ method: 'POST', url: STEP_UP, payload: body as InjectOptions['payload'] });
  return { db, staleFor, stepUp };
}

describeEachEngine('step-up for dangerous actions', (ctx) => {
  const h = helpers(ctx);

  beforeEach(async () => {
    await clearAuditTrail(h.db());
  });

  describe('the gate', () => {
    it('lets a session that proved the factor within 5 minutes act, and asks one that did longer ago', async () => {
      const admin = await ctx().signIn('admin');
      const create = () =>
        admin.inject({
          method: 'POST',
          url: '/api/users',
          payload: {
            username: `u-${randomUUID().slice(0, 8)}`,
            email: `u-${randomUUID().slice(0, 8)}@example.com`,
            firstName: 'Nora',
            lastName: 'Newcomer',
            role: 'qa',
            active: true,
            casinoIds: [],
            integrationIds: [],
            password: 'Another-Password-1',
            passwordRepeat: 'Another-Password-1',
          },
        });
      await h.staleFor(admin, STEP_UP_MAX_AGE_MS - 30_000);
      expect((await create()).statusCode).toBe(201);

      await h.staleFor(admin);
      const before = await changeEntries(h.db());
      const refused = await create();
      expectError(refused, 403, 'STEP_UP_REQUIRED');
      expect(JSON.parse(refused.body).message).toBe(
        'Bitte bestätigen Sie, dass Sie es sind: Diese Aktion erfordert eine erneute Bestätigung.',
      );
      expect(await changeEntries(h.db())).toEqual(before);
      // Not a denial: the admin may, once confirmed; the audit trail's denials stay empty.
      await ctx().app.accessDenials.settled();
      const denials = await h
        .db()
        .select()
        .from(auditEntries)
        .where(eq(auditEntries.entityType, 'access-denied'));
      expect(denials).toHaveLength(0);

      const confirmed = await h.stepUp(admin, { code: await codeOf(admin.totpSecret!, 1) });
      expect(confirmed.statusCode, confirmed.body).toBe(204);
      expect((await create()).statusCode).toBe(201);
    });

    it('checks the input first: a wrong request answers 400, not a question for the code', async () => {
      const admin = await ctx().signIn('admin');
      await h.staleFor(admin);
      const response = await admin.inject({ method: 'POST', url: '/api/users', payload: { username: '' } });
      expectError(response, 400, 'VALIDATION_FAILED');
    });

    it('asks on every dangerous route and on none of the harmless ones', async () => {
      const admin = await ctx().signIn('admin');
      const agent = await ctx().signIn('support');
      const other = await ctx().signIn('qa', {}, { secondFactor: 'none' });
      await h.staleFor(admin);
      await h.staleFor(agent);
      const id = randomUUID();
      const hash = 'ab'.repeat(32);
      const settings = (
        await admin.inject({ method: 'GET', url: '/api/masterdata/settings' })
      ).json<GlobalSettings>();
      const { createdAt: _c, updatedAt: _u, ...settingsBody } = settings;
      const { version: _v, ...otherBody } = (
        await admin.inject({ method: 'GET', url: `/api/users/${other.userId}` })
      ).json<User & { version: number }>();
      void _c;
      void _u;
      void _v;

      const dangerous: [SignedIn, InjectOptions][] = [
        [
          admin,
          {
            method: 'PUT',
            url: `/api/users/${other.userId}`,
            payload: { ...otherBody, role: 'admin', version: 1 } as never,
          },
        ],
        [admin, { method: 'DELETE', url: `/api/users/${other.userId}`, query: { version: '1' } }],
        [
          admin,
          {
            method: 'PUT',
            url: `/api/users/${other.userId}/password`,
            payload: { password: 'Another-Password-1', passwordRepeat: 'Another-Password-1' },
          },
        ],
        [admin, { method: 'DELETE', url: `/api/users/${agent.userId}/second-factor` }],
        [
          admin,
          {
            method: 'POST',
            url: '/api/cpv/allowed-hashes',
            payload: { component: 'other', hash, note: '', confirmation: hash.slice(0, 8) },
          },
        ],
        [admin, { method: 'POST', url: `/api/cpv/allowed-hashes/${id}/retire`, payload: { version: 1 } }],
        [
          admin,
          {
            method: 'PUT',
            url: '/api/masterdata/settings',
            payload: { ...settingsBody, secondFactorRoles: ['admin'] } as never,
          },
        ],
        [
          agent,
          {
            method: 'POST',
            url: '/api/support/rounds/no-casino/no-round/close',
            payload: { booking: 'win', reason: 'Player reported a lost win', confirmation: 'no-round' },
          },
        ],
        [
          agent,
          {
            method: 'POST',
            url: '/api/support/rounds/no-casino/no-round/close',
            payload: { booking: 'refund', reason: 'Stuck round', confirmation: 'no-round' },
          },
        ],
        [agent, { method: 'POST', url: '/api/support/rounds/no-casino/no-round/retry' }],
        [
          agent,
          {
            method: 'POST',
            url: '/api/support/players/no-casino/p-1/savegames/g-1/delete',
            payload: { mode: 'hard', reason: 'Player asked', confirmation: 'g-1' },
          },
        ],
      ];
      for (const [user, request] of dangerous) {
        const response = await user.inject(request);
        expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(403);
        expect(JSON.parse(response.body).code).toBe('STEP_UP_REQUIRED');
      }
      expect(await changeEntries(h.db())).toHaveLength(0);

      const harmless: [SignedIn, InjectOptions, number][] = [
        // Closing without a booking moves no money.
        [
          agent,
          {
            method: 'POST',
            url: '/api/support/rounds/no-casino/no-round/close',
            payload: { booking: 'none', reason: 'Stuck round', confirmation: 'no-round' },
          },
          404,
        ],
        // Settings that leave the roles of the second factor as they are.
        [
          admin,
          {
            method: 'PUT',
            url: '/api/masterdata/settings',
            payload: {
              ...settingsBody,
              secondFactorRoles: [...settings.secondFactorRoles].reverse(),
            } as never,
          },
          200,
        ],
        [admin, { method: 'GET', url: `/api/users/${other.userId}` }, 200],
        [admin, { method: 'GET', url: '/api/cpv/allowed-hashes' }, 200],
      ];
      for (const [user, request, status] of harmless) {
        const response = await user.inject(request);
        expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
      }
    });
  });

  describe('proving it again', () => {
    it('takes a code of the app once per time step and audits the step-up', async () => {
      const agent = await ctx().signIn('support');
      await h.staleFor(agent);
      const code = await codeOf(agent.totpSecret!, 1);
      expect((await h.stepUp(agent, { code })).statusCode).toBe(204);
      const [session] = await h.db().select().from(sessions).where(eq(sessions.userId, agent.userId));
      expect(Date.now() - session!.verifiedAt!.getTime()).toBeLessThan(10_000);
      // The same code again (seen over a shoulder) proves nothing.
      expectError(await h.stepUp(agent, { code }), 400, 'SECOND_FACTOR_CODE_WRONG');
      const entries = await auditEntriesOf(h.db(), agent.userId);
      expect(entries.filter((entry) => entry.action === 'step-up')).toHaveLength(1);
      expect(entries.find((entry) => entry.action === 'step-up')?.changes).toEqual({
        proof: { before: null, after: 'otp' },
      });
    });

    it('refuses a wrong code, the password instead of the code, and counts wrong answers like passwords', async () => {
      const agent = await ctx().signIn('support');
      await h.staleFor(agent);
      expectError(await h.stepUp(agent, { code: '000000' }), 400, 'SECOND_FACTOR_CODE_WRONG');
      // A user with a second factor proves it, not the password.
      expectError(await h.stepUp(agent, { password: TEST_PASSWORD }), 400, 'SECOND_FACTOR_CODE_WRONG');
      expectError(await h.stepUp(agent, { code: '1', password: TEST_PASSWORD }), 400, 'VALIDATION_FAILED');
      expectError(await h.stepUp(agent, {}), 400, 'VALIDATION_FAILED');
      let last = 0;
      for (let attempt = 0; attempt < 12 && last !== 429; attempt += 1)
        last = (await h.stepUp(agent, { code: '111111' })).statusCode;
      expect(last).toBe(429);
      const denied = await agent.inject({
        method: 'POST',
        url: '/api/support/rounds/no-casino/no-round/retry',
      });
      expectError(denied, 403, 'STEP_UP_REQUIRED');
    });

    it('takes a recovery code once', async () => {
      const agent = await ctx().signIn('support', {}, { secondFactor: 'none' });
      const started = await agent.inject({ method: 'POST', url: '/api/account/second-factor/enrolment' });
      const { secret } = started.json<{ secret: string }>();
      const confirmed = await agent.inject({
        method: 'POST',
        url: '/api/account/second-factor/enrolment/confirm',
        payload: { code: await codeOf(secret) },
      });
      const [recoveryCode] = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;
      await h.staleFor(agent);
      expect((await h.stepUp(agent, { code: recoveryCode })).statusCode).toBe(204);
      await h.staleFor(agent);
      expectError(await h.stepUp(agent, { code: recoveryCode }), 400, 'SECOND_FACTOR_CODE_WRONG');
      const stepUps = (await auditEntriesOf(h.db(), agent.userId)).filter(
        (entry) => entry.action === 'step-up',
      );
      expect(stepUps.map((entry) => entry.changes)).toEqual([
        { proof: { before: null, after: 'recovery-code' }, recoveryCodesLeft: { before: null, after: 9 } },
      ]);
    });

    it('asks a user without a second factor for the password', async () => {
      const accountant = await ctx().signIn('accountant', {}, { secondFactor: 'none' });
      await h.staleFor(accountant);
      expectError(await h.stepUp(accountant, { password: 'wrong' }), 400, 'CURRENT_PASSWORD_WRONG');
      expectError(await h.stepUp(accountant, { code: '123456' }), 400, 'CURRENT_PASSWORD_WRONG');
      expect((await h.stepUp(accountant, { password: TEST_PASSWORD })).statusCode).toBe(204);
    });

    it('is for signed-in users only', async () => {
      const response = await ctx().app.inject({
        method: 'POST',
        url: STEP_UP,
        headers: { 'x-requested-with': 'backoffice' },
        payload: { password: TEST_PASSWORD },
      });
      expectError(response, 401, 'UNAUTHENTICATED');
    });
  });
});
