import type { Jurisdiction, JurisdictionCreate } from '@backoffice/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jurisdictionKeys } from './keys';

export function createJurisdiction(input: JurisdictionCreate) {
  return apiRequest<Jurisdiction>('/jurisdictions', { method: 'POST', body: input });
}

export function useCreateJurisdiction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJurisdiction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jurisdictionKeys.all }),
  });
}
