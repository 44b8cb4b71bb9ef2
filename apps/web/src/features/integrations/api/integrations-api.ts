/**
 * The integrations API (`/api/integrations`): the configuration records through the shared CRUD calls, and
 * what only integrations have — switching one on or off, its assigned games, the push of its configuration
 * to the bridge and the history of those pushes. Every change refreshes what shows the integration (its
 * version moves on).
 */
import type {
  Activation,
  AssignedGame,
  AssignedGameListQuery,
  AssignGame,
  Integration,
  IntegrationCreate,
  IntegrationListQuery,
  IntegrationUpdate,
  Page,
  PushDetail,
  PushEntry,
  PushPreview,
  PushResult,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFollowPending } from '../../../components/delivery-state';
import { apiRequest } from '../../../lib/api-client';
import { createCrudApi } from '../../../lib/crud-api';

const RESOURCE = '/integrations';

export const integrationsApi = createCrudApi<
  Integration,
  IntegrationListQuery,
  IntegrationCreate,
  IntegrationUpdate
>(RESOURCE);

const url = (id: string) => `${RESOURCE}/${encodeURIComponent(id)}`;
const gameUrl = (id: string, gameId: string) => `${url(id)}/games/${encodeURIComponent(gameId)}`;

const keys = {
  push: (id: string) => [RESOURCE, 'push', id] as const,
  /** The history's pages and the pushes opened from it. */
  pushes: (id: string) => [RESOURCE, 'pushes', id] as const,
  games: (id: string) => [RESOURCE, 'games', id] as const,
};

/** Activates or deactivates the integration at the version read. */
export function useSetActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...activation }: Activation & { id: string }) =>
      apiRequest<Integration>(`${url(id)}/activation`, { method: 'PUT', body: activation }),
    onSuccess: async (saved, { id }) => {
      queryClient.setQueryData(integrationsApi.keys.detail(id), saved);
      await queryClient.invalidateQueries({ queryKey: [RESOURCE, 'list'] });
      await queryClient.invalidateQueries({ queryKey: keys.push(id) });
    },
  });
}

/** What a push would send now (the configuration document and the bridge it goes to) and what differs. */
export function usePushPreview(id: string) {
  return useQuery({
    queryKey: keys.push(id),
    queryFn: ({ signal }) => apiRequest<PushPreview>(`${url(id)}/push`, { signal }),
  });
}

/**
 * Pushes the configuration at the version read; the bridge's answer becomes the last push. Either way the
 * push is in the history, and what the bridge holds may have changed: the preview and history refresh.
 */
export function usePush() {
  const queryClient = useQueryClient();
  const refreshPushes = (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.push(id) }),
      queryClient.invalidateQueries({ queryKey: keys.pushes(id) }),
    ]);
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      apiRequest<PushResult>(`${url(id)}/push`, { method: 'POST', body: { version } }),
    onSuccess: async (result, { id }) => {
      // A push is no configuration change: the record keeps its version, only its last push is new.
      queryClient.setQueryData<Integration>(integrationsApi.keys.detail(id), (current) =>
        current ? { ...current, lastPush: result } : current,
      );
      await queryClient.invalidateQueries({ queryKey: [RESOURCE, 'list'] });
      await refreshPushes(id);
    },
    onError: async (_error, { id }) => {
      await refreshPushes(id);
    },
  });
}

/** Which page of the push history to show. */
export interface PushHistoryPage {
  page: number;
  pageSize: number;
}

/** One page of the integration's pushes, newest first. */
export function usePushHistory(id: string, page: PushHistoryPage) {
  return useQuery({
    queryKey: [...keys.pushes(id), 'page', page],
    queryFn: ({ signal }) =>
      apiRequest<Page<PushEntry>>(`${url(id)}/pushes`, {
        query: { page: page.page, pageSize: page.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One push with the document it sent. */
export function usePushDetail(id: string, pushId: string) {
  return useQuery({
    queryKey: [...keys.pushes(id), 'detail', pushId],
    queryFn: ({ signal }) =>
      apiRequest<PushDetail>(`${url(id)}/pushes/${encodeURIComponent(pushId)}`, { signal }),
  });
}

/** One page of the integration's games. */
export function useAssignedGames(id: string, query: AssignedGameListQuery) {
  return useQuery({
    queryKey: [...keys.games(id), query],
    queryFn: ({ signal }) =>
      apiRequest<Page<AssignedGame>>(`${url(id)}/games`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A change of the games changes the integration (its version, its game count, what a push sends). */
function useGamesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [RESOURCE] });
}

export function useAssignGame(id: string) {
  const changed = useGamesChanged();
  return useMutation({
    mutationFn: (input: AssignGame) =>
      apiRequest<AssignedGame>(`${url(id)}/games`, { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useSetGameActive(id: string) {
  const changed = useGamesChanged();
  return useMutation({
    mutationFn: ({ gameId, active }: { gameId: string; active: boolean }) =>
      apiRequest<AssignedGame>(`${gameUrl(id, gameId)}/activation`, { method: 'PUT', body: { active } }),
    onSuccess: changed,
  });
}

export function useRemoveGame(id: string) {
  const changed = useGamesChanged();
  return useMutation({
    mutationFn: (gameId: string) => apiRequest<void>(gameUrl(id, gameId), { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/**
 * While the integration's activation change waits for its bridge, its screen asks again every few seconds;
 * when it is delivered, the push preview and history are read again too.
 */
export function useFollowDelivery(id: string, pending: boolean) {
  useFollowPending(
    pending,
    [integrationsApi.keys.detail(id), keys.pushes(id)],
    [keys.push(id), keys.pushes(id)],
  );
}
