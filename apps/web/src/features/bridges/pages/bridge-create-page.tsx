import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { bridgesApi } from '../api/bridges-api';
import { BridgeForm } from '../components/bridge-form';

export function BridgeCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = bridgesApi.useCreate();

  return (
    <>
      <PageHeader title={t('bridges.createTitle')} />
      <BridgeForm
        secretStored={false}
        initialValues={{ name: '', routerUrl: '', secret: '', properties: [] }}
        submitLabel={t('common.create')}
        confirmText={(values) => values.name}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.bridges.detail(created.id));
        }}
      />
    </>
  );
}
