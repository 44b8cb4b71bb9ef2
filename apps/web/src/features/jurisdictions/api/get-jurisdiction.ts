import type { Jurisdiction } from '@backoffice/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jurisdictionKeys } from './keys';

export function getJurisdiction(id: string, signal?: AbortSignal) {
  return apiRequest<Jurisdiction>(`/jurisdictions/${encodeURIComponent(id)}`, { signal });
}

export function jurisdictionQueryOptions(id: string) {
  return queryOptions({
    queryKey: jurisdictionKeys.detail(id),
    queryFn: ({ signal }) => getJurisdiction(id, signal),
  });
}

export function useJurisdiction(id: string) {
  return useQuery(jurisdictionQueryOptions(id));
}
