/** The open alerts (asked again every minute) and acknowledging one. */
import type { Alert, AlertList } from '@backoffice/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const ALERTS = '/alerts';

/** A new alert shows without reloading the page, within this time. */
export const ALERTS_REFRESH_MS = 60_000;

export const alertsKeys = { open: [ALERTS, 'open'] as const };

export function useOpenAlerts(enabled: boolean) {
  return useQuery({
    queryKey: alertsKeys.open,
    queryFn: ({ signal }) => apiRequest<AlertList>(ALERTS, { signal }),
    enabled,
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Alert>(`${ALERTS}/${encodeURIComponent(id)}/acknowledge`, { method: 'POST' }),
    // Also after a refusal (someone else was faster): the banner then shows what is still open.
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.open }),
  });
}
