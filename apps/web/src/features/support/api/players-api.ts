/**
 * Player look-up (`/api/support/players`): a search within the reader's scope, one player with their
 * newest rounds and savegames.
 */
import type { PlayerDetail, PlayerSearchQuery, PlayerSearchResult } from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const RESOURCE = '/support/players';

/** Searches only with a query the server accepts (`null`: nothing to search for yet). */
export function usePlayerSearch(query: PlayerSearchQuery | null) {
  return useQuery({
    queryKey: [RESOURCE, 'search', query],
    queryFn: ({ signal }) => apiRequest<PlayerSearchResult>(RESOURCE, { query: { ...query }, signal }),
    enabled: query !== null,
  });
}

export function usePlayer(casinoId: string, playerId: string) {
  return useQuery({
    queryKey: [RESOURCE, 'detail', casinoId, playerId],
    queryFn: ({ signal }) =>
      apiRequest<PlayerDetail>(
        `${RESOURCE}/${encodeURIComponent(casinoId)}/${encodeURIComponent(playerId)}`,
        {
          signal,
        },
      ),
  });
}
