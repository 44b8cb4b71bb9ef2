/**
 * The casinos, integrations and games the report filters offer: the same resources as their own areas
 * (features do not import each other), hence the same query cache. The server lists only what the reader
 * may see.
 */
import {
  MAX_PAGE_SIZE,
  type Casino,
  type CasinoCreate,
  type CasinoListQuery,
  type CasinoUpdate,
  type Game,
  type GameCreate,
  type GameListQuery,
  type GameUpdate,
  type Integration,
  type IntegrationCreate,
  type IntegrationListQuery,
  type IntegrationUpdate,
} from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { createCrudApi } from '../../../lib/crud-api';

const casinosApi = createCrudApi<Casino, CasinoListQuery, CasinoCreate, CasinoUpdate>('/casinos');
const integrationsApi = createCrudApi<
  Integration,
  IntegrationListQuery,
  IntegrationCreate,
  IntegrationUpdate
>('/integrations');
const gamesApi = createCrudApi<Game, GameListQuery, GameCreate, GameUpdate>('/games');

const firstPage = { page: 1, pageSize: MAX_PAGE_SIZE, order: 'asc' } as const;

export function useCasinoSearch(q: string | undefined) {
  return useQuery(casinosApi.listOptions({ ...firstPage, sort: 'name', q }));
}

export function useIntegrationSearch(q: string | undefined) {
  return useQuery(integrationsApi.listOptions({ ...firstPage, sort: 'name', q }));
}

export function useGameSearch(q: string | undefined) {
  return useQuery(gamesApi.listOptions({ ...firstPage, sort: 'name', q }));
}

export const casinoOption = (casino: Pick<Casino, 'id' | 'name'>) => ({
  value: casino.id,
  label: `${casino.name} (${casino.id})`,
});

export const integrationOption = (integration: Pick<Integration, 'id' | 'name'>) => ({
  value: integration.id,
  label: `${integration.name} (${integration.id})`,
});

export const gameOption = (game: Pick<Game, 'gameId' | 'name'>) => ({
  value: game.gameId,
  label: `${game.name} (${game.gameId})`,
});
