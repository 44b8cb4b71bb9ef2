import type { GameStudio, GameStudioListQuery } from '@backoffice/contracts';
import { getTableColumns, ilike, or } from 'drizzle-orm';
import { games, gameStudios } from '../../db/schema/index';
import { configRepository, countOf } from '../../lib/config-repository';
import { likePattern, toIso } from '../../lib/sql';

export function createGameStudiosRepository() {
  return configRepository({
    table: gameStudios,
    selection: { ...getTableColumns(gameStudios), gameCount: countOf(games, games.studioId, gameStudios.id) },
    toRecord: (row): GameStudio => ({
      id: row.id,
      name: row.name,
      relaxId: row.relaxId,
      gameCount: row.gameCount,
      version: row.version,
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
    }),
    sortColumns: { name: gameStudios.name, relaxId: gameStudios.relaxId, updatedAt: gameStudios.updatedAt },
    filter: (query: GameStudioListQuery) =>
      query.q
        ? or(ilike(gameStudios.name, likePattern(query.q)), ilike(gameStudios.relaxId, likePattern(query.q)))
        : undefined,
  });
}
