import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { gameStudiosApi } from '../api/game-studios-api';
import { GameStudioForm } from '../components/game-studio-form';

export function GameStudioCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = gameStudiosApi.useCreate();

  return (
    <>
      <PageHeader title={t('gameStudios.createTitle')} />
      <GameStudioForm
        initialValues={{ name: '', relaxId: '' }}
        submitLabel={t('common.create')}
        confirmText={(values) => values.name}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.gameStudios.detail(created.id));
        }}
      />
    </>
  );
}
