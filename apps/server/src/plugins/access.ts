/**
 * Deny by default: every route declares `config.access` — a permission of the matrix, `authenticated`,
 * or `public`. A request without a session gets 401 on anything not public; a role without the permission
 * gets 403 "No permission."; a route that declares nothing is refused. Changing requests must also carry
 * our custom header and, when the browser says where it comes from, our own origin (CSRF defence).
 */
import { hasPermission, type Access, type Role, type SessionSecondFactor } from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Scope } from '../lib/scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A safe-method route that still changes sessions (the sign-in callback): it settles like a write. */
    changesSessions?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the session plugin. */
    principal: Principal | null;
    /** The instance's count of announcements made when the handler began (absent: not counted). */
    announcementsBefore?: number;
  }
}

export interface Principal {
  userId: string;
  username: string;
  role: Role;
  scope: Scope;
  sessionId: string;
  /** Whether the role requires a second factor and whether the user has one (issue 15). */
  secondFactor: SessionSecondFactor;
  /** When this session last proved the user's strongest factor (sign-in, enrolment): step-up reads it. */
  verifiedAt: Date | null;
}

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'backoffice';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Only a signed-in user's write can change sessions, users or settings (the platform's ingest cannot). */
function isSignedInWrite(request: FastifyRequest): boolean {
  return request.principal !== null && !SAFE_METHODS.has(request.method);
}

export interface AccessOptions {
  allowedOrigins: string[];
  /** Resolves the session of a request (and refreshes its tokens when due). */
  authenticate: (request: FastifyRequest) => Promise<Principal | null>;
  /**
   * Resolves once this instance has heard every session change committed so far. A request that may have
   * changed sessions, users or settings answers only after it, so its next request cannot be served what it
   * just ended or changed (sessions held in memory, decision 030).
   */
  settle: () => Promise<void>;
  /**
   * How many session changes this instance's statements have announced so far: a write during which the
   * count did not move announced none, changed nothing a session resolves to and need not settle. Without
   * it every write settles.
   */
  announcementsMade?: Database['announcementsMade'];
}

export const accessPlugin = fp<AccessOptions>(
  async (app, { allowedOrigins, authenticate, settle, announcementsMade }) => {
    app.decorateRequest('principal', null);

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      // No route matched: the web app's pages (and its not-found page) are public; unknown API paths
      // only tell signed-in users that they do not exist.
      const isPublic = access === 'public' || (request.is404 && !request.url.startsWith('/api/'));
      if (!SAFE_METHODS.has(request.method)) {
        const origin = request.headers.origin;
        if (origin !== undefined && !allowedOrigins.includes(origin)) throw new AppError('NO_PERMISSION');
        if (!isPublic && request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE)
          throw new AppError('NO_PERMISSION');
      }
      if (isPublic) return;

      const principal = await authenticate(request);
      if (!principal) throw new AppError('UNAUTHENTICATED');
      request.principal = principal;
      request.actor = { id: principal.userId, name: principal.username };

      if (access === undefined) {
        if (request.is404) return;
        request.log.error({ url: request.routeOptions.url }, 'route declares no access: refused');
        throw new AppError('NO_PERMISSION');
      }
      if (access !== 'authenticated' && !hasPermission(principal.role, access)) {
        throw new AppError('NO_PERMISSION');
      }
    });

    if (announcementsMade) {
      // Counted from the handler on. What the hooks before it wrote is not counted: the session's refresh
      // or recorded activity in `authenticate` announces only that one session. The count is the
      // instance's, not the request's: another request's announcement made meanwhile makes this one
      // settle too, which costs it the wait and loses nothing; one made by this request is never missed.
      app.addHook('preHandler', (request, _reply, done) => {
        if (isSignedInWrite(request)) request.announcementsBefore = announcementsMade();
        done();
      });
    }

    // What the API and the sign-in answer is about a user and their session: no browser or proxy may keep
    // it (a shared computer's back button, a proxy's cache). A route that knows better sets its own.
    app.addHook('onSend', async (request, reply) => {
      // A signed-in write may have changed sessions, and, where the database says so, only one whose
      // statements announced such a change did.
      const mayChangeSessions =
        (isSignedInWrite(request) &&
          (request.announcementsBefore === undefined ||
            announcementsMade?.() !== request.announcementsBefore)) ||
        request.routeOptions.config?.changesSessions === true;
      if (mayChangeSessions) await settle();
      if (
        (request.url.startsWith('/api/') || request.url.startsWith('/auth/')) &&
        !reply.hasHeader('cache-control')
      )
        reply.header('cache-control', 'no-store');
    });
  },
  { name: 'access', dependencies: ['error-handler'] },
);

/** The principal of a route that requires a session (its access is not `public`). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}
