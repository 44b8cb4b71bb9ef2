/** The server calls of the jobs screen: the jobs (asked again every 10 s), a job's runs, "run now". */
import type { JobList, JobRuns } from '@backoffice/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const JOBS = '/jobs';

/** While the screen is open, a queued run shows up as running and then with its outcome. */
export const JOBS_REFRESH_MS = 10_000;

export const jobsKeys = {
  all: [JOBS] as const,
  runs: (name: string) => [JOBS, name, 'runs'] as const,
};

const jobUrl = (name: string) => `${JOBS}/${encodeURIComponent(name)}`;

export function useJobs() {
  return useQuery({
    queryKey: jobsKeys.all,
    queryFn: ({ signal }) => apiRequest<JobList>(JOBS, { signal }),
    refetchInterval: JOBS_REFRESH_MS,
  });
}

/** A job's runs, newest first; older pages start before the last run shown. */
export function useJobRuns(name: string) {
  return useInfiniteQuery({
    queryKey: jobsKeys.runs(name),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<JobRuns>(`${jobUrl(name)}/runs`, { query: { before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.items.at(-1)?.startedAt : undefined),
    refetchInterval: JOBS_REFRESH_MS,
  });
}

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<{ queued: true }>(`${jobUrl(name)}/run`, { method: 'POST' }),
    // The list and the job's runs show the queued run as soon as it starts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
  });
}
