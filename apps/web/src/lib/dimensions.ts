/**
 * The casinos, integrations and games the report filters and the game-round search offer, with their
 * names: one list from the server, within the reader's scope, for every reader of reports or game rounds
 * (also those who may not open the configuration lists): report filters, the game-round search, the
 * player look-up. Readers of reports ask under /reports, readers of game rounds only under /game-rounds;
 * both answer the same.
 */
import type { ReportDimension, ReportDimensions } from '@backoffice/contracts';
import type { ComboboxItem } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useCan } from './session';

export type DimensionKind = keyof ReportDimensions;

/** Names change seldom; one answer serves every filter of a visit for a while. */
const STALE_MS = 5 * 60_000;

export function useReportDimensions() {
  const can = useCan();
  const url = can('viewReports') ? '/reports/dimensions' : '/game-rounds/dimensions';
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => apiRequest<ReportDimensions>(url, { signal }),
    enabled: can('viewReports') || can('viewGameRounds'),
    staleTime: STALE_MS,
  });
}

/** A choice shows its name and id; one without a name (deleted) only its id. */
export function dimensionOption({ id, name }: ReportDimension): ComboboxItem {
  return { value: id, label: name === null ? id : `${name} (${id})` };
}
