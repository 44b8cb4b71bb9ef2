import type { Game, GameListQuery } from '@backoffice/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameProviders, games, gameStudios, gameVersions } from '../../db/schema/index';
import { equalTo, listPage, searchIn, type ListConditions, type ListSource } from '../../lib/list-page';
import { recordColumns, type RecordRow } from '../../lib/config-repository';
import { preparedOnce } from '../../lib/sql';
import { nextVersion } from '../../lib/writes';

const versionCount = sql<number>`(select count(*)::int from ${gameVersions} where ${gameVersions.gameId} = ${games.gameId})`;

const selection = {
  game: recordColumns(games),
  studioName: gameStudios.name,
  providerName: gameProviders.name,
  versionCount,
};

type Row = RecordRow<typeof games.$inferSelect>;
export type GameValues = Omit<Row, 'gameId' | 'version' | 'createdAt' | 'updatedAt'>;

function toGame({
  game,
  studioName,
  providerName,
  versionCount,
}: {
  game: Row;
  studioName: string;
  providerName: string;
  versionCount: number;
}): Game {
  return {
    gameId: game.gameId,
    name: game.name,
    studioId: game.studioId,
    studioName,
    providerId: game.providerId,
    providerName,
    gameProviderGameId: game.gameProviderGameId,
    theoreticalRtp: Number(game.theoreticalRtp),
    maxExposureFactor: game.maxExposureFactor,
    minBetCents: game.minBetCents,
    requiredPropertyKeys: game.requiredPropertyKeys,
    versionCount,
    version: game.version,
    createdAt: game.createdAt,
    updatedAt: game.updatedAt,
  };
}

const sortColumns = {
  gameId: games.gameId,
  name: games.name,
  studioName: gameStudios.name,
  providerName: gameProviders.name,
  theoreticalRtp: games.theoreticalRtp,
  updatedAt: games.updatedAt,
} as const;

/** A games list query's conditions (see `listPage`). */
function listConditions(query: GameListQuery): ListConditions {
  return {
    q: searchIn(query.q, games.gameId, games.name),
    studio: equalTo(games.studioId, query.studioId),
    provider: equalTo(games.providerId, query.providerId),
  };
}

const joined = (db: Db) =>
  db
    .select(selection)
    .from(games)
    .innerJoin(gameStudios, eq(gameStudios.id, games.studioId))
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId));

const listSource: ListSource = {
  name: 'games',
  select: joined,
  table: games,
  key: games.gameId,
  sortColumns,
};

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export function createGamesRepository() {
  return {
    async list(db: Db, query: GameListQuery): Promise<{ items: Game[]; total: number }> {
      const { rows, total } = await listPage<JoinedRow>(db, listSource, query, listConditions(query));
      return { items: rows.map(toGame), total };
    },

    async findById(db: Db, gameId: string): Promise<Game | undefined> {
      const byId = preparedOnce(db, 'games_by_id', () =>
        joined(db).where(eq(games.gameId, sql.placeholder('gameId'))),
      );
      const [row] = await byId.execute({ gameId });
      return row && toGame(row);
    },

    /** Holds the game against concurrent changes (a version being added) until the transaction ends. */
    async lock(db: Db, gameId: string): Promise<void> {
      await db.select({ gameId: games.gameId }).from(games).where(eq(games.gameId, gameId)).for('update');
    },

    /** Inserts and answers the stored game id; read the full record with `findById`. */
    async insert(db: Db, values: GameValues & { gameId: string }): Promise<void> {
      await db.insert(games).values(values);
    },

    /** Updates only when the stored version is still `version`; false otherwise. */
    async update(db: Db, gameId: string, version: number, values: GameValues): Promise<boolean> {
      const rows = await db
        .update(games)
        .set({ ...values, ...nextVersion(games.version) })
        .where(and(eq(games.gameId, gameId), eq(games.version, version)))
        .returning({ gameId: games.gameId });
      return rows.length > 0;
    },

    /** Deletes only when the stored version is still `version`; false otherwise. */
    async delete(db: Db, gameId: string, version: number): Promise<boolean> {
      const rows = await db
        .delete(games)
        .where(and(eq(games.gameId, gameId), eq(games.version, version)))
        .returning({ gameId: games.gameId });
      return rows.length > 0;
    },
  };
}
