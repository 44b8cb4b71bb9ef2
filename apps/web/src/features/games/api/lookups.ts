/**
 * The studios and providers a game is assigned to, for the searchable selects of the games screens. The
 * same resources as their own areas (features do not import each other), hence the same query cache.
 */
import type {
  GameProvider,
  GameProviderCreate,
  GameProviderListQuery,
  GameProviderUpdate,
  GameStudio,
  GameStudioCreate,
  GameStudioListQuery,
  GameStudioUpdate,
} from '@backoffice/contracts';
import { MAX_PAGE_SIZE } from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { createCrudApi } from '../../../lib/crud-api';

const studiosApi = createCrudApi<GameStudio, GameStudioListQuery, GameStudioCreate, GameStudioUpdate>(
  '/game-studios',
);
const providersApi = createCrudApi<
  GameProvider,
  GameProviderListQuery,
  GameProviderCreate,
  GameProviderUpdate
>('/game-providers');

/** The first studios (by name) matching a search. */
export function useStudioSearch(q: string | undefined) {
  return useQuery(
    studiosApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc', q }),
  );
}

/** One studio, for the label of a selected id the search does not hold. */
export function useStudio(id: string | null, enabled: boolean) {
  return useQuery({ ...studiosApi.detailOptions(id ?? ''), enabled: enabled && id !== null });
}

export function useProviderSearch(q: string | undefined) {
  return useQuery(
    providersApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc', q }),
  );
}

export function useProvider(id: string | null, enabled: boolean) {
  return useQuery({ ...providersApi.detailOptions(id ?? ''), enabled: enabled && id !== null });
}
