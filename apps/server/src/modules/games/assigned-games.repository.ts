/**
 * The games assigned to a casino or to an integration, each active or not: the same rows in two tables
 * (`casino_games`, `integration_games`) that differ only in their owner column, so one repository serves
 * both.
 */
import type { AssignedGame, AssignedGameListQuery } from '@backoffice/contracts';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { casinoGames, games, integrationGames } from '../../db/schema/index';
import { countUpTo, isoOf, likePattern, pageWithTotal } from '../../lib/sql';

const owners = {
  casino: {
    table: casinoGames,
    owner: casinoGames.casinoId,
    row: (casinoId: string, gameId: string, active: boolean) => ({ casinoId, gameId, active }),
  },
  integration: {
    table: integrationGames,
    owner: integrationGames.integrationId,
    row: (integrationId: string, gameId: string, active: boolean) => ({ integrationId, gameId, active }),
  },
} as const;

export type AssignmentOwner = keyof typeof owners;

export function createAssignedGamesRepository(kind: AssignmentOwner) {
  const { owner, row } = owners[kind];
  // Both tables have the same columns but for the owner's: the query builder is typed with one of them,
  // the SQL is built from the columns of the table of `kind`.
  const table = owners[kind].table as typeof casinoGames;
  // As the API answers an assigned game, the instants as text (see `isoOf`).
  const selection = {
    gameId: table.gameId,
    gameName: games.name,
    active: table.active,
    assignedAt: isoOf(table.assignedAt),
    updatedAt: isoOf(table.updatedAt),
  };
  const sortColumns = {
    gameId: table.gameId,
    gameName: games.name,
    active: table.active,
    assignedAt: table.assignedAt,
  } as const;

  const joined = (db: Db) =>
    db.select(selection).from(table).innerJoin(games, eq(games.gameId, table.gameId));
  const key = (ownerId: string, gameId: string) => and(eq(owner, ownerId), eq(table.gameId, gameId));

  function listFilter(ownerId: string, query: AssignedGameListQuery): SQL | undefined {
    return and(
      eq(owner, ownerId),
      query.q
        ? or(ilike(table.gameId, likePattern(query.q)), ilike(games.name, likePattern(query.q)))
        : undefined,
      query.active ? eq(table.active, query.active === 'true') : undefined,
    );
  }

  return {
    async list(
      db: Db,
      ownerId: string,
      query: AssignedGameListQuery,
    ): Promise<{ items: AssignedGame[]; total: number }> {
      const filter = listFilter(ownerId, query);
      const direction = query.order === 'desc' ? desc : asc;
      const { rows, total } = await pageWithTotal(
        query,
        joined(db)
          .where(filter)
          .orderBy(direction(sortColumns[query.sort]), asc(table.gameId))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => countUpTo(db, table, filter, { join: { table: games, on: eq(games.gameId, table.gameId) } }),
      );
      return { items: rows, total };
    },

    async find(db: Db, ownerId: string, gameId: string): Promise<AssignedGame | undefined> {
      const [found] = await joined(db).where(key(ownerId, gameId));
      return found;
    },

    /** Every assigned game, by game id: for a configuration document and the audit of a delete. */
    async all(db: Db, ownerId: string): Promise<AssignedGame[]> {
      return joined(db).where(eq(owner, ownerId)).orderBy(asc(table.gameId));
    },

    async insert(db: Db, ownerId: string, gameId: string, active: boolean): Promise<void> {
      await db.insert(owners[kind].table).values(row(ownerId, gameId, active) as never);
    },

    /** Switches the game on or off; false when it is not assigned or already in that state. */
    async setActive(db: Db, ownerId: string, gameId: string, active: boolean): Promise<boolean> {
      const rows = await db
        .update(table)
        .set({ active, updatedAt: sql`now()` })
        .where(and(key(ownerId, gameId), ne(table.active, active)))
        .returning({ gameId: table.gameId });
      return rows.length > 0;
    },

    /** Removes the assignment and answers its state before; undefined when the game was not assigned. */
    async remove(db: Db, ownerId: string, gameId: string): Promise<{ active: boolean } | undefined> {
      const [removed] = await db
        .delete(table)
        .where(key(ownerId, gameId))
        .returning({ active: table.active });
      return removed;
    },
  };
}

export type AssignedGamesRepository = ReturnType<typeof createAssignedGamesRepository>;
