/**
 * The identity service: who may sign in and with which password. The embedded implementation keeps
 * argon2id hashes in our database and the identity server's sessions in `oidc_payloads`; an external
 * issuer (e.g. Keycloak) would get an implementation talking to its admin API. Callers map unexpected
 * failures to the spec's identity-service messages.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityCredentials, users } from '../../db/schema/index';
import { endIdentitySessionsOf } from './oidc-adapter';
import { hashPassword, verifyPassword } from './passwords';

export interface IdentityService {
  /** The id of the active user with this e-mail and password, or null; the reason is never told. */
  authenticate(email: string, password: string): Promise<string | null>;
  /** Checks a user's current password (e.g. before they change it). */
  checkPassword(userId: string, password: string): Promise<boolean>;
  setPassword(db: Db, userId: string, password: string): Promise<void>;
  /** Ends every identity-server session of the user and revokes their grants and tokens. */
  endSessions(db: Db, userId: string): Promise<void>;
}

export function createEmbeddedIdentityService(db: Db): IdentityService {
  return {
    async authenticate(email, password) {
      const [row] = await db
        .select({ id: users.id, active: users.active, passwordHash: identityCredentials.passwordHash })
        .from(users)
        .leftJoin(identityCredentials, eq(identityCredentials.userId, users.id))
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
      const valid = await verifyPassword(row?.passwordHash ?? undefined, password);
      return valid && row?.active ? row.id : null;
    },

    async checkPassword(userId, password) {
      const [row] = await db
        .select({ passwordHash: identityCredentials.passwordHash })
        .from(identityCredentials)
        .where(eq(identityCredentials.userId, userId));
      return verifyPassword(row?.passwordHash, password);
    },

    async setPassword(tx, userId, password) {
      const passwordHash = await hashPassword(password);
      await tx
        .insert(identityCredentials)
        .values({ userId, passwordHash })
        .onConflictDoUpdate({
          target: identityCredentials.userId,
          set: { passwordHash, changedAt: sql`now()` },
        });
    },

    endSessions(tx, userId) {
      return endIdentitySessionsOf(tx, userId);
    },
  };
}
