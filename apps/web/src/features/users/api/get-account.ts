import type { Account } from '@backoffice/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

export function getAccount(signal?: AbortSignal) {
  return apiRequest<Account>('/account', { signal });
}

export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.all,
    queryFn: ({ signal }) => getAccount(signal),
  });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
