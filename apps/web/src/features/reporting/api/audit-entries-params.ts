/** The audit screen's filters and page in the URL; a value that does not fit the API is left out. */
import { auditListQuerySchema, type AuditListQuery } from '@backoffice/contracts';
import { readUrlQuery, useUrlQuery, type UrlQuerySpec } from './url-query';

const spec: UrlQuerySpec<AuditListQuery> = {
  schema: auditListQuerySchema,
  keys: ['page', 'pageSize', 'entityType', 'entityId', 'actorId', 'from', 'to'],
  typedField: 'entityId',
};

/** Newest first, always. */
export const parseAuditParams = (params: URLSearchParams) => readUrlQuery(params, spec);

export type AuditFilters = Pick<AuditListQuery, 'entityType' | 'entityId' | 'actorId' | 'from' | 'to'>;

export const useAuditParams = () => useUrlQuery(spec);
