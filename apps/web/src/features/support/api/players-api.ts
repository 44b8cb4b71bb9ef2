/**
 * Player look-up (`/api/support/players`): a search within the reader's scope, one player with their
 * newest rounds and savegames, and the casinos to search in (by name, from the game-round dimensions).
 */
import type {
  PlayerDetail,
  PlayerSearchQuery,
  PlayerSearchResult,
  ReportDimensions,
} from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const RESOURCE = '/support/players';
/** The reporting screens ask the same address: one cached answer serves both. */
const DIMENSIONS = '/game-rounds/dimensions';
/** Names change seldom; one answer serves a visit for a while. */
const DIMENSIONS_STALE_MS = 5 * 60_000;

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

export function useCasinoChoices() {
  return useQuery({
    queryKey: [DIMENSIONS],
    queryFn: ({ signal }) => apiRequest<ReportDimensions>(DIMENSIONS, { signal }),
    staleTime: DIMENSIONS_STALE_MS,
    select: (dimensions) => dimensions.casinos,
  });
}
