/**
 * The games and jurisdictions a version refers to, for the selects of the versions screens. The same
 * resources as their own areas (features do not import each other), hence the same query cache.
 */
import {
  MAX_PAGE_SIZE,
  type Game,
  type GameCreate,
  type GameListQuery,
  type GameUpdate,
  type Jurisdiction,
  type JurisdictionCreate,
  type JurisdictionListQuery,
  type JurisdictionUpdate,
} from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { createCrudApi } from '../../../lib/crud-api';

const gamesApi = createCrudApi<Game, GameListQuery, GameCreate, GameUpdate>('/games');
const jurisdictionsApi = createCrudApi<
  Jurisdiction,
  JurisdictionListQuery,
  JurisdictionCreate,
  JurisdictionUpdate
>('/jurisdictions');

/** The first games (by name) whose id or name matches a search. */
export function useGameSearch(q: string | undefined) {
  return useQuery(gamesApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc', q }));
}

/** One game: its label, and the property keys its versions must set. */
export function useGame(gameId: string | null, enabled = true) {
  return useQuery({ ...gamesApi.detailOptions(gameId ?? ''), enabled: enabled && gameId !== null });
}

/** The jurisdictions to choose from (the first page of the largest size, by name). */
export function useJurisdictionOptions() {
  return useQuery({
    ...jurisdictionsApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc' }),
    select: (page) =>
      page.items.map((jurisdiction) => ({ value: jurisdiction.id, label: jurisdiction.name })),
  });
}

export const gameOption = (game: Pick<Game, 'gameId' | 'name'>) => ({
  value: game.gameId,
  label: `${game.name} (${game.gameId})`,
});
