/**
 * The CPV results' filters and page in the URL (`/cpv/checks?result=mismatch&component=…`): a value that
 * does not fit the API is left out, defaults stay out of the URL, and any change but the page starts
 * again at page one.
 */
import { cpvResultListQuerySchema, type CpvResultListQuery } from '@backoffice/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const keys = ['page', 'pageSize', 'component', 'result', 'checkId', 'from', 'to'] as const;
const defaults = cpvResultListQuerySchema.parse({}) as Record<string, unknown>;
const shape = cpvResultListQuerySchema.shape as Record<
  string,
  { safeParse(value: unknown): { success: boolean } }
>;

export function parseCpvResultParams(params: URLSearchParams): CpvResultListQuery {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== '' && shape[key]?.safeParse(value).success) raw[key] = value;
  }
  const parsed = cpvResultListQuerySchema.safeParse(raw);
  // A range that ends before it starts: the end is dropped rather than the whole list refused.
  return parsed.success ? parsed.data : cpvResultListQuerySchema.parse({ ...raw, to: undefined });
}

export function useCpvResultParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseCpvResultParams(searchParams), [searchParams]);
  const update = useCallback(
    (patch: Partial<CpvResultListQuery>) => {
      const next: Record<string, unknown> = { ...query, ...patch };
      if (!('page' in patch)) next.page = 1;
      const params = new URLSearchParams();
      for (const key of keys) {
        const value = next[key];
        if (value === undefined || value === '' || value === defaults[key]) continue;
        params.set(key, String(value));
      }
      // Typing a component should not add a history entry per letter.
      setSearchParams(params, { replace: 'component' in patch });
    },
    [query, setSearchParams],
  );
  return [query, update] as const;
}
