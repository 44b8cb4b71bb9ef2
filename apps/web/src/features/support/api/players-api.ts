/**
 * Player look-up (`/api/support/players`): a search within the reader's scope, one player with their
 * newest rounds and savegames, and the casinos to search in (by name, from the shared dimensions).
 */
import type { PlayerDetail, PlayerSearchQuery, PlayerSearchResult } from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useReportDimensions } from '../../../lib/dimensions';

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

/** The casinos to search in, by name: the shared list of the reader's dimensions. */
export function useCasinoChoices() {
  const dimensions = useReportDimensions();
  return { ...dimensions, data: dimensions.data?.casinos };
}
