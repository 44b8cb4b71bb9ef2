/** One game round's details (the search itself is shared: lib/game-round-search). */
import type { GameRoundDetail } from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { GAME_ROUNDS_RESOURCE } from '../../../lib/game-round-search';

export function useGameRound(casinoId: string, roundId: string) {
  return useQuery({
    queryKey: [GAME_ROUNDS_RESOURCE, 'detail', casinoId, roundId],
    queryFn: ({ signal }) =>
      apiRequest<GameRoundDetail>(
        `${GAME_ROUNDS_RESOURCE}/${encodeURIComponent(casinoId)}/${encodeURIComponent(roundId)}`,
        { signal },
      ),
  });
}
