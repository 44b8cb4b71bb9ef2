import type { GameStudio, GameStudioCreate, GameStudioListQuery } from '@backoffice/contracts';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { games, gameStudios } from '../../db/schema/index';
import { likePattern, toIso } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';

const gameCount = sql<number>`(select count(*)::int from ${games} where ${games.studioId} = ${gameStudios.id})`;

const columns = {
  id: gameStudios.id,
  name: gameStudios.name,
  relaxId: gameStudios.relaxId,
  version: gameStudios.version,
  createdAt: gameStudios.createdAt,
  updatedAt: gameStudios.updatedAt,
};

type Row = typeof gameStudios.$inferSelect;

function toGameStudio(row: Row, games: number): GameStudio {
  return {
    id: row.id,
    name: row.name,
    relaxId: row.relaxId,
    gameCount: games,
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const sortColumns = {
  name: gameStudios.name,
  relaxId: gameStudios.relaxId,
  updatedAt: gameStudios.updatedAt,
} as const;

export function createGameStudiosRepository() {
  return {
    async list(db: Db, query: GameStudioListQuery): Promise<{ items: GameStudio[]; total: number }> {
      const filter: SQL | undefined = query.q
        ? or(ilike(gameStudios.name, likePattern(query.q)), ilike(gameStudios.relaxId, likePattern(query.q)))
        : undefined;
      const direction = query.order === 'desc' ? desc : asc;
      const [rows, [totals]] = await Promise.all([
        db
          .select({ ...columns, gameCount })
          .from(gameStudios)
          .where(filter)
          .orderBy(direction(sortColumns[query.sort]), asc(gameStudios.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(gameStudios).where(filter),
      ]);
      return { items: rows.map((row) => toGameStudio(row, row.gameCount)), total: totals?.total ?? 0 };
    },

    async findById(db: Db, id: string): Promise<GameStudio | undefined> {
      const [row] = await db
        .select({ ...columns, gameCount })
        .from(gameStudios)
        .where(eq(gameStudios.id, id));
      return row && toGameStudio(row, row.gameCount);
    },

    async insert(db: Db, values: GameStudioCreate): Promise<GameStudio> {
      const [row] = await db.insert(gameStudios).values(values).returning();
      return toGameStudio(row!, 0);
    },

    /** Updates only when the stored version is still `version`; undefined otherwise. */
    async update(db: Db, id: string, version: number, values: GameStudioCreate, games: number) {
      const [row] = await db
        .update(gameStudios)
        .set({ ...values, ...nextVersion(gameStudios.version) })
        .where(and(eq(gameStudios.id, id), eq(gameStudios.version, version)))
        .returning();
      return row && toGameStudio(row, games);
    },

    /** Deletes only when the stored version is still `version`; undefined otherwise. */
    async delete(db: Db, id: string, version: number): Promise<Row | undefined> {
      const [row] = await db
        .delete(gameStudios)
        .where(and(eq(gameStudios.id, id), eq(gameStudios.version, version)))
        .returning();
      return row;
    },
  };
}
