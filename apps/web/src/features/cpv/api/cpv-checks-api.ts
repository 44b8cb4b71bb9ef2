/**
 * The server calls of the CPV check screens: checks (asked again while one runs), one check (polled
 * while it runs), results, what can be checked, and starting a check.
 */
import type {
  CpvCheck,
  CpvCheckInput,
  CpvCheckListQuery,
  CpvCheckResult,
  CpvComponentList,
  CpvResultListQuery,
  Page,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const CHECKS = '/cpv/checks';
const RESULTS = '/cpv/results';
const COMPONENTS = '/cpv/components';

/** How often a running check is asked for its progress. */
export const CPV_PROGRESS_POLL_MS = 1_000;

export const cpvKeys = {
  all: ['/cpv'] as const,
  checks: (query: CpvCheckListQuery) => ['/cpv', 'checks', query] as const,
  check: (id: string) => ['/cpv', 'check', id] as const,
  results: (query: CpvResultListQuery) => ['/cpv', 'results', query] as const,
  components: ['/cpv', 'components'] as const,
};

export const isRunning = (check: Pick<CpvCheck, 'state'>) =>
  check.state === 'queued' || check.state === 'running';

export function useCpvChecks(query: CpvCheckListQuery) {
  return useQuery({
    queryKey: cpvKeys.checks(query),
    queryFn: ({ signal }) => apiRequest<Page<CpvCheck>>(CHECKS, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.items.some(isRunning) ? CPV_PROGRESS_POLL_MS : false),
  });
}

/** One check, asked again every second until it has finished or failed. */
export function useCpvCheck(id: string | null) {
  return useQuery({
    queryKey: cpvKeys.check(id ?? ''),
    queryFn: ({ signal }) => apiRequest<CpvCheck>(`${CHECKS}/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    refetchInterval: (current) =>
      !current.state.data || isRunning(current.state.data) ? CPV_PROGRESS_POLL_MS : false,
  });
}

export function useCpvResults(query: CpvResultListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: cpvKeys.results(query),
    queryFn: ({ signal }) => apiRequest<Page<CpvCheckResult>>(RESULTS, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useCpvComponents() {
  return useQuery({
    queryKey: cpvKeys.components,
    queryFn: ({ signal }) => apiRequest<CpvComponentList>(COMPONENTS, { signal }),
  });
}

export function useStartCpvCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CpvCheckInput) => apiRequest<CpvCheck>(CHECKS, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cpvKeys.all }),
  });
}
