/** The state of a list screen (page, size, sort, order, search) kept in the URL's query string. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export type ListSchema = z.ZodObject<{
  page: z.ZodType<number>;
  pageSize: z.ZodType<number>;
  sort: z.ZodType<string>;
  order: z.ZodType<'asc' | 'desc'>;
  q: z.ZodType<string | undefined>;
}>;

/** Reads the list query from URL parameters; a parameter that does not fit falls back to its default. */
export function parseListParams<S extends ListSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value === null) continue;
    const probe = (schema.shape as Record<string, z.ZodType>)[key]!;
    if (probe.safeParse(value).success) raw[key] = value;
  }
  return schema.parse(raw);
}

export function useListParams<S extends ListSchema>(schema: S) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseListParams(schema, searchParams), [schema, searchParams]);
  const defaults = useMemo(() => schema.parse({}) as Record<string, unknown>, [schema]);

  const update = useCallback(
    (patch: Partial<z.output<S>>) => {
      const next: Record<string, unknown> = { ...query, ...patch };
      // Any change but the page itself starts again at page one.
      if (!('page' in patch)) next.page = 1;
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '' || value === defaults[key]) continue;
        params.set(key, String(value));
      }
      // Typing in the search box should not fill the history with one entry per letter.
      setSearchParams(params, { replace: 'q' in patch });
    },
    [query, defaults, setSearchParams],
  );

  return [query, update] as const;
}
