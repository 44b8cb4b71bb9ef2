/** The significant events list's filters and page in the URL; a value that does not fit is left out. */
import { significantEventListQuerySchema, type SignificantEventListQuery } from '@backoffice/contracts';
import { readUrlQuery, useUrlQuery, type UrlQuerySpec } from './url-query';

const spec: UrlQuerySpec<SignificantEventListQuery> = {
  schema: significantEventListQuerySchema,
  keys: ['page', 'pageSize', 'from', 'to', 'q'],
  // A range that ends before it starts: the end is dropped rather than the whole list refused.
  repair: (raw) => significantEventListQuerySchema.parse({ ...raw, to: undefined }),
  typedField: 'q',
};

export const parseSignificantEventParams = (params: URLSearchParams) => readUrlQuery(params, spec);

export const useSignificantEventParams = () => useUrlQuery(spec);
