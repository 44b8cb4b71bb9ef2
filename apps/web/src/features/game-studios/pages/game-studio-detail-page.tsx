import { gameStudioIdSchema } from '@backoffice/contracts';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { gameStudiosApi } from '../api/game-studios-api';
import { GameStudioForm } from '../components/game-studio-form';

export function GameStudioDetailPage() {
  const { id = '' } = useParams();
  if (!gameStudioIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <GameStudioDetail id={id} />;
}

function GameStudioDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = gameStudiosApi.useOne(id);
  const update = gameStudiosApi.useUpdate();
  const remove = gameStudiosApi.useDelete();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <RecordDetail
      id={id}
      query={query}
      notFoundCodes={['GAME_STUDIO_NOT_FOUND']}
      title={(studio) => studio.name}
      canChange={canChange}
      remove={remove}
      deleteTitle={t('gameStudios.deleteTitle')}
      deleteConfirmText={(studio) => studio.name}
      listPath={paths.gameStudios.list}
      actions={(studio) => (
        <Anchor component={Link} to={`${paths.games.list}?studioId=${encodeURIComponent(studio.id)}`}>
          {t('gameStudios.gamesLink', { count: studio.gameCount })}
        </Anchor>
      )}
    >
      {(studio) => (
        <GameStudioForm
          key={studio.version}
          initialValues={{ name: studio.name, relaxId: studio.relaxId }}
          readOnly={!canChange}
          submitLabel={t('common.save')}
          confirmText={() => studio.name}
          onReload={() => void query.refetch()}
          onSave={async (values) => {
            await update.mutateAsync({ id, input: { ...values, version: studio.version } });
            notifications.show({ color: 'green', message: t('common.saved') });
          }}
        />
      )}
    </RecordDetail>
  );
}
