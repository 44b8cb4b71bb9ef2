/** Links to support's round screen: a round by id, with its casino when known (the id alone may be ambiguous). */
import { paths } from '../../../config/paths';

export function roundLink({ casinoId, roundId }: { casinoId?: string | undefined; roundId: string }): string {
  const path = paths.support.lastGameRound(roundId);
  return casinoId ? `${path}?${new URLSearchParams({ casinoId }).toString()}` : path;
}
