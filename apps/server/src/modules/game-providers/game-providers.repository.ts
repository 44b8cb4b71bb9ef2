import type { GameProvider, GameProviderListQuery } from '@backoffice/contracts';
import { gameProviders, games } from '../../db/schema/index';
import {
  configRepository,
  countOf,
  recordColumns,
  recordMetaOf,
  type RecordRow,
} from '../../lib/config-repository';
import { searchIn } from '../../lib/list-page';
import { secretsSetOf } from './game-providers.config';

/** A provider as stored, secrets included: never answered as it is (see `toGameProvider`). */
export type StoredProvider = RecordRow<typeof gameProviders.$inferSelect> & { gameCount: number };

export function toGameProvider(row: StoredProvider): GameProvider {
  return {
    id: row.id,
    name: row.name,
    api: row.api,
    config: row.config,
    secretsSet: secretsSetOf(row.secrets),
    gameCount: row.gameCount,
    ...recordMetaOf(row),
  };
}

export function createGameProvidersRepository() {
  return configRepository({
    table: gameProviders,
    selection: {
      ...recordColumns(gameProviders),
      gameCount: countOf(games, games.providerId, gameProviders.id),
    },
    toRecord: (row): StoredProvider => row,
    sortColumns: {
      id: gameProviders.id,
      name: gameProviders.name,
      api: gameProviders.api,
      updatedAt: gameProviders.updatedAt,
    },
    filter: (query: GameProviderListQuery) => ({
      q: searchIn(query.q, gameProviders.id, gameProviders.name),
    }),
  });
}
