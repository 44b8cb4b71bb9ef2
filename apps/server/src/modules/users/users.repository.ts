import type { User, UserListQuery } from '@backoffice/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  identityCredentials,
  userCasinoScopes,
  userIntegrationScopes,
  userSecondFactors,
  users,
} from '../../db/schema/index';
import { equalTo, listPage, searchIn, type ListSource } from '../../lib/list-page';
import { isoOf, preparedOnce } from '../../lib/sql';

/** A user's casino and integration scope, as sorted arrays, for any query that selects from `users`. */
export const scopeColumns = {
  casinoIds: sql<
    string[]
  >`array(select casino_id from user_casino_scopes where user_id = ${users.id} order by 1)`,
  integrationIds: sql<
    string[]
  >`array(select integration_id from user_integration_scopes where user_id = ${users.id} order by 1)`,
};

/** The last password change; the embedded identity server's, null with an external issuer. */
const passwordChangedAt = sql`(select ${identityCredentials.changedAt} from ${identityCredentials} where ${identityCredentials.userId} = ${users.id})`;

const profileColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  ...scopeColumns,
};

/** A user as the API answers them, the instants as text (see `isoOf`). */
const columns = {
  ...profileColumns,
  active: users.active,
  version: users.version,
  createdAt: isoOf(users.createdAt),
  updatedAt: isoOf(users.updatedAt),
  lastSignInAt: isoOf<string | null>(users.lastSignInAt),
  lastSignInAddress: users.lastSignInAddress,
  passwordChangedAt: isoOf<string | null>(passwordChangedAt),
  secondFactorChangedAt: isoOf<string | null>(users.secondFactorChangedAt),
  deactivatedAt: isoOf<string | null>(users.deactivatedAt),
};

const sortColumns = {
  username: users.username,
  email: users.email,
  lastName: users.lastName,
  role: users.role,
  updatedAt: users.updatedAt,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  passwordChangedAt,
  secondFactorChangedAt: users.secondFactorChangedAt,
  deactivatedAt: users.deactivatedAt,
} as const;

/** Users without the date (never signed in, never deactivated) come last in either direction. */
const listSource: ListSource = {
  name: 'users',
  select: (db) => db.select(columns).from(users),
  table: users,
  key: users.id,
  sortColumns,
  nullsLast: true,
};

export type UserFields = Pick<User, 'username' | 'email' | 'firstName' | 'lastName' | 'role' | 'active'>;

export function createUsersRepository() {
  async function replaceScope(
    db: Db,
    userId: string,
    scope: { casinoIds: string[]; integrationIds: string[] },
  ) {
    await db.delete(userCasinoScopes).where(eq(userCasinoScopes.userId, userId));
    await db.delete(userIntegrationScopes).where(eq(userIntegrationScopes.userId, userId));
    const casinoIds = [...new Set(scope.casinoIds)];
    const integrationIds = [...new Set(scope.integrationIds)];
    if (casinoIds.length)
      await db.insert(userCasinoScopes).values(casinoIds.map((casinoId) => ({ userId, casinoId })));
    if (integrationIds.length) {
      await db
        .insert(userIntegrationScopes)
        .values(integrationIds.map((integrationId) => ({ userId, integrationId })));
    }
  }

  return {
    async list(db: Db, query: UserListQuery): Promise<{ items: User[]; total: number }> {
      const { rows, total } = await listPage<User>(db, listSource, query, {
        q: searchIn(query.q, users.username, users.email, users.firstName, users.lastName),
        role: equalTo(users.role, query.role),
      });
      return { items: rows, total };
    },

    /** Every user with whether a second factor is in use, by username: the access review (GLI-19 §B.2.3). */
    async listForReview(db: Db): Promise<(User & { secondFactor: boolean })[]> {
      const rows = await db
        .select({
          ...columns,
          secondFactor: sql<boolean>`exists(select 1 from ${userSecondFactors} where ${userSecondFactors.userId} = ${users.id} and ${userSecondFactors.confirmedAt} is not null)`,
        })
        .from(users)
        .orderBy(sql`lower(${users.username})`, asc(users.id));
      return rows;
    },

    /**
     * What a user's own account shows of them: the profile and the scope, without the record's other
     * columns and their lookups. Asked on every start of the app: built once (`preparedOnce`).
     */
    async findProfile(db: Db, id: string) {
      const [row] = await preparedOnce(db, 'users_profile', () =>
        db
          .select(profileColumns)
          .from(users)
          .where(eq(users.id, sql.placeholder('id'))),
      ).execute({ id });
      return row;
    },

    async findById(db: Db, id: string): Promise<User | undefined> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, id));
      return row;
    },

    async insert(
      db: Db,
      fields: UserFields,
      scope: { casinoIds: string[]; integrationIds: string[] },
    ): Promise<User> {
      const [row] = await db
        .insert(users)
        .values({ ...fields, deactivatedAt: fields.active ? null : sql`now()` })
        .returning({ id: users.id });
      await replaceScope(db, row!.id, scope);
      return (await this.findById(db, row!.id))!;
    },

    /** Updates only at the expected version; undefined when someone else changed it first. */
    async update(
      db: Db,
      id: string,
      version: number,
      fields: UserFields,
      scope: { casinoIds: string[]; integrationIds: string[] },
    ): Promise<User | undefined> {
      const [row] = await db
        .update(users)
        .set({
          ...fields,
          // Deactivating records when; reactivating keeps the last deactivation (GLI-19 §2.8.9).
          ...(fields.active
            ? {}
            : { deactivatedAt: sql`case when ${users.active} then now() else ${users.deactivatedAt} end` }),
          version: sql`${users.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(users.id, id), eq(users.version, version)))
        .returning({ id: users.id });
      if (!row) return undefined;
      await replaceScope(db, id, scope);
      return this.findById(db, id);
    },

    /** Bumps the version for a change outside the row (password), so concurrent edits notice. */
    async touch(db: Db, id: string): Promise<void> {
      await db
        .update(users)
        .set({ version: sql`${users.version} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    /**
     * A successful sign-in (GLI-19 §2.8.9). Not a change of the record: no new version, so an admin's
     * edit of the user in the meantime is not refused as stale.
     */
    async recordSignIn(db: Db, id: string, address: string): Promise<void> {
      await db
        .update(users)
        .set({ lastSignInAt: sql`now()`, lastSignInAddress: address })
        .where(eq(users.id, id));
    },

    async updateNames(db: Db, id: string, names: { firstName: string; lastName: string }): Promise<void> {
      await db
        .update(users)
        .set({ ...names, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },

    async delete(db: Db, id: string, version: number): Promise<boolean> {
      const deleted = await db
        .delete(users)
        .where(and(eq(users.id, id), eq(users.version, version)))
        .returning({ id: users.id });
      return deleted.length > 0;
    },

    async count(db: Db): Promise<number> {
      const [row] = await db.select({ total: count() }).from(users);
      return row?.total ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
