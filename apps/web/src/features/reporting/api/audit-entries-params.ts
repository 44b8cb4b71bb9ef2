/** The audit screen's filters and page in the URL; a value that does not fit the API is left out. */
import { auditListQuerySchema, type AuditListQuery } from '@backoffice/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const fields = auditListQuerySchema.shape;
const keys = ['page', 'pageSize', 'entityType', 'entityId', 'actorId', 'from', 'to'] as const;

export function parseAuditParams(params: URLSearchParams): AuditListQuery {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== '' && fields[key].safeParse(value).success) raw[key] = value;
  }
  // Newest first, always.
  return auditListQuerySchema.parse(raw);
}

export type AuditFilters = Pick<AuditListQuery, 'entityType' | 'entityId' | 'actorId' | 'from' | 'to'>;

export function useAuditParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseAuditParams(searchParams), [searchParams]);
  const defaults = useMemo(() => auditListQuerySchema.parse({}), []);

  /** Changes filters or paging; any change but the page starts again at page one. */
  const update = useCallback(
    (patch: Partial<AuditFilters & { page: number; pageSize: number }>) => {
      const next: Record<string, unknown> = { ...query, ...patch };
      if (!('page' in patch)) next.page = 1;
      const params = new URLSearchParams();
      for (const key of keys) {
        const value = next[key];
        if (value === undefined || value === '' || value === defaults[key]) continue;
        params.set(key, String(value));
      }
      setSearchParams(params, { replace: 'entityId' in patch });
    },
    [query, defaults, setSearchParams],
  );
  return [query, update] as const;
}
