/**
 * The game round screen's state in the URL: the search (what the form last applied, read as every round
 * search reads it: lib/game-round-search) and the round whose details are open.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterParams, parseFilters, type GameRoundFilters } from '../../../lib/game-round-search';

const DETAIL_CASINO = 'casino';
const DETAIL_ROUND = 'round';

export interface OpenRound {
  casinoId: string;
  roundId: string;
}

function toParams(filters: GameRoundFilters, open: OpenRound | null): URLSearchParams {
  const params = filterParams(filters);
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
