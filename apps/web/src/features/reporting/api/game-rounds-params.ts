/**
 * The game round screen's state in the URL: the search (what the form last applied) and the round whose
 * details are open. Values that do not fit the search's contract are left out, as if not given.
 */
import { gameRoundSearchSchema, roundStatuses, type RoundStatus } from '@backoffice/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { GameRoundFilters } from './game-rounds-api';

const fields = gameRoundSearchSchema.shape;
const DETAIL_CASINO = 'casino';
const DETAIL_ROUND = 'round';

export interface OpenRound {
  casinoId: string;
  roundId: string;
}

function valid<K extends keyof typeof fields>(key: K, value: string | null): boolean {
  return value !== null && value !== '' && fields[key].safeParse(value).success;
}

export function parseFilters(params: URLSearchParams): GameRoundFilters {
  const text = (key: 'roundId' | 'providerRoundId' | 'playerId' | 'from' | 'to') => {
    const value = params.get(key);
    return valid(key, value) ? value!.trim() : undefined;
  };
  const list = (key: 'casinoIds' | 'gameIds') => {
    const value = params.get(key);
    return valid(key, value) ? (fields[key].parse(value) ?? []) : [];
  };
  const status = params.get('status');
  return {
    roundId: text('roundId'),
    providerRoundId: text('providerRoundId'),
    playerId: text('playerId'),
    casinoIds: list('casinoIds'),
    gameIds: list('gameIds'),
    status: (roundStatuses as readonly string[]).includes(status ?? '') ? (status as RoundStatus) : undefined,
    from: text('from'),
    to: text('to'),
  };
}

function toParams(filters: GameRoundFilters, open: OpenRound | null): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value) params.set(key, value);
  };
  set('roundId', filters.roundId);
  set('providerRoundId', filters.providerRoundId);
  set('playerId', filters.playerId);
  set('casinoIds', filters.casinoIds.join(','));
  set('gameIds', filters.gameIds.join(','));
  set('status', filters.status);
  set('from', filters.from);
  set('to', filters.to);
  if (open) {
    params.set(DETAIL_CASINO, open.casinoId);
    params.set(DETAIL_ROUND, open.roundId);
  }
  return params;
}

export function useGameRoundParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(searchParams), [searchParams]);
  const casinoId = searchParams.get(DETAIL_CASINO);
  const roundId = searchParams.get(DETAIL_ROUND);
  const open = useMemo(() => (casinoId && roundId ? { casinoId, roundId } : null), [casinoId, roundId]);

  /** A new search closes the open round. */
  const search = useCallback(
    (next: GameRoundFilters) => setSearchParams(toParams(next, null)),
    [setSearchParams],
  );
  const openRound = useCallback(
    (round: OpenRound | null) => setSearchParams(toParams(filters, round)),
    [filters, setSearchParams],
  );
  return { filters, open, search, openRound };
}
