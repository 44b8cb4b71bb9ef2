/** The server calls of the master data configuration: the global settings and the exchange rates. */
import type {
  FxRate,
  FxRateCreate,
  FxRateImportResult,
  FxRateListQuery,
  FxRateUpdate,
  GlobalSettings,
  GlobalSettingsUpdate,
  Page,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const RATES = '/masterdata/fx-rates';
const SETTINGS = '/masterdata/settings';

export const masterdataKeys = {
  settings: [SETTINGS] as const,
  rates: [RATES] as const,
  rateList: (query: FxRateListQuery) => [RATES, 'list', query] as const,
};

const rateUrl = ({ day, currency }: { day: string; currency: string }) =>
  `${RATES}/${encodeURIComponent(day)}/${encodeURIComponent(currency)}`;

export function useSettings() {
  return useQuery({
    queryKey: masterdataKeys.settings,
    queryFn: ({ signal }) => apiRequest<GlobalSettings>(SETTINGS, { signal }),
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GlobalSettingsUpdate) =>
      apiRequest<GlobalSettings>(SETTINGS, { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(masterdataKeys.settings, saved),
  });
}

export function useFxRates(query: FxRateListQuery) {
  return useQuery({
    queryKey: masterdataKeys.rateList(query),
    queryFn: ({ signal }) => apiRequest<Page<FxRate>>(RATES, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Any change to the rates shows in every list of them. */
function useRatesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: masterdataKeys.rates });
}

export function useCreateFxRate() {
  const changed = useRatesChanged();
  return useMutation({
    mutationFn: (input: FxRateCreate) => apiRequest<FxRate>(RATES, { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useUpdateFxRate() {
  const changed = useRatesChanged();
  return useMutation({
    mutationFn: ({ rate, input }: { rate: FxRate; input: FxRateUpdate }) =>
      apiRequest<FxRate>(rateUrl(rate), { method: 'PUT', body: input }),
    onSuccess: changed,
  });
}

export function useDeleteFxRate() {
  const changed = useRatesChanged();
  return useMutation({
    mutationFn: (rate: FxRate) =>
      apiRequest<void>(rateUrl(rate), { method: 'DELETE', query: { version: rate.version } }),
    onSuccess: changed,
  });
}

export function useImportFxRates() {
  const changed = useRatesChanged();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest<FxRateImportResult>(`${RATES}/import`, { method: 'POST', body: { csv } }),
    onSuccess: changed,
  });
}
