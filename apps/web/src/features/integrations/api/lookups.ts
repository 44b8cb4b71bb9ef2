/**
 * The bridges, casinos, jurisdictions and games the integration screens refer to. The same resources as
 * their own areas (features do not import each other), hence the same query cache.
 */
import {
  MAX_PAGE_SIZE,
  type Bridge,
  type BridgeCreate,
  type BridgeListQuery,
  type BridgeUpdate,
  type Casino,
  type CasinoCreate,
  type CasinoListQuery,
  type CasinoUpdate,
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

const bridgesApi = createCrudApi<Bridge, BridgeListQuery, BridgeCreate, BridgeUpdate>('/bridges');
const casinosApi = createCrudApi<Casino, CasinoListQuery, CasinoCreate, CasinoUpdate>('/casinos');
const jurisdictionsApi = createCrudApi<
  Jurisdiction,
  JurisdictionListQuery,
  JurisdictionCreate,
  JurisdictionUpdate
>('/jurisdictions');
const gamesApi = createCrudApi<Game, GameListQuery, GameCreate, GameUpdate>('/games');

export interface Option {
  value: string;
  label: string;
}

/** The bridges to choose from (the first page of the largest size, by name). */
export function useBridgeOptions() {
  return useQuery({
    ...bridgesApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc' }),
    select: (page): Option[] => page.items.map((bridge) => ({ value: bridge.id, label: bridge.name })),
  });
}

export const casinoLabel = (casino: Pick<Casino, 'id' | 'name'>) => `${casino.name} (${casino.id})`;

/** The casinos to bind (the first page of the largest size, by name). */
export function useCasinoOptions() {
  return useQuery({
    ...casinosApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc' }),
    select: (page): Option[] =>
      page.items.map((casino) => ({ value: casino.id, label: casinoLabel(casino) })),
  });
}

/** The jurisdictions rules and tests may name (the first page of the largest size, by name). */
export function useJurisdictionOptions() {
  return useQuery({
    ...jurisdictionsApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc' }),
    select: (page): Option[] =>
      page.items.map((jurisdiction) => ({ value: jurisdiction.id, label: jurisdiction.name })),
  });
}

/** The first games (by name) whose id or name matches a search. */
export function useGameSearch(q: string | undefined) {
  return useQuery(gamesApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc', q }));
}

/** One game, for the label of a selected id the search does not hold. */
export function useGame(gameId: string | null, enabled: boolean) {
  return useQuery({ ...gamesApi.detailOptions(gameId ?? ''), enabled: enabled && gameId !== null });
}

export const gameOption = (game: Pick<Game, 'gameId' | 'name'>) => ({
  value: game.gameId,
  label: `${game.name} (${game.gameId})`,
});
