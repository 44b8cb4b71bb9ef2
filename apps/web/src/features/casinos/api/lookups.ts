/**
 * The records a casino refers to — bridges, jurisdictions, game providers, integration options — and the
 * games that can be assigned to it, for the selects of the casino screens. The same resources as their own
 * areas (features do not import each other), hence the same query cache.
 */
import {
  MAX_PAGE_SIZE,
  type Bridge,
  type BridgeCreate,
  type BridgeListQuery,
  type BridgeUpdate,
  type Game,
  type GameCreate,
  type GameListQuery,
  type GameProvider,
  type GameProviderCreate,
  type GameProviderListQuery,
  type GameProviderUpdate,
  type GameUpdate,
  type IntegrationOption,
  type IntegrationOptionCreate,
  type IntegrationOptionListQuery,
  type IntegrationOptionUpdate,
  type Jurisdiction,
  type JurisdictionCreate,
  type JurisdictionListQuery,
  type JurisdictionUpdate,
} from '@backoffice/contracts';
import type { ComboboxItem } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createCrudApi } from '../../../lib/crud-api';

const bridgesApi = createCrudApi<Bridge, BridgeListQuery, BridgeCreate, BridgeUpdate>('/bridges');
const jurisdictionsApi = createCrudApi<
  Jurisdiction,
  JurisdictionListQuery,
  JurisdictionCreate,
  JurisdictionUpdate
>('/jurisdictions');
const providersApi = createCrudApi<
  GameProvider,
  GameProviderListQuery,
  GameProviderCreate,
  GameProviderUpdate
>('/game-providers');
const optionsApi = createCrudApi<
  IntegrationOption,
  IntegrationOptionListQuery,
  IntegrationOptionCreate,
  IntegrationOptionUpdate
>('/integration-options');
const gamesApi = createCrudApi<Game, GameListQuery, GameCreate, GameUpdate>('/games');

const firstByName = { page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc' } as const;

/** A record the options may not hold (e.g. the casino's own), labelled all the same. */
export interface KnownRecord {
  id: string;
  name: string;
}

function withKnown(options: ComboboxItem[], known: readonly KnownRecord[]): ComboboxItem[] {
  const all = [...options];
  for (const record of known) {
    if (!all.some((option) => option.value === record.id)) all.push({ value: record.id, label: record.name });
  }
  return all;
}

/** The bridges to choose from (the first page of the largest size, by name). */
export function useBridgeOptions(known: readonly KnownRecord[] = []) {
  const query = useQuery({
    ...bridgesApi.listOptions(firstByName),
    select: (page) => page.items.map((bridge) => ({ value: bridge.id, label: bridge.name })),
  });
  return withKnown(query.data ?? [], known);
}

/** The jurisdictions to choose from (the first page of the largest size, by name). */
export function useJurisdictionOptions(known: readonly KnownRecord[] = []) {
  const query = useQuery({
    ...jurisdictionsApi.listOptions(firstByName),
    select: (page) =>
      page.items.map((jurisdiction) => ({ value: jurisdiction.id, label: jurisdiction.name })),
  });
  return withKnown(query.data ?? [], known);
}

/** The first game providers (by name) matching a search. */
export function useProviderSearch(q: string | undefined) {
  return useQuery(providersApi.listOptions({ ...firstByName, q }));
}

/** One provider, for the label of a selected id the search does not hold. */
export function useProvider(id: string | null, enabled: boolean) {
  return useQuery({ ...providersApi.detailOptions(id ?? ''), enabled: enabled && id !== null });
}

/** The integration options (few: the first page of the largest size, by name). */
export function useIntegrationOptions() {
  return useQuery(optionsApi.listOptions(firstByName));
}

/** The first games (by name) whose id or name matches a search. */
export function useGameSearch(q: string | undefined) {
  return useQuery(gamesApi.listOptions({ ...firstByName, q }));
}

export function useGame(gameId: string | null, enabled: boolean) {
  return useQuery({ ...gamesApi.detailOptions(gameId ?? ''), enabled: enabled && gameId !== null });
}

export const gameOption = (game: Pick<Game, 'gameId' | 'name'>) => ({
  value: game.gameId,
  label: `${game.name} (${game.gameId})`,
});
