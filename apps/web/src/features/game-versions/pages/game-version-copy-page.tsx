import { gameVersionIdSchema } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { gameVersionsApi } from '../api/game-versions-api';
import { gameVersionFormValues } from '../components/form-schema';
import { GameVersionForm } from '../components/game-version-form';
import { Spinner } from '../../../components/list-state';

/** A new version with all settings of another one (of the same or another game) but a number of its own. */
export function GameVersionCopyPage() {
  const { id = '' } = useParams();
  if (!gameVersionIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <GameVersionCopy id={id} />;
}

function GameVersionCopy({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: source, error, isPending, refetch } = gameVersionsApi.useOne(id);
  const create = gameVersionsApi.useCreate();

  if (isPending) return <Spinner />;
  if (error instanceof ApiError && error.code === 'RECORD_NOT_FOUND') return <NotFoundPage />;
  if (!source) {
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
        title={t('gameVersions.copyTitle', { game: source.gameName, version: source.versionNumber })}
      />
      <GameVersionForm
        initialValues={{ ...gameVersionFormValues(source), versionNumber: '' }}
        knownJurisdictions={source.jurisdictions}
        versionNumberHint={t('gameVersions.copiedFrom', { version: source.versionNumber })}
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
