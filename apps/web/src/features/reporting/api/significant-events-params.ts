/** The significant events list's filters and page in the URL; a value that does not fit is left out. */
import { significantEventListQuerySchema, type SignificantEventListQuery } from '@backoffice/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const fields = significantEventListQuerySchema.shape;
const keys = ['page', 'pageSize', 'from', 'to', 'q'] as const;

export function parseSignificantEventParams(params: URLSearchParams): SignificantEventListQuery {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== '' && fields[key].safeParse(value).success) raw[key] = value;
  }
  const parsed = significantEventListQuerySchema.safeParse(raw);
  // A range that ends before it starts: the end is dropped rather than the whole list refused.
  return parsed.success ? parsed.data : significantEventListQuerySchema.parse({ ...raw, to: undefined });
}

type Patch = Partial<Pick<SignificantEventListQuery, 'page' | 'pageSize' | 'from' | 'to' | 'q'>>;

export function useSignificantEventParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseSignificantEventParams(searchParams), [searchParams]);
  const defaults = useMemo(() => significantEventListQuerySchema.parse({}), []);

  const update = useCallback(
    (patch: Patch) => {
      const next: Record<string, unknown> = { ...query, ...patch };
      if (!('page' in patch)) next.page = 1;
      const params = new URLSearchParams();
      for (const key of keys) {
        const value = next[key];
        if (value === undefined || value === '' || value === defaults[key]) continue;
        params.set(key, String(value));
      }
      setSearchParams(params, { replace: 'q' in patch });
    },
    [query, defaults, setSearchParams],
  );
  return [query, update] as const;
}
