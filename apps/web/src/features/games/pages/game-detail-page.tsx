import { gameIdSchema } from '@backoffice/contracts';
import { Anchor, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { gamesApi } from '../api/games-api';
import { GameForm } from '../components/game-form';

export function GameDetailPage() {
  const { id = '' } = useParams();
  // An id that cannot exist, or a game that does not: the page is not found (spec §2).
  if (!gameIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <GameDetail gameId={id} />;
}

function GameDetail({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const query = gamesApi.useOne(gameId);
  const update = gamesApi.useUpdate();
  const remove = gamesApi.useDelete();
  const canChange = useCan()('adjustGameLaunchParameters');
  const ofGame = `?gameId=${encodeURIComponent(gameId)}`;

  return (
    <RecordDetail
      id={gameId}
      query={query}
      notFoundCodes={['GAME_NOT_FOUND']}
      title={(game) => game.name}
      canChange={canChange}
      remove={remove}
      // The confirmation dialog takes no description of its own: the title says what goes with the game.
      deleteTitle={
        query.data?.versionCount
          ? t('games.deleteTitleWithVersions', { count: query.data.versionCount })
          : t('games.deleteTitle')
      }
      deleteConfirmText={(game) => game.gameId}
      listPath={paths.games.list}
      actions={(game) => (
        <>
          <Anchor component={Link} to={`${paths.gameVersions.list}${ofGame}`}>
            {t('games.versionsLink', { count: game.versionCount })}
          </Anchor>
          {canChange && (
            <Button component={Link} to={`${paths.gameVersions.create}${ofGame}`} variant="light">
              {t('games.newVersion')}
            </Button>
          )}
        </>
      )}
    >
      {(game) => (
        <GameForm
          // A new version (saved here or reloaded) starts the form afresh from the stored state.
          key={game.version}
          editing
          initialValues={{
            gameId: game.gameId,
            name: game.name,
            studioId: game.studioId,
            providerId: game.providerId,
            gameProviderGameId: game.gameProviderGameId,
            theoreticalRtp: game.theoreticalRtp,
            maxExposureFactor: game.maxExposureFactor,
            minBetCents: game.minBetCents,
            requiredPropertyKeys: game.requiredPropertyKeys,
          }}
          readOnly={!canChange}
          submitLabel={t('common.save')}
          confirmText={() => game.gameId}
          onReload={() => void query.refetch()}
          onSave={async ({ gameId: _key, ...values }) => {
            await update.mutateAsync({ id: gameId, input: { ...values, version: game.version } });
            notifications.show({ color: 'green', message: t('common.saved') });
          }}
        />
      )}
    </RecordDetail>
  );
}
