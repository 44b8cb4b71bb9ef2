import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { jurisdictionsApi } from '../api/jurisdictions-api';
import { JurisdictionForm } from '../components/jurisdiction-form';

export function JurisdictionCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = jurisdictionsApi.useCreate();

  return (
    <>
      <PageHeader title={t('jurisdictions.createTitle')} />
      <JurisdictionForm
        initialValues={{ name: '' }}
        submitLabel={t('common.create')}
        confirmText={(values) => values.name}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.jurisdictions.detail(created.id));
        }}
      />
    </>
  );
}
