import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

export function deleteUser({ id, version }: { id: string; version: number }) {
  return apiRequest<void>(`/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: { version },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_result, { id }) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
