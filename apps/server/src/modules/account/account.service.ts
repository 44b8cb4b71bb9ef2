/** The signed-in user's own account: profile and password (which needs the current one). */
import { permissionsOf, type Account, type AccountUpdate, type PasswordChange } from '@backoffice/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { IdentityService } from '../identity/identity.service';
import { createUsersRepository } from '../users/users.repository';

export function createAccountService(deps: { db: Db; identity: IdentityService }) {
  const { db, identity } = deps;
  const users = createUsersRepository();

  async function load(tx: Db, userId: string): Promise<Account> {
    const user = await users.findById(tx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const { id, username, email, firstName, lastName, role, casinoIds, integrationIds } = user;
    return {
      id,
      username,
      email,
      firstName,
      lastName,
      role,
      permissions: permissionsOf(role),
      casinoIds,
      integrationIds,
    };
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

    async changePassword(actor: Actor, input: PasswordChange): Promise<void> {
      if (!(await identity.checkPassword(actor.id, input.currentPassword))) {
        throw new AppError('CURRENT_PASSWORD_WRONG');
      }
      await db.transaction(async (tx) => {
        await identity.setPassword(tx, actor.id, input.password);
        await users.touch(tx, actor.id);
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
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
