/**
 * Sessions: the signed-in user's own (`/account/sessions`) and, for admins, any user's
 * (`/users/:id/sessions`) — listed, and ended one by one or all at once.
 */
import type { EndedSessions, UserSessionList } from '@backoffice/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whose sessions: the own (no id) or those of the user with the id. */
export type SessionsOwner = { own: true } | { own: false; userId: string };

export const sessionKeys = {
  own: ['account', 'sessions'] as const,
  ofUser: (userId: string) => ['users', 'detail', userId, 'sessions'] as const,
};

const keyOf = (owner: SessionsOwner): QueryKey =>
  owner.own ? sessionKeys.own : sessionKeys.ofUser(owner.userId);

const baseOf = (owner: SessionsOwner) =>
  owner.own ? '/account/sessions' : `/users/${encodeURIComponent(owner.userId)}/sessions`;

export function sessionsQueryOptions(owner: SessionsOwner) {
  return queryOptions({
    queryKey: keyOf(owner),
    queryFn: ({ signal }) => apiRequest<UserSessionList>(baseOf(owner), { signal }),
  });
}

export function useSessions(owner: SessionsOwner) {
  return useQuery(sessionsQueryOptions(owner));
}

/** Ends one session at once: its browser's next request is refused. */
export function useEndSession(owner: SessionsOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<void>(`${baseOf(owner)}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(owner) }),
  });
}

/** Own: every session but this one. A user's (admin): all of them (the admin's own current one stays). */
export function useEndSessions(owner: SessionsOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<EndedSessions>(baseOf(owner), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(owner) }),
  });
}
