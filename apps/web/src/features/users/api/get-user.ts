import type { User } from '@backoffice/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

export function getUser(id: string, signal?: AbortSignal) {
  return apiRequest<User>(`/users/${encodeURIComponent(id)}`, { signal });
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
