import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { gamesApi } from '../api/games-api';
import { emptyGameForm, GameForm } from '../components/game-form';

export function GameCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = gamesApi.useCreate();

  return (
    <>
      <PageHeader title={t('games.createTitle')} />
      <GameForm
        initialValues={emptyGameForm}
        submitLabel={t('common.create')}
        confirmText={(values) => values.gameId}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.games.detail(created.gameId));
        }}
      />
    </>
  );
}
