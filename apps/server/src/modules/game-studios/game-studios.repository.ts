import type { GameStudio, GameStudioListQuery } from '@backoffice/contracts';
import { games, gameStudios } from '../../db/schema/index';
import { configRepository, countOf, recordColumns, recordMetaOf } from '../../lib/config-repository';
import { searchIn } from '../../lib/list-page';

export function createGameStudiosRepository() {
  return configRepository({
    table: gameStudios,
    selection: { ...recordColumns(gameStudios), gameCount: countOf(games, games.studioId, gameStudios.id) },
    toRecord: (row): GameStudio => ({
      id: row.id,
      name: row.name,
      relaxId: row.relaxId,
      gameCount: row.gameCount,
      ...recordMetaOf(row),
    }),
    sortColumns: { name: gameStudios.name, relaxId: gameStudios.relaxId, updatedAt: gameStudios.updatedAt },
    filter: (query: GameStudioListQuery) => ({ q: searchIn(query.q, gameStudios.name, gameStudios.relaxId) }),
  });
}
