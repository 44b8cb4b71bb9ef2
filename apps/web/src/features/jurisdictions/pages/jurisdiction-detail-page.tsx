import { jurisdictionIdSchema } from '@backoffice/contracts';
import { Button, Loader, Text } from '@mantine/core';
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
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { useDeleteJurisdiction } from '../api/delete-jurisdiction';
import { useJurisdiction } from '../api/get-jurisdiction';
import { useUpdateJurisdiction } from '../api/update-jurisdiction';
import { JurisdictionForm } from '../components/jurisdiction-form';

export function JurisdictionDetailPage() {
  const { id = '' } = useParams();
  // An id that cannot exist, or a record that does not: the page is not found (spec §2).
  if (!jurisdictionIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <JurisdictionDetail id={id} />;
}

function JurisdictionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { data: jurisdiction, error, isPending, refetch } = useJurisdiction(id);
  const update = useUpdateJurisdiction();
  const remove = useDeleteJurisdiction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canChange = useCan()('adjustGameLaunchParameters');

  if (isPending) return <Loader aria-label={t('common.loading')} />;
  if (error instanceof ApiError && error.code === 'RECORD_NOT_FOUND') return <NotFoundPage />;
  if (!jurisdiction) {
    return (
      <>
        <PageHeader />
        <ErrorAlert error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={jurisdiction.name}
        actions={
          canChange && (
            <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
              {t('common.delete')}
            </Button>
          )
        }
      />
      {remove.error && (
        <ErrorAlert
          error={remove.error}
          onRetry={() => {
            remove.reset();
            void refetch();
          }}
        />
      )}
      <JurisdictionForm
        // A new version (saved here or reloaded) starts the form afresh from the stored state.
        key={jurisdiction.version}
        initialValues={{ name: jurisdiction.name }}
        readOnly={!canChange}
        submitLabel={t('common.save')}
        confirmText={() => jurisdiction.name}
        onReload={() => void refetch()}
        onSave={async (values) => {
          await update.mutateAsync({ id, version: jurisdiction.version, ...values });
          notifications.show({ color: 'green', message: t('common.saved') });
        }}
      />
      <Text size="sm" c="dimmed" mt="lg">
        {t('common.updatedAt')}: {formatDateTime(jurisdiction.updatedAt, language)} · {t('common.version')}{' '}
        {jurisdiction.version}
      </Text>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('jurisdictions.deleteTitle')}
        description={t('confirm.deleteWarning')}
        confirmText={jurisdiction.name}
        confirmLabel={t('common.delete')}
        danger
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(
            { id, version: jurisdiction.version },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('common.deleted') });
                navigate(paths.jurisdictions.list);
              },
              onSettled: () => setConfirmDelete(false),
            },
          )
        }
      />
    </>
  );
}
