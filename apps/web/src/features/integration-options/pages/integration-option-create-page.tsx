import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { integrationOptionsApi } from '../api/integration-options-api';
import { IntegrationOptionForm } from '../components/integration-option-form';

export function IntegrationOptionCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = integrationOptionsApi.useCreate();

  return (
    <>
      <PageHeader title={t('integrationOptions.createTitle')} />
      <IntegrationOptionForm
        initialValues={{ name: '', dataType: 'text' }}
        submitLabel={t('common.create')}
        confirmText={(values) => values.name}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.integrationOptions.detail(created.id));
        }}
      />
    </>
  );
}
