import { gameIdSchema } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { gameVersionsApi } from '../api/game-versions-api';
import { emptyGameVersionForm } from '../components/form-schema';
import { GameVersionForm } from '../components/game-version-form';

export function GameVersionCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = gameVersionsApi.useCreate();
  // "New version" of a game's screen opens this with the game chosen.
  const preset = gameIdSchema.safeParse(useSearchParams()[0].get('gameId'));

  return (
    <>
      <PageHeader title={t('gameVersions.createTitle')} />
      <GameVersionForm
        initialValues={emptyGameVersionForm(preset.success ? preset.data : null)}
        submitLabel={t('common.create')}
        confirmText={(values) => `${values.gameId} ${values.versionNumber}`}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.gameVersions.detail(created.id));
        }}
      />
    </>
  );
}
