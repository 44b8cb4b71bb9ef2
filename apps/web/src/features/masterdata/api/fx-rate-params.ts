/**
 * The state of the exchange-rate table (page, size, order, currency, first and last day) in the URL's
 * query string, read with the contract's list query: a parameter that does not fit falls back to its default.
 */
import { fxRateListQuerySchema, type FxRateListQuery } from '@backoffice/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const shape = fxRateListQuerySchema.shape;
const keys = Object.keys(shape) as (keyof FxRateListQuery)[];
const defaults = fxRateListQuerySchema.parse({}) as Record<string, unknown>;

export function parseFxRateParams(params: URLSearchParams): FxRateListQuery {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && shape[key].safeParse(value).success) raw[key] = value;
  }
  return fxRateListQuerySchema.parse(raw);
}

export function useFxRateParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseFxRateParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Partial<FxRateListQuery>) => {
      const next: Record<string, unknown> = { ...query, ...patch };
      // Any change but the page itself starts again at page one.
      if (!('page' in patch)) next.page = 1;
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '' || value === defaults[key]) continue;
        params.set(key, String(value));
      }
      setSearchParams(params, { replace: 'currency' in patch });
    },
    [query, setSearchParams],
  );

  return [query, update] as const;
}
