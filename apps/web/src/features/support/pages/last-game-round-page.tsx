/**
 * `/support/last-game-rounds/{id}` (`?casinoId=`): one round for support. Without its casino the round
 * id is searched: one round opens at once, several (in different casinos) are listed to choose from.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { GameRoundResults } from '../../../components/game-round-table';
import { Loading } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { ErrorAlert } from '../../../components/error-alert';
import { useGameRoundSearch } from '../../../lib/game-round-search';
import { roundLink } from '../api/round-links';
import { SupportRoundView } from '../components/support-round-view';

function RoundOfAnyCasino({ roundId }: { roundId: string }) {
  const { t } = useTranslation();
  const search = useGameRoundSearch({ roundId, casinoIds: [], integrationIds: [], gameIds: [] });
  const { data, error, isPending, refetch } = search;
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loading />;
  const [first, ...others] = data.pages.flatMap((page) => page.items);
  if (first === undefined) {
    return (
      <Text c="dimmed" py="lg">
        {t('support.round.notFound', { roundId })}
      </Text>
    );
  }
  if (others.length === 0) return <SupportRoundView casinoId={first.casinoId} roundId={first.roundId} />;
  return (
    <>
      <Text mb="md">{t('support.round.several', { roundId })}</Text>
      <GameRoundResults search={search} label={t('support.round.choose')} roundLink={roundLink} />
    </>
  );
}

export function LastGameRoundPage() {
  const { t } = useTranslation();
  const roundId = useParams().id ?? '';
  const casinoId = useSearchParams()[0].get('casinoId') || undefined;
  return (
    <>
      <PageHeader
        title={
          casinoId
            ? t('support.round.titleInCasino', { roundId, casinoId })
            : t('support.round.title', { roundId })
        }
      />
      {casinoId ? (
        <SupportRoundView key={`${casinoId}/${roundId}`} casinoId={casinoId} roundId={roundId} />
      ) : (
        <RoundOfAnyCasino key={roundId} roundId={roundId} />
      )}
    </>
  );
}
