import type {
  GameVersion,
  GameVersionActivation,
  GameVersionCreate,
  GameVersionListQuery,
  GameVersionUpdate,
} from '@backoffice/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createCrudApi } from '../../../lib/crud-api';

const RESOURCE = '/game-versions';

export const gameVersionsApi = createCrudApi<
  GameVersion,
  GameVersionListQuery,
  GameVersionCreate,
  GameVersionUpdate
>(RESOURCE);

/** Activating or deactivating at the revision read: the answer is the version's next revision. */
export function useGameVersionActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active, version }: GameVersionActivation & { id: string; active: boolean }) =>
      apiRequest<GameVersion>(`${RESOURCE}/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`, {
        method: 'POST',
        body: { version } satisfies GameVersionActivation,
      }),
    onSuccess: async (saved, { id }) => {
      queryClient.setQueryData(gameVersionsApi.keys.detail(id), saved);
      await queryClient.invalidateQueries({ queryKey: [RESOURCE, 'list'] });
    },
  });
}
