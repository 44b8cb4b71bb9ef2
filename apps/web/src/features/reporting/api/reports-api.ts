/**
 * The server calls of the money reports: one query per report, keyed by its filters (the table's sort
 * stays in the browser), and the player-data CSV.
 */
import type {
  CasinoPerformance,
  GamePerformance,
  GgrReport,
  IntegrationGamePerformance,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportApiQuery, type ReportParams } from './report-params';

export const REPORT_URLS = {
  ggr: '/reports/ggr',
  casinoPerformance: '/reports/casino-performance',
  gamePerformance: '/reports/game-performance',
  integrationGamePerformance: '/reports/integration-game-performance',
  playersCsv: '/reports/players.csv',
} as const;

function useReport<T>(url: string, params: ReportParams, enabled: boolean) {
  const query = reportApiQuery(params);
  return useQuery({
    queryKey: [url, query],
    queryFn: ({ signal }) => apiRequest<T>(url, { query, signal }),
    enabled,
    // The last report stays on screen while the next filters load.
    placeholderData: keepPreviousData,
  });
}

export const useGgrReport = (params: ReportParams, enabled: boolean) =>
  useReport<GgrReport>(REPORT_URLS.ggr, params, enabled);

export const useCasinoPerformance = (params: ReportParams, enabled: boolean) =>
  useReport<CasinoPerformance>(REPORT_URLS.casinoPerformance, params, enabled);

export const useGamePerformance = (params: ReportParams, enabled: boolean) =>
  useReport<GamePerformance>(REPORT_URLS.gamePerformance, params, enabled);

export const useIntegrationGamePerformance = (params: ReportParams, enabled: boolean) =>
  useReport<IntegrationGamePerformance>(REPORT_URLS.integrationGamePerformance, params, enabled);

/** The player data of the reader's scope (optionally only some casinos), as the server's CSV text. */
export function usePlayerCsv() {
  return useMutation({
    mutationFn: (casinoIds: string[]) =>
      apiRequest<string>(REPORT_URLS.playersCsv, {
        query: { casinoIds: casinoIds.length > 0 ? casinoIds.join(',') : undefined },
      }),
  });
}
