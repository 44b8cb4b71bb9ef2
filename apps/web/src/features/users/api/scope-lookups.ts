/** The casinos and integrations a user can be limited to, for the scope selects of the user form. */
import {
  MAX_PAGE_SIZE,
  type Casino,
  type CasinoCreate,
  type CasinoListItem,
  type CasinoListQuery,
  type CasinoUpdate,
  type Integration,
  type IntegrationCreate,
  type IntegrationListQuery,
  type IntegrationUpdate,
} from '@backoffice/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { createCrudApi } from '../../../lib/crud-api';

const casinosApi = createCrudApi<Casino, CasinoListQuery, CasinoCreate, CasinoUpdate, CasinoListItem>(
  '/casinos',
);
const integrationsApi = createCrudApi<
  Integration,
  IntegrationListQuery,
  IntegrationCreate,
  IntegrationUpdate
>('/integrations');

export function useCasinoSearch(q: string | undefined) {
  return useQuery(casinosApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'id', order: 'asc', q }));
}

export function useIntegrationSearch(q: string | undefined) {
  return useQuery(
    integrationsApi.listOptions({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'id', order: 'asc', q }),
  );
}

/** The chosen integrations as stored, with the casinos they serve (one request each; a user has few). */
export function useChosenIntegrations(ids: readonly string[]): Integration[] {
  return useQueries({
    queries: ids.map((id) => integrationsApi.detailOptions(id)),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
}
