/**
 * Server-side sessions (BFF). The browser holds a random token; we store its hash, the user, the limits
 * (idle timeout, absolute lifetime) and the identity server's tokens, encrypted. Access tokens are
 * refreshed when fewer than 5 seconds remain; a 400 on refresh ends the session.
 */
import {
  permissionsOf,
  type Account,
  type Role,
  type SessionInfo,
  type UserSession,
} from '@backoffice/contracts';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { ChannelListener, Database, Db } from '../../db/client';
import { globalSettings, sessions, userSecondFactors, users } from '../../db/schema/index';
import { decrypt, deriveKey, encrypt, randomToken, sha256 } from '../../lib/crypto';
import { UNLIMITED, type Scope } from '../../lib/scope';
import type { Principal } from '../../plugins/access';
import { scopeColumns } from '../users/users.repository';
import { isRefreshRejected, type OidcClient, type TokenSet } from './oidc-client';
import { createSessionCache, noSessionCache } from './session-cache';
import { describeUserAgent } from './user-agent';

/** Spec §4: refresh when fewer than 5 seconds of validity remain. */
export const REFRESH_THRESHOLD_MS = 5_000;
/** Activity is written at most this often, so polling and bursts do not write on every request. */
const TOUCH_INTERVAL_MS = 15_000;

export interface ResolvedSession {
  principal: Principal;
  info: SessionInfo;
}

const sessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  accessTokenExpiresAt: sessions.accessTokenExpiresAt,
  tokens: sessions.tokens,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  active: users.active,
  ...scopeColumns,
  verifiedAt: sessions.verifiedAt,
  secondFactorConfirmedAt: userSecondFactors.confirmedAt,
  secondFactorRequired: sql<boolean>`exists (select 1 from ${globalSettings} where ${globalSettings.id} = 1 and ${users.role} = any(${globalSettings.secondFactorRoles}))`,
};

/** Where a session was started from, as the request that created it tells. */
export interface SessionOrigin {
  userAgent: string | undefined;
  address: string;
}

/** A user agent is whatever the browser sends: kept to a length that names a device and no more. */
const USER_AGENT_MAX_LENGTH = 512;

/** First key of the two-key advisory locks that serialise refreshes of one session across instances. */
const REFRESH_LOCK_NAMESPACE = 727_003;

export function createSessionsService(options: {
  database: Database;
  config: Config;
  oidc: () => OidcClient;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Hold resolved sessions in memory (a running server; decision 030). Off, every request reads them. */
  holdInMemory?: boolean;
  /** Also told what the session announcements say (the kept answers; see `createSessionCache`). */
  alsoHeard?: ChannelListener;
}) {
  const { database, config, log } = options;
  const { db } = database;
  const now = options.now ?? Date.now;
  const managedByIssuer = config.oidc.kind === 'external';
  const tokenKey = deriveKey(config.sessionSecret, 'session-tokens');
  const seal = (tokens: TokenSet) => encrypt(tokenKey, JSON.stringify(tokens));
  const unseal = (sealed: string) => JSON.parse(decrypt(tokenKey, sealed)) as TokenSet;

  async function findByHash(tokenHash: string) {
    const [row] = await db
      .select(sessionColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(userSecondFactors, eq(userSecondFactors.userId, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash));
    return row;
  }
  type SessionRow = NonNullable<Awaited<ReturnType<typeof findByHash>>>;
  const cache = options.holdInMemory
    ? createSessionCache<SessionRow>({ database, log, now, alsoHeard: options.alsoHeard })
    : noSessionCache<SessionRow>();

  /** The session of a token hash: from memory when held, else from the database (and then held). */
  async function lookUp(tokenHash: string): Promise<SessionRow | undefined> {
    const held = cache.lookup(tokenHash);
    if (held) return held;
    const generation = cache.generation();
    const row = await findByHash(tokenHash);
    if (row) cache.remember(tokenHash, row, generation);
    return row;
  }

  /** Refreshes in flight in this process, so parallel requests of one session share one refresh. */
  const refreshing = new Map<string, Promise<'refreshed' | 'ended' | 'kept'>>();

  /**
   * Refreshes a session's tokens once, even when several requests (on several instances) find them due:
   * one refresh per session in this process, and a PostgreSQL advisory lock across instances. No
   * transaction is held while the identity server answers (the embedded one shares our database).
   */
  function refreshTokens(sessionId: string): Promise<'refreshed' | 'ended' | 'kept'> {
    const running = refreshing.get(sessionId);
    if (running) return running;
    const task = database
      .withConnection(async (connection) => {
        const lock = sql`${REFRESH_LOCK_NAMESPACE}, hashtext(${sessionId})`;
        if (database.engine === 'postgres') await connection.execute(sql`select pg_advisory_lock(${lock})`);
        try {
          const [row] = await connection
            .select({ accessTokenExpiresAt: sessions.accessTokenExpiresAt, tokens: sessions.tokens })
            .from(sessions)
            .where(eq(sessions.id, sessionId));
          if (!row) return 'ended' as const;
          const expiresAt = row.accessTokenExpiresAt?.getTime();
          // Another instance may have refreshed while we waited for the lock.
          if (expiresAt === undefined || expiresAt - now() >= REFRESH_THRESHOLD_MS) return 'kept' as const;
          try {
            const tokens = await options.oidc().refresh(unseal(row.tokens));
            await connection
              .update(sessions)
              .set({
                tokens: seal(tokens),
                accessTokenExpiresAt: tokens.accessTokenExpiresAt
                  ? new Date(tokens.accessTokenExpiresAt)
                  : null,
              })
              .where(eq(sessions.id, sessionId));
            return 'refreshed' as const;
          } catch (error) {
            if (!isRefreshRejected(error)) throw error;
            await connection.delete(sessions).where(eq(sessions.id, sessionId));
            return 'ended' as const;
          }
        } finally {
          if (database.engine === 'postgres')
            await connection.execute(sql`select pg_advisory_unlock(${lock})`);
        }
      })
      .catch((error: unknown) => {
        // The identity server is unreachable: the session stays; the next request tries again.
        log.warn({ err: error }, 'token refresh failed');
        return 'kept' as const;
      })
      .finally(() => refreshing.delete(sessionId));
    refreshing.set(sessionId, task);
    return task;
  }

  return {
    /** Starts a session for a user; returns the token for the cookie. */
    async create(
      userId: string,
      tokens: TokenSet,
      origin?: SessionOrigin,
    ): Promise<{ token: string; sessionId: string }> {
      const token = randomToken();
      const [row] = await db
        .insert(sessions)
        .values({
          tokenHash: sha256(token),
          userId,
          expiresAt: new Date(now() + config.session.maxLifetimeMs),
          lastSeenAt: new Date(now()),
          accessTokenExpiresAt: tokens.accessTokenExpiresAt ? new Date(tokens.accessTokenExpiresAt) : null,
          tokens: seal(tokens),
          userAgent: origin?.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
          address: origin?.address ?? null,
        })
        .returning({ id: sessions.id });
      return { token, sessionId: row!.id };
    },

    /**
     * The signed-in user of a token, or null when there is no such session or it ended (idle, too old,
     * user deactivated, refresh refused). `touch` counts the request as activity; session checks do not.
     */
    async resolve(token: string | undefined, { touch }: { touch: boolean }): Promise<ResolvedSession | null> {
      if (!token) return null;
      const tokenHash = sha256(token);
      let row = await lookUp(tokenHash);
      if (!row) return null;
      const current = now();
      const idle = current - row.lastSeenAt.getTime() > config.session.idleTimeoutMs;
      if (idle || row.expiresAt.getTime() <= current || !row.active) {
        cache.forget(tokenHash);
        await db.delete(sessions).where(eq(sessions.id, row.id));
        return null;
      }
      const tokenExpiry = row.accessTokenExpiresAt?.getTime();
      if (tokenExpiry !== undefined && tokenExpiry - current < REFRESH_THRESHOLD_MS) {
        const outcome = await refreshTokens(row.id);
        cache.forget(tokenHash);
        if (outcome === 'ended') return null;
        if (outcome === 'refreshed') row = (await lookUp(tokenHash)) ?? row;
      }
      if (touch && current - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        cache.forget(tokenHash);
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(current) })
          .where(eq(sessions.id, row.id));
      }
      const role = row.role as Role;
      const scope: Scope =
        role === 'admin'
          ? UNLIMITED
          : { unlimited: false, casinoIds: row.casinoIds, integrationIds: row.integrationIds };
      const account: Account = {
        id: row.userId,
        username: row.username,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        role,
        permissions: permissionsOf(role),
        casinoIds: row.casinoIds,
        integrationIds: row.integrationIds,
      };
      // With an external identity server the second factor is the issuer's: the callback demands it for
      // the roles that must use one, and nothing is enrolled here.
      const secondFactor = managedByIssuer
        ? { required: false, enrolled: false, managedByIssuer }
        : {
            required: Boolean(row.secondFactorRequired),
            enrolled: row.secondFactorConfirmedAt !== null,
            managedByIssuer,
          };
      return {
        principal: {
          userId: row.userId,
          username: row.username,
          role,
          scope,
          sessionId: row.id,
          secondFactor,
          verifiedAt: row.verifiedAt,
        },
        info: { sessionId: row.id, user: account, expiresAt: row.expiresAt.toISOString(), secondFactor },
      };
    },

    /**
     * Resolves once this instance has heard every session change committed so far (its own included): a
     * request that changed sessions, users or settings answers after this, so nothing it ended or changed
     * is served from memory afterwards.
     */
    settle: () => cache.settle(),

    /** Stops listening for session changes (the server is closing). */
    close: () => cache.close(),

    /** Records that the session proved the user's strongest factor now (sign-in, enrolment, step-up). */
    async markVerified(tx: Db, session: { id: string } | { token: string }): Promise<void> {
      await tx
        .update(sessions)
        .set({ verifiedAt: new Date(now()) })
        .where('id' in session ? eq(sessions.id, session.id) : eq(sessions.tokenHash, sha256(session.token)));
    },

    /**
     * Ends one session, in the caller's transaction (with its audit entry); gives back what is needed to
     * end it at the identity server too.
     */
    async destroy(
      tx: Db,
      token: string | undefined,
    ): Promise<{ userId: string; idToken: string | undefined } | null> {
      if (!token) return null;
      const tokenHash = sha256(token);
      cache.forget(tokenHash);
      const [row] = await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning();
      if (!row) return null;
      return { userId: row.userId, idToken: unseal(row.tokens).idToken };
    },

    /**
     * The live sessions of a user, the most recently active first; `currentSessionId` (the one asking) is
     * marked. Sessions past their idle or absolute limit are gone for their browser already and not listed.
     */
    async listOfUser(userId: string, currentSessionId: string): Promise<UserSession[]> {
      const current = now();
      const rows = await db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          address: sessions.address,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, new Date(current)),
            gt(sessions.lastSeenAt, new Date(current - config.session.idleTimeoutMs)),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), sessions.id);
      return rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        userAgent: row.userAgent,
        address: row.address,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Ends one session of a user: its browser's next request is 401. False when the user has no such session. */
    async destroyOfUser(tx: Db, userId: string, sessionId: string): Promise<boolean> {
      const ended = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    /** Ends every session of a user at once (deactivated, deleted, password reset); gives their number. */
    async destroyAllOfUser(tx: Db, userId: string): Promise<number> {
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /** Ends a user's sessions except the one making the request (own password changed); gives their number. */
    async destroyOthersOfUser(tx: Db, userId: string, keepSessionId: string): Promise<number> {
      const ended = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Removes sessions past their absolute lifetime; run now and then. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}
