/**
 * A screen's query (filters and page) kept in the URL: read from the search params — a value that does
 * not fit the API is left out —, and changed by patches that leave defaults out of the URL and start at
 * page one again unless the patch turns the page.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export interface UrlQuerySpec<Query extends object> {
  schema: z.ZodType<Query> & { shape: Record<string, z.ZodType> };
  keys: readonly (keyof Query & string)[];
  /** The query when the whole of it does not fit (e.g. a range that ends before it starts). */
  repair?: (raw: Record<string, string>) => Query;
  /** Typing into this field replaces the history entry instead of adding one per keystroke. */
  typedField?: keyof Query & string;
}

export function readUrlQuery<Query extends object>(
  params: URLSearchParams,
  spec: UrlQuerySpec<Query>,
): Query {
  const raw: Record<string, string> = {};
  for (const key of spec.keys) {
    const value = params.get(key);
    if (value !== null && value !== '' && spec.schema.shape[key]?.safeParse(value).success) raw[key] = value;
  }
  const parsed = spec.schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (spec.repair) return spec.repair(raw);
  return spec.schema.parse({});
}

export function useUrlQuery<Query extends object>(spec: UrlQuerySpec<Query>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readUrlQuery(searchParams, spec), [searchParams, spec]);
  const defaults = useMemo(() => spec.schema.parse({}) as Record<string, unknown>, [spec]);

  const update = useCallback(
    (patch: Partial<Query>) => {
      const next: Record<string, unknown> = { ...query, ...patch };
      if (!('page' in patch)) next.page = 1;
      const params = new URLSearchParams();
      for (const key of spec.keys) {
        const value = next[key];
        if (value === undefined || value === '' || value === defaults[key]) continue;
        params.set(key, String(value));
      }
      setSearchParams(params, { replace: spec.typedField !== undefined && spec.typedField in patch });
    },
    [query, defaults, setSearchParams, spec],
  );
  return [query, update] as const;
}
