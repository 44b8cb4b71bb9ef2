/** The signed-in user's own account: profile, password (which needs the current one) and sessions. */
import {
  permissionsOf,
  type Account,
  type AccountUpdate,
  type PasswordChange,
  type UserSession,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { SessionsService } from '../auth/sessions.service';
import type { IdentityService } from '../identity/identity.service';
import type { SignInThrottle } from '../identity/sign-in-throttle';
import { createUsersRepository } from '../users/users.repository';

export function createAccountService(deps: {
  db: Db;
  identity: IdentityService;
  sessions: Pick<SessionsService, 'destroyOthersOfUser' | 'destroyOfUser' | 'listOfUser'>;
  /** Guessing the current password is throttled like signing in. */
  throttle: Pick<SignInThrottle, 'check' | 'recordFailure'>;
}) {
  const { db, identity, sessions, throttle } = deps;
  const users = createUsersRepository();

  async function load(tx: Db, userId: string): Promise<Account> {
    const profile = await users.findProfile(tx, userId);
    if (!profile) throw new AppError('UNAUTHENTICATED');
    return { ...profile, permissions: permissionsOf(profile.role) };
  }

  return {
    get: (userId: string) => load(db, userId),

    update(actor: Actor, input: AccountUpdate): Promise<Account> {
      return db.transaction(async (tx) => {
        const before = await load(tx, actor.id);
        await users.updateNames(tx, actor.id, input);
        const after = await load(tx, actor.id);
        await recordAudit(tx, {
          actor,
          entityType: 'user',
          entityId: actor.id,
          action: 'update',
          before,
          after,
        });
        return after;
      });
    },

    /** Needs the current password; the user's other sessions end, the one making the change stays. */
    async changePassword(
      actor: Actor,
      request: { sessionId: string; address: string },
      input: PasswordChange,
    ): Promise<void> {
      const { email } = await load(db, actor.id);
      if (!(await throttle.check(email, request.address)).allowed) throw new AppError('TOO_MANY_REQUESTS');
      if (!(await identity.checkPassword(actor.id, input.currentPassword))) {
        await throttle.recordFailure(email, request.address);
        throw new AppError('CURRENT_PASSWORD_WRONG');
      }
      await db.transaction(async (tx) => {
        await identity.setPassword(tx, actor.id, input.password);
        await users.touch(tx, actor.id);
        await sessions.destroyOthersOfUser(tx, actor.id, request.sessionId);
        await recordAudit(tx, {
          actor,
          entityType: 'user',
          entityId: actor.id,
          action: 'change-password',
          before: null,
          after: null,
        });
      });
    },

    /** The user's own sessions, the one asking marked; nobody else's are reachable from here. */
    listSessions: (userId: string, currentSessionId: string): Promise<UserSession[]> =>
      sessions.listOfUser(userId, currentSessionId),

    /** Ends one of the user's own sessions (another device); a session of someone else is not found. */
    endSession(actor: Actor, sessionId: string): Promise<void> {
      return db.transaction(async (tx) => {
        if (!(await sessions.destroyOfUser(tx, actor.id, sessionId))) throw new AppError('RECORD_NOT_FOUND');
        await recordAudit(tx, {
          actor,
          entityType: 'user',
          entityId: actor.id,
          action: 'sign-out',
          before: null,
          after: { sessionId },
        });
      });
    },

    /** "Sign out everywhere else": every session of the user but the one asking. */
    endOtherSessions(actor: Actor, currentSessionId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const ended = await sessions.destroyOthersOfUser(tx, actor.id, currentSessionId);
        await recordAudit(tx, {
          actor,
          entityType: 'user',
          entityId: actor.id,
          action: 'sign-out',
          before: null,
          after: { sessions: ended },
        });
        return ended;
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
