/**
 * One round as support sees it (`/api/support/rounds/:casinoId/:roundId`): the round, its close, the
 * choices and the timeline; closing it and retrying a pending booking. Whatever a close answers — also an
 * error, after which the close may be pending or rejected — the round is fetched again, and so are the
 * lists that show rounds.
 */
import type { CloseRoundInput, SupportRound } from '@backoffice/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { GAME_ROUNDS_RESOURCE } from '../../../lib/game-round-search';
import { PLAYERS_RESOURCE } from './players-api';

const RESOURCE = '/support/rounds';

const url = (casinoId: string, roundId: string) =>
  `${RESOURCE}/${encodeURIComponent(casinoId)}/${encodeURIComponent(roundId)}`;
const key = (casinoId: string, roundId: string) => [RESOURCE, casinoId, roundId] as const;

export function useSupportRound(casinoId: string, roundId: string) {
  return useQuery({
    queryKey: key(casinoId, roundId),
    queryFn: ({ signal }) => apiRequest<SupportRound>(url(casinoId, roundId), { signal }),
  });
}

/** A change of the round: its answer shows at once, then everything that shows the round is fetched again. */
function useRoundChange<Input>(casinoId: string, roundId: string, action: 'close' | 'retry') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Input) =>
      apiRequest<SupportRound>(`${url(casinoId, roundId)}/${action}`, { method: 'POST', body }),
    onSuccess: (round) => queryClient.setQueryData(key(casinoId, roundId), round),
    onSettled: () =>
      Promise.all(
        [key(casinoId, roundId), [GAME_ROUNDS_RESOURCE], [PLAYERS_RESOURCE]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useCloseRound(casinoId: string, roundId: string) {
  return useRoundChange<CloseRoundInput>(casinoId, roundId, 'close');
}

/** Retries the pending booking (the server sends it again with the same idempotency key). */
export function useRetryClose(casinoId: string, roundId: string) {
  return useRoundChange<Record<string, never>>(casinoId, roundId, 'retry');
}
