import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { gameProvidersApi } from '../api/game-providers-api';
import { GameProviderForm } from '../components/game-provider-form';

export function GameProviderCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = gameProvidersApi.useCreate();

  return (
    <>
      <PageHeader title={t('gameProviders.createTitle')} />
      <GameProviderForm
        idEditable
        initialValues={{ id: '', name: '', api: 'relax', config: {}, clearSecrets: [] }}
        submitLabel={t('common.create')}
        confirmText={(values) => values.id}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.gameProviders.detail(created.id));
        }}
      />
    </>
  );
}
