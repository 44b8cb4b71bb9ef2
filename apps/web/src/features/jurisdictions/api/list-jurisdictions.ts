import type { Jurisdiction, JurisdictionListQuery, Page } from '@backoffice/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jurisdictionKeys } from './keys';

export function listJurisdictions(query: JurisdictionListQuery, signal?: AbortSignal) {
  return apiRequest<Page<Jurisdiction>>('/jurisdictions', { query: { ...query }, signal });
}

export function jurisdictionsQueryOptions(query: JurisdictionListQuery) {
  return queryOptions({
    queryKey: jurisdictionKeys.list(query),
    queryFn: ({ signal }) => listJurisdictions(query, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useJurisdictions(query: JurisdictionListQuery) {
  return useQuery(jurisdictionsQueryOptions(query));
}
