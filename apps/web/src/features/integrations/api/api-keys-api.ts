/**
 * An integration's API keys of the ingest API (`/api/integrations/:id/api-keys`): the list (never the keys
 * themselves), creating one (its answer is the only time the key is shown) and revoking one.
 */
import type { ApiKey, CreateApiKey, CreatedApiKey } from '@backoffice/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const url = (integrationId: string) => `/integrations/${encodeURIComponent(integrationId)}/api-keys`;
const key = (integrationId: string) => ['/integrations', 'api-keys', integrationId] as const;

export function useApiKeys(integrationId: string) {
  return useQuery({
    queryKey: key(integrationId),
    queryFn: ({ signal }) => apiRequest<ApiKey[]>(url(integrationId), { signal }),
  });
}

export function useCreateApiKey(integrationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKey) =>
      apiRequest<CreatedApiKey>(url(integrationId), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(integrationId) }),
  });
}

export function useRevokeApiKey(integrationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      apiRequest<ApiKey>(`${url(integrationId)}/${encodeURIComponent(keyId)}/revoke`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(integrationId) }),
  });
}
