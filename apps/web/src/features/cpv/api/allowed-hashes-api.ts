import type { AllowedHash, AllowedHashCreate, AllowedHashListQuery } from '@backoffice/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createCrudApi } from '../../../lib/crud-api';

const RESOURCE = '/cpv/allowed-hashes';

// An allowed hash is never edited nor deleted: of the CRUD calls, list and create are used.
const crud = createCrudApi<AllowedHash, AllowedHashListQuery, AllowedHashCreate, never>(RESOURCE);

/** Retires a hash at the version it was read; the lists show it retired afterwards. */
function useRetire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      apiRequest<AllowedHash>(`${RESOURCE}/${encodeURIComponent(id)}/retire`, {
        method: 'POST',
        body: { version },
      }),
    // Also after a refusal (retired or changed meanwhile): the list then shows the current state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: crud.keys.all }),
  });
}

export const allowedHashesApi = { useList: crud.useList, useCreate: crud.useCreate, useRetire };
