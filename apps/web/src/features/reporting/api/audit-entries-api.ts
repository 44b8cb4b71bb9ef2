import type { AuditActor, AuditEntry, AuditListQuery, Page } from '@backoffice/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const RESOURCE = '/audit-entries';
const ACTORS = '/audit-entries/actors';

export function useAuditEntries(query: AuditListQuery) {
  return useQuery({
    queryKey: [RESOURCE, 'list', query],
    queryFn: ({ signal }) => apiRequest<Page<AuditEntry>>(RESOURCE, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Users to filter by, matching what was typed. */
export function useActorSearch(q: string | undefined) {
  return useQuery({
    queryKey: [ACTORS, 'search', q ?? ''],
    queryFn: ({ signal }) => apiRequest<Page<AuditActor>>(ACTORS, { query: { q }, signal }),
  });
}

/** The user of a filter (for its label); an id of a deleted user finds nothing and shows as the id. */
export function useActor(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [ACTORS, 'one', id],
    queryFn: async ({ signal }) => {
      const page = await apiRequest<Page<AuditActor>>(ACTORS, { query: { id }, signal });
      const [actor] = page.items;
      if (!actor) throw new Error('unknown actor');
      return actor;
    },
    enabled: enabled && id !== null,
    retry: false,
  });
}

export const actorOption = (actor: AuditActor) => ({
  value: actor.id,
  label: actor.name ? `${actor.name} (${actor.username})` : actor.username,
});
