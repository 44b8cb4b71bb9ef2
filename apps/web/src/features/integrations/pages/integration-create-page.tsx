import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { integrationsApi } from '../api/integrations-api';
import { emptyIntegrationForm } from '../components/form-schema';
import { IntegrationForm } from '../components/integration-form';

export function IntegrationCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = integrationsApi.useCreate();

  return (
    <>
      <PageHeader title={t('integrations.createTitle')} />
      <IntegrationForm
        initialValues={emptyIntegrationForm}
        submitLabel={t('common.create')}
        confirmText={(values) => values.id}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.integrations.detail(created.id));
        }}
      />
    </>
  );
}
