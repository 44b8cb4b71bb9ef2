import type {
  Page,
  SignificantEvent,
  SignificantEventInput,
  SignificantEventListQuery,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const RESOURCE = '/significant-events';

export function useSignificantEvents(query: SignificantEventListQuery) {
  return useQuery({
    queryKey: [RESOURCE, 'list', query],
    queryFn: ({ signal }) => apiRequest<Page<SignificantEvent>>(RESOURCE, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRecordSignificantEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignificantEventInput) =>
      apiRequest<SignificantEvent>(RESOURCE, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [RESOURCE] }),
  });
}
