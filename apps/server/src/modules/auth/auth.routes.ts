/**
 * The BFF sign-in routes: /auth/login starts the code flow (or, with `stepUp`, a new authentication at an
 * external issuer that confirms the running session), /auth/callback finishes it into a server-side
 * session, /auth/session tells the web app who is signed in, /auth/logout ends the session here (and at the
 * embedded identity server) and returns where to go next: the external identity server's sign-out, if any.
 */
import { sessionInfoSchema } from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/http-schemas';
import { principalOf } from '../../plugins/access';
import { recordAudit } from '../audit/audit.service';
import type { SecondFactorService } from '../second-factor/second-factor.service';
import { createUsersRepository } from '../users/users.repository';
import { endIdentitySession } from '../identity/oidc-adapter';
import { IDENTITY_SESSION_COOKIE } from '../identity/oidc-provider';
import type { OidcClient } from './oidc-client';
import type { SessionsService } from './sessions.service';
import { findUserForSubject } from './subjects';

export const SESSION_COOKIE = 'bo_session';
/**
 * The state of one sign-in in progress lives in a cookie of its own, named after its OAuth `state`, so that
 * two tabs signing in at once (both sent to sign-in by one sign-out) do not overwrite each other's: the
 * callback reads the cookie its `state` names.
 */
export const LOGIN_COOKIE_PREFIX = 'bo_login_';
/** At most this many sign-ins in progress per browser: a new one drops the oldest beyond it. */
export const MAX_LOGINS_IN_PROGRESS = 5;
/** The cookie holding the sign-in in progress with this `state`; none for a state we never make. */
export function loginCookieName(state: unknown): string | undefined {
  return typeof state === 'string' && /^[\w-]{16,128}$/.test(state) ? LOGIN_COOKIE_PREFIX + state : undefined;
}
/**
 * Set by a sign-out until the next sign-in: that sign-in authenticates the user again at the identity
 * server (max_age=0), even where its session outlived ours. Without it, another tab of the browser that
 * finds its session ended while this one is still on its way to the identity server's sign-out would be
 * signed straight back in by the identity server's session: the sign-out would not sign out.
 */
export const SIGNED_OUT_COOKIE = 'bo_signed_out';
/** Spec §4: stored login callback state expires after 1 hour. */
export const LOGIN_STATE_TTL_MS = 60 * 60 * 1000;

const loginState = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  returnTo: z.string(),
  createdAt: z.number(),
  /** A step-up at an external issuer: the user signs in there again to confirm the running session. */
  stepUp: z.boolean().optional(),
});

/** RFC 8176 methods that are a second factor (or say that several were used). */
const SECOND_FACTOR_METHODS = new Set([
  'mfa',
  'otp',
  'hwk',
  'swk',
  'sms',
  'tel',
  'sc',
  'fpt',
  'face',
  'iris',
  'retina',
  'vbm',
]);
/** The issuer's clock may be a little ahead or behind ours. */
const AUTH_TIME_SKEW_MS = 30_000;

/** Whether the sign-in used a second factor: its `amr`, or an `acr` that the operators named as one. */
export function secondFactorProven(
  result: { amr: string[]; acr: string | undefined },
  mfaAcrValues: readonly string[],
): boolean {
  return (
    result.amr.some((method) => SECOND_FACTOR_METHODS.has(method)) ||
    (result.acr !== undefined && mfaAcrValues.includes(result.acr))
  );
}

/** Only paths of this site: no scheme, no host, no protocol-relative `//`. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && !value.startsWith('/auth/')
    ? value
    : '/';
}

type LoginState = z.infer<typeof loginState>;

/** The sign-in in progress that the cookie of this name holds, if it is ours (signed) and well-formed. */
function readLoginState(request: FastifyRequest, name: string): LoginState | undefined {
  const raw = request.cookies[name];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  if (!unsigned?.valid || unsigned.value === null) return undefined;
  try {
    const parsed = loginState.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The sign-ins in progress to drop so that a new one keeps them at MAX_LOGINS_IN_PROGRESS: the oldest. */
function loginsBeyondLimit(request: FastifyRequest): string[] {
  const inProgress = Object.keys(request.cookies)
    .filter((name) => name.startsWith(LOGIN_COOKIE_PREFIX))
    .map((name) => ({ name, createdAt: readLoginState(request, name)?.createdAt ?? 0 }))
    .sort((a, b) => a.createdAt - b.createdAt);
  return inProgress
    .slice(0, Math.max(0, inProgress.length - (MAX_LOGINS_IN_PROGRESS - 1)))
    .map((l) => l.name);
}

export const authRoutes: FastifyPluginAsyncZod<{
  config: Config;
  db: Db;
  oidc: () => OidcClient;
  sessions: SessionsService;
  secondFactors: Pick<SecondFactorService, 'isEnrolled' | 'isRequiredFor'>;
}> = async (app, { config, db, oidc, sessions, secondFactors }) => {
  const tags = ['Sign-in'];
  const users = createUsersRepository();
  const cookieBase = { httpOnly: true, secure: config.session.secureCookies, sameSite: 'lax' as const };

  app.get(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: z.object({
          returnTo: z.string().max(2000).optional(),
          /** Step-up at an external issuer: authenticate again (max_age=0) and confirm this session. */
          stepUp: z.enum(['1']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const stepUp = request.query.stepUp === '1';
      const again = stepUp || request.cookies[SIGNED_OUT_COOKIE] !== undefined;
      const login = await oidc().startLogin(request.language, again ? { maxAge: 0 } : {});
      const name = loginCookieName(login.state);
      if (!name) throw new Error('the OpenID client made a state that cannot name a cookie');
      for (const stale of loginsBeyondLimit(request)) reply.clearCookie(stale, { path: '/auth' });
      const state = {
        state: login.state,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
        returnTo: safeReturnTo(request.query.returnTo),
        createdAt: Date.now(),
        ...(stepUp ? { stepUp } : {}),
      };
      return reply
        .setCookie(name, JSON.stringify(state), {
          ...cookieBase,
          path: '/auth',
          signed: true,
          maxAge: LOGIN_STATE_TTL_MS / 1000,
        })
        .header('cache-control', 'no-store')
        .redirect(login.url.href, 303);
    },
  );

  app.get(
    '/auth/callback',
    { config: { access: 'public', changesSessions: true }, schema: { tags } },
    async (request, reply) => {
      const name = loginCookieName((request.query as Record<string, unknown>).state);
      const parsed = name ? readLoginState(request, name) : undefined;
      if (name && request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/auth' });
      if (!parsed || Date.now() - parsed.createdAt > LOGIN_STATE_TTL_MS) {
        // No (or too old) login in progress: start a fresh one.
        return reply.redirect('/auth/login', 303);
      }
      const { state, nonce, codeVerifier, returnTo, createdAt, stepUp } = parsed;
      let result: Awaited<ReturnType<OidcClient['finishLogin']>>;
      try {
        result = await oidc().finishLogin(new URL(request.url, config.publicUrl), {
          state,
          nonce,
          codeVerifier,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in callback refused');
        throw new AppError('BAD_CREDENTIALS');
      }
      const user = await findUserForSubject(db, result);
      if (!user?.active) throw new AppError('NO_PERMISSION');
      const external = config.oidc.kind === 'external';
      const secondFactorUsed = secondFactorProven(
        result,
        config.oidc.kind === 'external' ? config.oidc.mfaAcrValues : [],
      );
      // An external issuer's second factor is the one a role that must use one signs in with.
      if (external && !secondFactorUsed && (await secondFactors.isRequiredFor(user.role)))
        throw new AppError('SECOND_FACTOR_REQUIRED_AT_ISSUER');
      const auditUser = (tx: Db, action: 'step-up' | 'sign-in', after: Record<string, unknown>) =>
        recordAudit(tx, {
          actor: { id: user.id, name: user.username },
          entityType: 'user',
          entityId: user.id,
          action,
          before: null,
          after,
        });
      if (stepUp) {
        const current = await sessions.resolve(request.cookies[SESSION_COOKIE], { touch: false });
        const fresh =
          result.authTime !== undefined && result.authTime * 1000 >= createdAt - AUTH_TIME_SKEW_MS;
        if (current?.principal.userId === user.id && fresh) {
          await db.transaction(async (tx) => {
            await sessions.markVerified(tx, { id: current.principal.sessionId });
            await auditUser(tx, 'step-up', { proof: 'issuer' });
          });
          return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
        }
        // Another user, or the issuer did not authenticate again: an ordinary sign-in, a session of its own.
      }
      const address = request.ip;
      const { token } = await sessions.create(user.id, result.tokens, {
        userAgent: request.headers['user-agent'],
        address,
      });
      // GLI-19 §2.8.9: here for any issuer, embedded or external — a sign-in is the session it opens.
      await users.recordSignIn(db, user.id, address);
      // The session is proven when the sign-in proved the strongest factor the user has: the second factor
      // when one is enrolled (the ID token's amr says so), else the password; at an external issuer, what
      // it asked for. Step-up reads this.
      if (external || secondFactorUsed || !(await secondFactors.isEnrolled(user.id)))
        await sessions.markVerified(db, { token });
      await auditUser(db, 'sign-in', { address });
      return reply
        .clearCookie(SIGNED_OUT_COOKIE, { path: '/auth' })
        .setCookie(SESSION_COOKIE, token, {
          ...cookieBase,
          path: '/',
          maxAge: config.session.maxLifetimeMs / 1000,
        })
        .header('cache-control', 'no-store')
        .redirect(returnTo, 303);
    },
  );

  app.get(
    '/auth/session',
    {
      config: { access: 'public' },
      schema: { tags, response: { 200: sessionInfoSchema, ...errorResponses(401) } },
    },
    async (request, reply) => {
      // Checking the session is not activity: it must not keep an idle session alive.
      const resolved = await sessions.resolve(request.cookies[SESSION_COOKIE], { touch: false });
      if (!resolved) throw new AppError('UNAUTHENTICATED');
      reply.header('cache-control', 'no-store');
      return resolved.info;
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'authenticated', duringEnrolment: true },
      schema: { tags, response: { 200: z.object({ redirectTo: z.string() }), ...errorResponses(401, 403) } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const embedded = config.oidc.kind === 'embedded';
      const identitySession = embedded ? request.cookies[IDENTITY_SESSION_COOKIE] : undefined;
      // The session ends with its audit entry, or neither happens (a cut connection fails both). The embedded
      // identity server's session ends with them, here: no page of its own that another tab could disturb.
      const ended = await db.transaction(async (tx) => {
        const destroyed = await sessions.destroy(tx, request.cookies[SESSION_COOKIE]);
        if (identitySession) await endIdentitySession(tx, identitySession);
        await recordAudit(tx, {
          actor: { id: principal.userId, name: principal.username },
          entityType: 'user',
          entityId: principal.userId,
          action: 'sign-out',
          before: null,
          after: null,
        });
        return destroyed;
      });
      reply.clearCookie(SESSION_COOKIE, { path: '/' }).setCookie(SIGNED_OUT_COOKIE, '1', {
        ...cookieBase,
        path: '/auth',
        maxAge: config.session.maxLifetimeMs / 1000,
      });
      if (embedded) {
        reply.clearCookie(IDENTITY_SESSION_COOKIE, { path: '/' });
        reply.clearCookie(`${IDENTITY_SESSION_COOKIE}.sig`, { path: '/' });
        return { redirectTo: '/' };
      }
      return { redirectTo: await oidc().endSessionUrl(ended?.idToken) };
    },
  );

  app.get(
    '/auth/assets/identity.css',
    { config: { access: 'public' }, schema: { hide: true } },
    (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(IDENTITY_CSS),
  );

  app.get(
    '/auth/assets/auto-submit.js',
    { config: { access: 'public' }, schema: { hide: true } },
    (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send("document.getElementById('op.logoutForm')?.submit();\n"),
  );
};

const IDENTITY_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f3f5; color: #212529; }
.card { width: min(380px, calc(100vw - 32px)); background: #fff; border-radius: 8px; padding: 32px;
  box-shadow: 0 1px 3px rgba(0,0,0,.08), 0 8px 24px rgba(0,0,0,.06); }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; font-weight: 500; color: #495057; margin: 0 0 24px; }
label { display: block; font-size: 14px; font-weight: 500; margin: 16px 0 6px; }
input { box-sizing: border-box; width: 100%; padding: 9px 12px; font-size: 15px; border: 1px solid #ced4da; border-radius: 4px; }
input:focus { outline: 2px solid #4c6ef5; outline-offset: 0; border-color: #4c6ef5; }
button { margin-top: 24px; width: 100%; padding: 10px; font-size: 15px; font-weight: 600; color: #fff;
  background: #4263eb; border: 0; border-radius: 4px; cursor: pointer; } button:hover { background: #3b5bdb; }
.error { background: #fff5f5; color: #c92a2a; border: 1px solid #ffc9c9; border-radius: 4px; padding: 10px 12px; font-size: 14px; }
`;
