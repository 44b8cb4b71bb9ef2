/**
 * The casino calls: the area's CRUD (one factory for every area), activating the casino at the version
 * read, and the games assigned to it (paged list, assign, activate or deactivate, remove).
 */
import type {
  Activation,
  AssignedGame,
  AssignedGameListQuery,
  AssignGame,
  Casino,
  CasinoCreate,
  CasinoListItem,
  CasinoListQuery,
  CasinoUpdate,
  Page,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createCrudApi } from '../../../lib/crud-api';

const RESOURCE = '/casinos';

export const casinosApi = createCrudApi<Casino, CasinoListQuery, CasinoCreate, CasinoUpdate, CasinoListItem>(
  RESOURCE,
);

const enc = encodeURIComponent;
const casinoUrl = (id: string) => `${RESOURCE}/${enc(id)}`;
const gameUrl = (id: string, gameId: string) => `${casinoUrl(id)}/games/${enc(gameId)}`;

/** The games of one casino, every page and filter of them. */
const gamesKey = (id: string) => [RESOURCE, 'games', id] as const;

/** Activating or deactivating: the answer is the casino's next version. */
export function useCasinoActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Activation }) =>
      apiRequest<Casino>(`${casinoUrl(id)}/activation`, { method: 'PUT', body: input }),
    onSuccess: async (saved, { id }) => {
      queryClient.setQueryData(casinosApi.keys.detail(id), saved);
      await queryClient.invalidateQueries({ queryKey: [RESOURCE, 'list'] });
    },
  });
}

export function useCasinoGames(id: string, query: AssignedGameListQuery) {
  return useQuery({
    queryKey: [...gamesKey(id), query],
    queryFn: ({ signal }) =>
      apiRequest<Page<AssignedGame>>(`${casinoUrl(id)}/games`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a game is added or removed: its list, and the casino's game count (detail and list). */
function useGamesChanged(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: gamesKey(id) }),
      queryClient.invalidateQueries({ queryKey: casinosApi.keys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: [RESOURCE, 'list'] }),
    ]);
}

export function useAssignCasinoGame(id: string) {
  const changed = useGamesChanged(id);
  return useMutation({
    mutationFn: (input: AssignGame) =>
      apiRequest<AssignedGame>(`${casinoUrl(id)}/games`, { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useCasinoGameActivation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, active }: { gameId: string; active: boolean }) =>
      apiRequest<AssignedGame>(`${gameUrl(id, gameId)}/activation`, { method: 'PUT', body: { active } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamesKey(id) }),
  });
}

export function useRemoveCasinoGame(id: string) {
  const changed = useGamesChanged(id);
  return useMutation({
    mutationFn: (gameId: string) => apiRequest<void>(gameUrl(id, gameId), { method: 'DELETE' }),
    onSuccess: changed,
  });
}
