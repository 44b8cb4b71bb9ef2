/**
 * User administration. Identity matters (passwords, identity-server sessions) go through the
 * IdentityService; its unexpected failures become the spec's identity-service messages. Nobody can
 * delete, deactivate, or change the role or scope of their own account.
 */
import type { Readable } from 'node:stream';
import type {
  ErrorCode,
  Page,
  PasswordReset,
  User,
  UserCreate,
  UserListQuery,
  UserSession,
  UserUpdate,
} from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageOf } from '../../lib/sql';
import { assertCurrent, withConstraintErrors } from '../../lib/writes';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { SessionsService } from '../auth/sessions.service';
import type { IdentityService } from '../identity/identity.service';
import { accessReviewCsv } from './access-review-csv';
import { createUsersRepository, type UserFields } from './users.repository';

const ENTITY = 'user';
const uniqueErrors = { users_username_key: 'USERNAME_TAKEN', users_email_key: 'EMAIL_TAKEN' } as const;

/** Runs an identity-service call; anything but our own errors becomes the given catalogue error. */
async function viaIdentity<T>(code: ErrorCode, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(code);
  }
}

function fieldsOf(input: UserCreate | UserUpdate): UserFields {
  const { username, email, firstName, lastName, role, active } = input;
  return { username, email, firstName, lastName, role, active };
}

/**
 * What the audit trail keeps of a user: the fields people change. The access record (sign-ins, password
 * and second-factor changes, the deactivation date) follows from events with entries of their own.
 */
function audited(user: User) {
  const {
    lastSignInAt: _lastSignInAt,
    lastSignInAddress: _lastSignInAddress,
    passwordChangedAt: _passwordChangedAt,
    secondFactorChangedAt: _secondFactorChangedAt,
    deactivatedAt: _deactivatedAt,
    ...fields
  } = user;
  return fields;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

export function createUsersService(deps: {
  db: Db;
  identity: IdentityService;
  sessions: Pick<
    SessionsService,
    'destroyAllOfUser' | 'destroyOthersOfUser' | 'destroyOfUser' | 'listOfUser'
  >;
  repository?: ReturnType<typeof createUsersRepository>;
}) {
  const { db, identity, sessions } = deps;
  const repository = deps.repository ?? createUsersRepository();

  /** Deactivated or deleted: every session ends at once, here and at the identity server. */
  async function endAllSessions(tx: Db, userId: string) {
    await sessions.destroyAllOfUser(tx, userId);
    await viaIdentity('IDENTITY_EDIT_USER_FAILED', () => identity.endSessions(tx, userId));
  }

  return {
    async list(query: UserListQuery): Promise<Page<User>> {
      return pageOf(query, await repository.list(db, query));
    },

    async get(id: string): Promise<User> {
      const user = await repository.findById(db, id);
      if (!user) throw new AppError('RECORD_NOT_FOUND');
      return user;
    },

    create(input: UserCreate, actor: Actor | null): Promise<User> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const inserted = await repository.insert(tx, fieldsOf(input), input);
            await viaIdentity('IDENTITY_ADD_USER_FAILED', () =>
              identity.setPassword(tx, inserted.id, input.password),
            );
            // Read again: the record shows when the password was set.
            const created = (await repository.findById(tx, inserted.id)) ?? inserted;
            await recordAudit(tx, {
              actor,
              entityType: ENTITY,
              entityId: created.id,
              action: 'create',
              before: null,
              after: audited(created),
            });
            return created;
          }),
        uniqueErrors,
      );
    },

    update(id: string, input: UserUpdate, actor: Actor): Promise<User> {
      return withConstraintErrors(
        () =>
          db.transaction(async (tx) => {
            const before = assertCurrent(await repository.findById(tx, id), input.version);
            if (id === actor.id) {
              const changesOwnAccess =
                input.role !== before.role ||
                !input.active ||
                !sameSet(input.casinoIds, before.casinoIds) ||
                !sameSet(input.integrationIds, before.integrationIds);
              if (changesOwnAccess) throw new AppError('OWN_USER');
            }
            const after = await repository.update(tx, id, input.version, fieldsOf(input), input);
            if (!after) throw new AppError('STALE_VERSION');
            if (before.active && !after.active) await endAllSessions(tx, id);
            await recordAudit(tx, {
              actor,
              entityType: ENTITY,
              entityId: id,
              action: 'update',
              before: audited(before),
              after: audited(after),
            });
            return after;
          }),
        uniqueErrors,
      );
    },

    delete(id: string, version: number, actor: Actor): Promise<void> {
      if (id === actor.id) return Promise.reject(new AppError('OWN_USER'));
      return db.transaction(async (tx) => {
        const before = assertCurrent(await repository.findById(tx, id), version);
        await endAllSessions(tx, id);
        if (!(await repository.delete(tx, id, version))) throw new AppError('STALE_VERSION');
        await recordAudit(tx, {
          actor,
          entityType: ENTITY,
          entityId: id,
          action: 'delete',
          before: audited(before),
          after: null,
        });
      });
    },

    /** The sessions of a user; `currentSessionId` (the admin's own) is marked when it is among them. */
    async listSessions(id: string, currentSessionId: string): Promise<UserSession[]> {
      if (!(await repository.findById(db, id))) throw new AppError('RECORD_NOT_FOUND');
      return sessions.listOfUser(id, currentSessionId);
    },

    /** Ends one session of a user at once: its next request is 401. */
    endSession(id: string, sessionId: string, actor: Actor): Promise<void> {
      return db.transaction(async (tx) => {
        if (!(await sessions.destroyOfUser(tx, id, sessionId))) throw new AppError('RECORD_NOT_FOUND');
        await recordAudit(tx, {
          actor,
          entityType: ENTITY,
          entityId: id,
          action: 'sign-out',
          before: null,
          after: { sessionId },
        });
      });
    },

    /**
     * Ends every session of a user, here and at the identity server (so the next sign-in needs the
     * password); an admin ending their own keeps the session they ask from.
     */
    endAllSessions(id: string, actor: Actor, currentSessionId: string): Promise<number> {
      return db.transaction(async (tx) => {
        if (!(await repository.findById(tx, id))) throw new AppError('RECORD_NOT_FOUND');
        let ended: number;
        if (id === actor.id) {
          ended = await sessions.destroyOthersOfUser(tx, id, currentSessionId);
        } else {
          ended = await sessions.destroyAllOfUser(tx, id);
          await viaIdentity('IDENTITY_EDIT_USER_FAILED', () => identity.endSessions(tx, id));
        }
        await recordAudit(tx, {
          actor,
          entityType: ENTITY,
          entityId: id,
          action: 'sign-out',
          before: null,
          after: { sessions: ended },
        });
        return ended;
      });
    },

    /** The access review as CSV (GLI-19 §B.2.3); that it was taken is audited. */
    async accessReview(actor: Actor): Promise<Readable> {
      const rows = await repository.listForReview(db);
      await recordAudit(db, {
        actor,
        entityType: ENTITY,
        entityId: 'access-review',
        action: 'export',
        before: null,
        after: { users: rows.length },
      });
      return accessReviewCsv(rows);
    },

    /** An admin sets a new password; the user's sessions end so the old password opens nothing. */
    resetPassword(id: string, input: PasswordReset, actor: Actor): Promise<void> {
      return db.transaction(async (tx) => {
        if (!(await repository.findById(tx, id))) throw new AppError('RECORD_NOT_FOUND');
        await viaIdentity('IDENTITY_RESET_PASSWORD_FAILED', () =>
          identity.setPassword(tx, id, input.password),
        );
        await repository.touch(tx, id);
        if (id !== actor.id) await endAllSessions(tx, id);
        await recordAudit(tx, {
          actor,
          entityType: ENTITY,
          entityId: id,
          action: 'reset-password',
          before: null,
          after: null,
        });
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
