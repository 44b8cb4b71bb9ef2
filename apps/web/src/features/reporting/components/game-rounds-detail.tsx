/** One game round in full, in the search's drawer. */
import { ErrorAlert } from '../../../components/error-alert';
import { GameRoundFields } from '../../../components/game-round-fields';
import { useGameRound } from '../api/game-rounds-api';
import { Loading } from '../../../components/list-state';

export function GameRoundDetailView({ casinoId, roundId }: { casinoId: string; roundId: string }) {
  const { data: round, error, isPending, refetch } = useGameRound(casinoId, roundId);
  if (isPending) return <Loading />;
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  return <GameRoundFields round={round} />;
}
