import type { JurisdictionListQuery } from '@backoffice/contracts';

/** Query keys of this feature: mutations invalidate `all`. */
export const jurisdictionKeys = {
  all: ['jurisdictions'] as const,
  list: (query: JurisdictionListQuery) => ['jurisdictions', 'list', query] as const,
  detail: (id: string) => ['jurisdictions', 'detail', id] as const,
};
