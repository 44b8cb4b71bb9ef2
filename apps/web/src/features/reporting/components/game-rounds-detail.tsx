/** One game round in full, in the search's drawer. */
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { GameRoundFields } from '../../../components/game-round-fields';
import { useGameRound } from '../api/game-rounds-api';

export function GameRoundDetailView({ casinoId, roundId }: { casinoId: string; roundId: string }) {
  const { t } = useTranslation();
  const { data: round, error, isPending, refetch } = useGameRound(casinoId, roundId);
  if (isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  return <GameRoundFields round={round} />;
}
