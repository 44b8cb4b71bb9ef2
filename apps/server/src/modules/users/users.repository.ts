import type { User, UserListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userCasinoScopes, userIntegrationScopes, users } from '../../db/schema/index';
import { likePattern, toIso } from '../../lib/sql';

/** A user's casino and integration scope, as sorted arrays, for any query that selects from `users`. */
export const scopeColumns = {
  casinoIds: sql<
    string[]
  >`array(select casino_id from user_casino_scopes where user_id = ${users.id} order by 1)`,
  integrationIds: sql<
    string[]
  >`array(select integration_id from user_integration_scopes where user_id = ${users.id} order by 1)`,
};

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  active: users.active,
  version: users.version,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  ...scopeColumns,
};

function toUser(row: Omit<User, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }): User {
  return { ...row, createdAt: toIso(row.createdAt), updatedAt: toIso(row.updatedAt) };
}

const sortColumns = {
  username: users.username,
  email: users.email,
  lastName: users.lastName,
  role: users.role,
  updatedAt: users.updatedAt,
} as const;

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
      const text = query.q ? likePattern(query.q) : undefined;
      const filter: SQL | undefined = and(
        text
          ? or(
              ilike(users.username, text),
              ilike(users.email, text),
              ilike(users.firstName, text),
              ilike(users.lastName, text),
            )
          : undefined,
        query.role ? eq(users.role, query.role) : undefined,
      );
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [totals]] = await Promise.all([
        db
          .select(columns)
          .from(users)
          .where(filter)
          .orderBy(direction(sortColumns[query.sort]), asc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(users).where(filter),
      ]);
      return { items: rows.map(toUser), total: totals?.total ?? 0 };
    },

    async findById(db: Db, id: string): Promise<User | undefined> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, id));
      return row && toUser(row);
    },

    async insert(
      db: Db,
      fields: UserFields,
      scope: { casinoIds: string[]; integrationIds: string[] },
    ): Promise<User> {
      const [row] = await db.insert(users).values(fields).returning({ id: users.id });
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
        .set({ ...fields, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
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
