import type { GameAssignments, GameAssignmentsListQuery, Page } from '@backoffice/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useGameAssignments(query: GameAssignmentsListQuery) {
  return useQuery({
    queryKey: ['/game-assignments', 'list', query],
    queryFn: ({ signal }) =>
      apiRequest<Page<GameAssignments>>('/game-assignments', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}
