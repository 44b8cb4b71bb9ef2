import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useCreateUser } from '../api/create-user';
import { emptyUser, UserForm } from '../components/user-form';

export function UserCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();

  return (
    <>
      <PageHeader title={t('users.createTitle')} />
      <UserForm
        mode="create"
        initialValues={emptyUser}
        submitLabel={t('common.create')}
        confirmText={(values) => values.username}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          notifications.show({ color: 'green', message: t('common.created') });
          navigate(paths.users.detail(created.id));
        }}
      />
    </>
  );
}
