/**
 * The game-round search (`GET /api/game-rounds`), for every screen that lists rounds (reporting's search,
 * support's last rounds and round look-up): pages follow each other by the server's keyset cursor ("Load
 * more"), never by offset.
 */
import {
  gameRoundSearchSchema,
  roundStatuses,
  type GameRoundPage,
  type RoundStatus,
} from '@backoffice/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** What every query about game rounds starts with: changing a round refreshes them all. */
export const GAME_ROUNDS_RESOURCE = '/game-rounds';

/** A search as the screens keep it (in the URL): lists as arrays, empty ones searching all. */
export interface GameRoundFilters {
  roundId?: string | undefined;
  providerRoundId?: string | undefined;
  playerId?: string | undefined;
  casinoIds: string[];
  integrationIds: string[];
  gameIds: string[];
  status?: RoundStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const joined = (ids: string[] | undefined) => (ids && ids.length > 0 ? ids.join(',') : undefined);

/** The search's query parameters (lists comma-separated, empty ones left out). */
export function searchQuery(filters: GameRoundFilters): Record<string, string | undefined> {
  return {
    roundId: filters.roundId,
    providerRoundId: filters.providerRoundId,
    playerId: filters.playerId,
    casinoIds: joined(filters.casinoIds),
    integrationIds: joined(filters.integrationIds),
    gameIds: joined(filters.gameIds),
    status: filters.status,
    from: filters.from,
    to: filters.to,
  };
}

const fields = gameRoundSearchSchema.shape;

function valid<K extends keyof typeof fields>(key: K, value: string | null): value is string {
  return value !== null && value !== '' && fields[key].safeParse(value).success;
}

/** A search from the URL; values that do not fit the search's contract are left out, as if not given. */
export function parseFilters(params: URLSearchParams): GameRoundFilters {
  const text = (key: 'roundId' | 'providerRoundId' | 'playerId' | 'from' | 'to') => {
    const value = params.get(key);
    return valid(key, value) ? value.trim() : undefined;
  };
  const list = (key: 'casinoIds' | 'integrationIds' | 'gameIds') => {
    const value = params.get(key);
    return valid(key, value) ? (fields[key].parse(value) ?? []) : [];
  };
  const status = params.get('status');
  return {
    roundId: text('roundId'),
    providerRoundId: text('providerRoundId'),
    playerId: text('playerId'),
    casinoIds: list('casinoIds'),
    integrationIds: list('integrationIds'),
    gameIds: list('gameIds'),
    status: (roundStatuses as readonly string[]).includes(status ?? '') ? (status as RoundStatus) : undefined,
    from: text('from'),
    to: text('to'),
  };
}

/** A search as URL parameters, the same as its query (empty ones left out). */
export function filterParams(filters: GameRoundFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(searchQuery(filters))) if (value) params.set(key, value);
  return params;
}

export function useGameRoundSearch(filters: GameRoundFilters) {
  const query = searchQuery(filters);
  return useInfiniteQuery({
    queryKey: [GAME_ROUNDS_RESOURCE, 'search', query],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<GameRoundPage>(GAME_ROUNDS_RESOURCE, { query: { ...query, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

export type GameRoundSearchResult = ReturnType<typeof useGameRoundSearch>;
