import type { Jurisdiction, JurisdictionUpdate } from '@backoffice/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jurisdictionKeys } from './keys';

export function updateJurisdiction({ id, ...input }: JurisdictionUpdate & { id: string }) {
  return apiRequest<Jurisdiction>(`/jurisdictions/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateJurisdiction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJurisdiction,
    onSuccess: async (saved) => {
      queryClient.setQueryData(jurisdictionKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: jurisdictionKeys.all });
    },
  });
}
