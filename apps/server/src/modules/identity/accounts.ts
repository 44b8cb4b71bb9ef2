/** The identity server's view of a user: the claims our tokens carry. Only active users exist for it. */
import { and, eq } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export async function findIdentityAccount(db: Db, sub: string): Promise<Account | undefined> {
  if (!z.uuid().safeParse(sub).success) return undefined;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, sub), eq(users.active, true)));
  if (!user) return undefined;
  return {
    accountId: user.id,
    claims: async () => ({
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: `${user.firstName} ${user.lastName}`.trim() || user.username,
      given_name: user.firstName,
      family_name: user.lastName,
      preferred_username: user.username,
    }),
  };
}
