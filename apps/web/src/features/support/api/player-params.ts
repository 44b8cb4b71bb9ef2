/**
 * The player screen's state in the URL: the search the form applied last (`casinoId`, `playerId`, `q`) and
 * the player who is open (`casino`, `player`, as the game-round screen keeps its open round). A search that
 * does not fit the API's contract is not sent.
 */
import { playerSearchQuerySchema, type PlayerSearchQuery } from '@backoffice/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';

/** What the form holds: every field may be empty. */
export interface PlayerSearchValues {
  casinoId?: string | undefined;
  playerId?: string | undefined;
  q?: string | undefined;
}

export interface OpenPlayer {
  casinoId: string;
  playerId: string;
}

const OPEN_CASINO = 'casino';
const OPEN_PLAYER = 'player';

/** The search to send, or null while it lacks a player id or a text of two characters. */
export function searchQueryOf(values: PlayerSearchValues): PlayerSearchQuery | null {
  const parsed = playerSearchQuerySchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

function toParams(values: PlayerSearchValues, open: OpenPlayer | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['casinoId', 'playerId', 'q'] as const) {
    const value = values[key]?.trim();
    if (value) params.set(key, value);
  }
  if (open) {
    params.set(OPEN_CASINO, open.casinoId);
    params.set(OPEN_PLAYER, open.playerId);
  }
  return params;
}

export function usePlayerParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const casinoId = searchParams.get('casinoId') || undefined;
  const playerId = searchParams.get('playerId') || undefined;
  const q = searchParams.get('q') || undefined;
  const values = useMemo<PlayerSearchValues>(() => ({ casinoId, playerId, q }), [casinoId, playerId, q]);
  const openCasino = searchParams.get(OPEN_CASINO);
  const openPlayerId = searchParams.get(OPEN_PLAYER);
  const open = useMemo(
    () => (openCasino && openPlayerId ? { casinoId: openCasino, playerId: openPlayerId } : null),
    [openCasino, openPlayerId],
  );

  /** A new search closes the open player. */
  const search = useCallback(
    (next: PlayerSearchValues) => setSearchParams(toParams(next, null)),
    [setSearchParams],
  );
  const openPlayer = useCallback(
    (player: OpenPlayer | null) => setSearchParams(toParams(values, player)),
    [values, setSearchParams],
  );
  return { values, open, search, openPlayer };
}

/** The player screen with the player searched for by id and open. */
export function playerLink(player: OpenPlayer): string {
  return `${paths.support.player}?${toParams(player, player).toString()}`;
}

/** The game-round search filtered by a player: the URL the game-round screen keeps its own state in. */
export function gameRoundsLink(player: OpenPlayer): string {
  const params = new URLSearchParams({ playerId: player.playerId, casinoIds: player.casinoId });
  return `${paths.reporting.gameRounds}?${params.toString()}`;
}
