/**
 * The server calls of a configuration area (list, get, create, change, delete) as TanStack Query options
 * and hooks, made once per area: every area caches, invalidates and answers the same way (decision 014).
 */
import type { Page } from '@backoffice/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function createCrudApi<
  Item extends { version: number },
  Query extends object,
  Create,
  Update extends { version: number },
  /** A list's row, where a list shows less than the record's own screen. */
  ListItem extends object = Item,
>(resource: string) {
  const keys = {
    all: [resource] as const,
    list: (query: Query) => [resource, 'list', query] as const,
    detail: (id: string) => [resource, 'detail', id] as const,
  };
  const url = (id: string) => `${resource}/${encodeURIComponent(id)}`;

  const listOptions = (query: Query) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: ({ signal }) =>
        apiRequest<Page<ListItem>>(resource, { query: { ...query } as QueryParams, signal }),
      // Keep the current page on screen while the next one loads.
      placeholderData: keepPreviousData,
    });

  const detailOptions = (id: string) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => apiRequest<Item>(url(id), { signal }),
    });

  function useList(query: Query) {
    return useQuery(listOptions(query));
  }

  function useOne(id: string) {
    return useQuery(detailOptions(id));
  }

  function useCreate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (input: Create) => apiRequest<Item>(resource, { method: 'POST', body: input }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
    });
  }

  function useUpdate() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, input }: { id: string; input: Update }) =>
        apiRequest<Item>(url(id), { method: 'PUT', body: input }),
      onSuccess: async (saved, { id }) => {
        queryClient.setQueryData(keys.detail(id), saved);
        await queryClient.invalidateQueries({ queryKey: [resource, 'list'] });
      },
    });
  }

  function useDelete() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: ({ id, version }: { id: string; version: number }) =>
        apiRequest<void>(url(id), { method: 'DELETE', query: { version } }),
      onSuccess: (_result, { id }) => {
        queryClient.removeQueries({ queryKey: keys.detail(id) });
        return queryClient.invalidateQueries({ queryKey: keys.all });
      },
    });
  }

  return { keys, listOptions, detailOptions, useList, useOne, useCreate, useUpdate, useDelete };
}
