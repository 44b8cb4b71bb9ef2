/**
 * The game round search: pages follow each other by the server's keyset cursor ("Load more"), never by
 * offset; and one round's details.
 */
import type { GameRoundDetail, GameRoundPage, RoundStatus } from '@backoffice/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const RESOURCE = '/game-rounds';

/** The search as the screen keeps it (in the URL): lists as arrays. */
export interface GameRoundFilters {
  roundId?: string | undefined;
  providerRoundId?: string | undefined;
  playerId?: string | undefined;
  casinoIds: string[];
  gameIds: string[];
  status?: RoundStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The search's query parameters (lists comma-separated, empty ones left out). */
export function searchQuery(filters: GameRoundFilters): Record<string, string | undefined> {
  return {
    roundId: filters.roundId,
    providerRoundId: filters.providerRoundId,
    playerId: filters.playerId,
    casinoIds: filters.casinoIds.length > 0 ? filters.casinoIds.join(',') : undefined,
    gameIds: filters.gameIds.length > 0 ? filters.gameIds.join(',') : undefined,
    status: filters.status,
    from: filters.from,
    to: filters.to,
  };
}

export function useGameRoundSearch(filters: GameRoundFilters) {
  const query = searchQuery(filters);
  return useInfiniteQuery({
    queryKey: [RESOURCE, 'search', query],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<GameRoundPage>(RESOURCE, { query: { ...query, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

export function useGameRound(casinoId: string, roundId: string) {
  return useQuery({
    queryKey: [RESOURCE, 'detail', casinoId, roundId],
    queryFn: ({ signal }) =>
      apiRequest<GameRoundDetail>(
        `${RESOURCE}/${encodeURIComponent(casinoId)}/${encodeURIComponent(roundId)}`,
        { signal },
      ),
  });
}
