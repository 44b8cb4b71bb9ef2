import { gameVersionIdSchema } from '@backoffice/contracts';
import { Anchor, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { gameVersionsApi } from '../api/game-versions-api';
import { gameVersionFormValues } from '../components/form-schema';
import { GameVersionForm } from '../components/game-version-form';

export function GameVersionDetailPage() {
  const { id = '' } = useParams();
  // An id that cannot exist, or a version that does not: the page is not found (spec §2).
  if (!gameVersionIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <GameVersionDetail id={id} />;
}

function GameVersionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = gameVersionsApi.useOne(id);
  const update = gameVersionsApi.useUpdate();
  const remove = gameVersionsApi.useDelete();
  const canChange = useCan()('adjustGameLaunchParameters');

  return (
    <RecordDetail
      id={id}
      query={query}
      title={(version) => t('gameVersions.title', { game: version.gameName, version: version.versionNumber })}
      canChange={canChange}
      remove={remove}
      deleteTitle={t('gameVersions.deleteTitle')}
      deleteConfirmText={(version) => `${version.gameId} ${version.versionNumber}`}
      listPath={paths.gameVersions.list}
      actions={(version) => (
        <>
          <Anchor component={Link} to={paths.games.detail(version.gameId)}>
            {t('gameVersions.gameLink')}
          </Anchor>
          {canChange && (
            <Button component={Link} to={paths.gameVersions.copy(version.id)} variant="light">
              {t('gameVersions.copy')}
            </Button>
          )}
        </>
      )}
    >
      {(version) => (
        <GameVersionForm
          // A new version (saved here or reloaded) starts the form afresh from the stored state.
          key={version.version}
          initialValues={gameVersionFormValues(version)}
          fixedGame={version}
          knownJurisdictions={version.jurisdictions}
          readOnly={!canChange}
          submitLabel={t('common.save')}
          confirmText={() => `${version.gameId} ${version.versionNumber}`}
          onReload={() => void query.refetch()}
          onSave={async ({ gameId: _game, ...values }) => {
            await update.mutateAsync({ id, input: { ...values, version: version.version } });
            notifications.show({ color: 'green', message: t('common.saved') });
          }}
        />
      )}
    </RecordDetail>
  );
}
