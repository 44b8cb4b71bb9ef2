import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { casinosApi } from '../api/casinos-api';
import { CasinoForm } from '../components/casino-form';
import { emptyCasinoForm } from '../components/form-schema';

export function CasinoCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = casinosApi.useCreate();

  return (
    <>
      <PageHeader title={t('casinos.createTitle')} />
      <CasinoForm
        idEditable
        initialValues={emptyCasinoForm}
        submitLabel={t('common.create')}
        confirmText={(values) => values.id}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.casinos.detail(created.id));
        }}
      />
    </>
  );
}
