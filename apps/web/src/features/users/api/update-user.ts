import type { User, UserUpdate } from '@backoffice/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys, userKeys } from './keys';

export function updateUser({ id, ...input }: UserUpdate & { id: string }) {
  return apiRequest<User>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (saved) => {
      queryClient.setQueryData(userKeys.detail(saved.id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        // The own user's names may have changed.
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]);
    },
  });
}
