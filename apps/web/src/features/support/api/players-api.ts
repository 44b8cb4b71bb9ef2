/**
 * Player look-up (`/api/support/players`): a search within the reader's scope, one player with their
 * newest rounds and savegames, and deleting a savegame.
 */
import type {
  DeleteSavegameInput,
  DeleteSavegameResult,
  PlayerDetail,
  PlayerSearchQuery,
  PlayerSearchResult,
} from '@backoffice/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const PLAYERS_RESOURCE = '/support/players';

/** Searches only with a query the server accepts (`null`: nothing to search for yet). */
export function usePlayerSearch(query: PlayerSearchQuery | null) {
  return useQuery({
    queryKey: [PLAYERS_RESOURCE, 'search', query],
    queryFn: ({ signal }) =>
      apiRequest<PlayerSearchResult>(PLAYERS_RESOURCE, { query: { ...query }, signal }),
    enabled: query !== null,
  });
}

const playerUrl = (casinoId: string, playerId: string) =>
  `${PLAYERS_RESOURCE}/${encodeURIComponent(casinoId)}/${encodeURIComponent(playerId)}`;
const playerKey = (casinoId: string, playerId: string) =>
  [PLAYERS_RESOURCE, 'detail', casinoId, playerId] as const;

export function usePlayer(casinoId: string, playerId: string) {
  return useQuery({
    queryKey: playerKey(casinoId, playerId),
    queryFn: ({ signal }) => apiRequest<PlayerDetail>(playerUrl(casinoId, playerId), { signal }),
  });
}

/** Deletes one of the player's savegames (hard, or soft: only its game state); the player is fetched again. */
export function useDeleteSavegame(casinoId: string, playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, input }: { gameId: string; input: DeleteSavegameInput }) =>
      apiRequest<DeleteSavegameResult>(
        `${playerUrl(casinoId, playerId)}/savegames/${encodeURIComponent(gameId)}/delete`,
        { method: 'POST', body: input },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playerKey(casinoId, playerId) }),
  });
}
