import { userIdSchema } from '@backoffice/contracts';
import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { useDeleteUser } from '../api/delete-user';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { PasswordResetDialog } from '../components/password-reset-dialog';
import { SecondFactorReset } from '../components/second-factor-reset';
import { UserSessionsPanel } from '../components/sessions-panel';
import { UserAccessRecord } from '../components/user-access-record';
import { UserForm, userFormValues } from '../components/user-form';
import { Spinner } from '../../../components/list-state';

export function UserDetailPage() {
  const { id = '' } = useParams();
  // An id that cannot exist, or a record that does not: the page is not found (spec §2).
  if (!userIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <UserDetail id={id} />;
}

function UserDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const session = useSession();
  const { data: user, error, isPending, refetch } = useUser(id);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  // Nobody deletes, deactivates or changes the role or scope of their own account (spec §6).
  const ownUser = session.user.id === id;

  if (isPending) return <Spinner />;
  if (error instanceof ApiError && error.code === 'RECORD_NOT_FOUND') return <NotFoundPage />;
  if (!user) {
    return (
      <>
        <PageHeader />
        <ErrorAlert error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  const deleteStale = remove.error instanceof ApiError && remove.error.code === 'STALE_VERSION';
  return (
    <>
      <PageHeader
        title={user.username}
        actions={
          <>
            <Button variant="default" onClick={() => setResetOpen(true)}>
              {t('users.resetPassword.button')}
            </Button>
            <Button
              color="red"
              variant="light"
              disabled={ownUser}
              title={ownUser ? t('errors.OWN_USER') : undefined}
              onClick={() => setConfirmDelete(true)}
            >
              {t('common.delete')}
            </Button>
          </>
        }
      />
      {remove.error && (
        <ErrorAlert
          error={remove.error}
          onRetry={
            deleteStale
              ? () => {
                  remove.reset();
                  void refetch();
                }
              : undefined
          }
        />
      )}
      <UserForm
        // A new version (saved here or reloaded) starts the form afresh from the stored state.
        key={user.version}
        mode="edit"
        ownUser={ownUser}
        initialValues={userFormValues(user)}
        submitLabel={t('common.save')}
        confirmText={() => user.username}
        onReload={() => void refetch()}
        onSave={async (values) => {
          await update.mutateAsync({ id, version: user.version, ...values });
          notifications.show({ color: 'green', message: t('common.saved') });
        }}
      />
      <Text size="sm" c="dimmed" mt="lg">
        {t('common.updatedAt')}: {formatDateTime(user.updatedAt, language)} · {t('common.version')}{' '}
        {user.version}
      </Text>
      <Stack component="section" mt="xl" gap="sm" maw={960} aria-label={t('users.secondFactor.title')}>
        <Title order={2} size="h4">
          {t('users.secondFactor.title')}
        </Title>
        <SecondFactorReset userId={id} username={user.username} ownUser={ownUser} />
      </Stack>
      <Stack component="section" mt="xl" gap="sm" maw={960} aria-label={t('users.record.title')}>
        <Title order={2} size="h4">
          {t('users.record.title')}
        </Title>
        <UserAccessRecord user={user} />
      </Stack>
      <Stack component="section" mt="xl" gap="sm" maw={960} aria-label={t('users.sessions.title')}>
        <Title order={2} size="h4">
          {t('users.sessions.title')}
        </Title>
        <UserSessionsPanel userId={id} />
      </Stack>
      <PasswordResetDialog
        opened={resetOpen}
        userId={id}
        username={user.username}
        onClose={() => setResetOpen(false)}
      />
      <ConfirmDialog
        opened={confirmDelete}
        title={t('users.deleteTitle')}
        description={t('confirm.deleteWarning')}
        confirmText={user.username}
        confirmLabel={t('common.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(
            { id, version: user.version },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('common.deleted') });
                navigate(paths.users.list);
              },
              onSettled: () => setConfirmDelete(false),
            },
          )
        }
      />
    </>
  );
}
