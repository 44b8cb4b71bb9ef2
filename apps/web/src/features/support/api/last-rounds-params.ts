/**
 * The last-rounds screen's search in the URL. It starts at the open rounds (the stuck ones support looks
 * for); `status=all` searches every status. "Older than N days" (`olderThan`) searches rounds started
 * before now − N days, now being when the search was applied (or the screen opened).
 */
import type { RoundStatus } from '@backoffice/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { filterParams, parseFilters, type GameRoundFilters } from '../../../lib/game-round-search';

export const ALL_STATUSES = 'all';
export const DEFAULT_STATUS = 'open' satisfies RoundStatus;
export const OLDER_THAN_MAX_DAYS = 3650;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LastRoundsSearch {
  casinoIds: string[];
  integrationIds: string[];
  gameIds: string[];
  playerId?: string | undefined;
  status: RoundStatus | typeof ALL_STATUSES;
  olderThanDays?: number | undefined;
}

export function parseLastRounds(params: URLSearchParams): LastRoundsSearch {
  const filters = parseFilters(params);
  const olderThan = Number(params.get('olderThan') ?? '');
  return {
    casinoIds: filters.casinoIds,
    integrationIds: filters.integrationIds,
    gameIds: filters.gameIds,
    playerId: filters.playerId,
    status: params.get('status') === ALL_STATUSES ? ALL_STATUSES : (filters.status ?? DEFAULT_STATUS),
    olderThanDays:
      Number.isInteger(olderThan) && olderThan >= 1 && olderThan <= OLDER_THAN_MAX_DAYS
        ? olderThan
        : undefined,
  };
}

function toParams(search: LastRoundsSearch): URLSearchParams {
  const { status, olderThanDays, ...lists } = search;
  const params = filterParams({ ...lists, status: status === ALL_STATUSES ? undefined : status });
  if (status === DEFAULT_STATUS) params.delete('status');
  if (status === ALL_STATUSES) params.set('status', ALL_STATUSES);
  if (olderThanDays !== undefined) params.set('olderThan', String(olderThanDays));
  return params;
}

/** The round search of the screen's search, `now` being when it was applied. */
export function filtersOf(search: LastRoundsSearch, now: number): GameRoundFilters {
  const { status, olderThanDays, ...lists } = search;
  return {
    ...lists,
    status: status === ALL_STATUSES ? undefined : status,
    to: olderThanDays === undefined ? undefined : new Date(now - olderThanDays * DAY_MS).toISOString(),
  };
}

export function useLastRoundsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [now, setNow] = useState(() => Date.now());
  const search = useMemo(() => parseLastRounds(searchParams), [searchParams]);
  const filters = useMemo(() => filtersOf(search, now), [search, now]);
  const apply = useCallback(
    (next: LastRoundsSearch) => {
      setNow(Date.now());
      setSearchParams(toParams(next));
    },
    [setSearchParams],
  );
  return { search, filters, apply };
}
