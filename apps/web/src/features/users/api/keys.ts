import type { UserListQuery } from '@backoffice/contracts';

/** Query keys of this feature: user mutations invalidate `all`; the own account has its own key. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => ['users', 'list', query] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};

export const accountKeys = {
  all: ['account'] as const,
};
