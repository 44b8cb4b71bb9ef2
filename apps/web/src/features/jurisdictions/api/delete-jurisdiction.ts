import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jurisdictionKeys } from './keys';

export function deleteJurisdiction({ id, version }: { id: string; version: number }) {
  return apiRequest<void>(`/jurisdictions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: { version },
  });
}

export function useDeleteJurisdiction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJurisdiction,
    onSuccess: (_result, { id }) => {
      queryClient.removeQueries({ queryKey: jurisdictionKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: jurisdictionKeys.all });
    },
  });
}
