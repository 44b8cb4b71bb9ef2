/** The games assigned to an integration, each active or not. */
import type { AssignedGame, AssignedGameListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { games, integrationGames } from '../../db/schema/index';
import { likePattern, toIso } from '../../lib/sql';

type Row = typeof integrationGames.$inferSelect;

const selection = { row: integrationGames, gameName: games.name };

function toAssignedGame({ row, gameName }: { row: Row; gameName: string }): AssignedGame {
  return {
    gameId: row.gameId,
    gameName,
    active: row.active,
    assignedAt: toIso(row.assignedAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const sortColumns = {
  gameId: integrationGames.gameId,
  gameName: games.name,
  active: integrationGames.active,
  assignedAt: integrationGames.assignedAt,
} as const;

function listFilter(integrationId: string, query: AssignedGameListQuery): SQL | undefined {
  return and(
    eq(integrationGames.integrationId, integrationId),
    query.q
      ? or(ilike(integrationGames.gameId, likePattern(query.q)), ilike(games.name, likePattern(query.q)))
      : undefined,
    query.active ? eq(integrationGames.active, query.active === 'true') : undefined,
  );
}

export function createIntegrationGamesRepository() {
  const joined = (db: Db) =>
    db.select(selection).from(integrationGames).innerJoin(games, eq(games.gameId, integrationGames.gameId));
  const key = (integrationId: string, gameId: string) =>
    and(eq(integrationGames.integrationId, integrationId), eq(integrationGames.gameId, gameId));

  return {
    async list(
      db: Db,
      integrationId: string,
      query: AssignedGameListQuery,
    ): Promise<{ items: AssignedGame[]; total: number }> {
      const filter = listFilter(integrationId, query);
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [totals]] = await Promise.all([
        joined(db)
          .where(filter)
          .orderBy(direction(sortColumns[query.sort]), asc(integrationGames.gameId))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ total: count() })
          .from(integrationGames)
          .innerJoin(games, eq(games.gameId, integrationGames.gameId))
          .where(filter),
      ]);
      return { items: rows.map(toAssignedGame), total: totals?.total ?? 0 };
    },

    async find(db: Db, integrationId: string, gameId: string): Promise<AssignedGame | undefined> {
      const [row] = await joined(db).where(key(integrationId, gameId));
      return row && toAssignedGame(row);
    },

    /** Every assigned game, by game id: for the configuration document and the audit of a delete. */
    async all(db: Db, integrationId: string): Promise<AssignedGame[]> {
      const rows = await joined(db)
        .where(eq(integrationGames.integrationId, integrationId))
        .orderBy(asc(integrationGames.gameId));
      return rows.map(toAssignedGame);
    },

    async insert(db: Db, integrationId: string, gameId: string, active: boolean): Promise<void> {
      await db.insert(integrationGames).values({ integrationId, gameId, active });
    },

    /** Switches the game on or off; false when it is not assigned or already in that state. */
    async setActive(db: Db, integrationId: string, gameId: string, active: boolean): Promise<boolean> {
      const rows = await db
        .update(integrationGames)
        .set({ active, updatedAt: sql`now()` })
        .where(and(key(integrationId, gameId), ne(integrationGames.active, active)))
        .returning({ gameId: integrationGames.gameId });
      return rows.length > 0;
    },

    /** Removes the assignment and answers what it was; undefined when the game was not assigned. */
    async delete(db: Db, integrationId: string, gameId: string): Promise<Row | undefined> {
      const [row] = await db.delete(integrationGames).where(key(integrationId, gameId)).returning();
      return row;
    },
  };
}

export type IntegrationGamesRepository = ReturnType<typeof createIntegrationGamesRepository>;
