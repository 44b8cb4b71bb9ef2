import { gameVersionIdSchema } from '@backoffice/contracts';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActiveBadge } from '../../../components/active-status';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { gameVersionsApi, useGameVersionActivation } from '../api/game-versions-api';
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
  const activation = useGameVersionActivation();
  const can = useCan();
  const canChange = can('adjustGameLaunchParameters');
  /** The state the user asked for, while the confirmation is open. */
  const [target, setTarget] = useState<boolean | null>(null);
  const action = target ? 'activate' : 'deactivate';

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
          <ActiveBadge active={version.active} size="lg" data-testid="game-version-state" />
          <Anchor component={Link} to={paths.games.detail(version.gameId)}>
            {t('gameVersions.gameLink')}
          </Anchor>
          {canChange && (
            <Button
              variant="light"
              color={version.active ? 'orange' : 'green'}
              onClick={() => {
                activation.reset();
                setTarget(!version.active);
              }}
            >
              {version.active ? t('gameVersions.deactivate') : t('gameVersions.activate')}
            </Button>
          )}
          {canChange && (
            <Button component={Link} to={paths.gameVersions.copy(version.id)} variant="light">
              {t('gameVersions.copy')}
            </Button>
          )}
        </>
      )}
    >
      {(version) => (
        <>
          {activation.error && (
            <ErrorAlert
              error={activation.error}
              onRetry={() => {
                activation.reset();
                void query.refetch();
              }}
            />
          )}
          {!version.active && (
            // A standing state, not an error: not announced as an alert. Who or what deactivated the
            // version (a user, or a CPV check on a mismatch) is in the audit trail, for those who read it.
            <Alert
              color="orange"
              variant="light"
              mb="md"
              role="status"
              title={t('gameVersions.inactiveTitle')}
              data-testid="game-version-inactive"
            >
              <Text size="sm">{t('gameVersions.inactiveNotice')}</Text>
              {can('viewReports') && (
                <Anchor
                  component={Link}
                  size="sm"
                  to={`${paths.reporting.auditEntries}?${new URLSearchParams({ entityType: 'game-version', entityId: version.id })}`}
                >
                  {t('gameVersions.auditTrailLink')}
                </Anchor>
              )}
            </Alert>
          )}
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
          <ConfirmDialog
            opened={target !== null}
            title={t(`gameVersions.confirm.${action}.title`, {
              game: version.gameName,
              version: version.versionNumber,
            })}
            description={t(`gameVersions.confirm.${action}.text`)}
            confirmText={`${version.gameId} ${version.versionNumber}`}
            confirmLabel={t(`gameVersions.${action}`)}
            danger={target === false}
            busy={activation.isPending}
            onClose={() => setTarget(null)}
            onConfirm={() =>
              target !== null &&
              activation.mutate(
                { id, active: target, version: version.version },
                {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      message: t(`gameVersions.confirm.${action}.done`),
                    }),
                  onSettled: () => setTarget(null),
                },
              )
            }
          />
        </>
      )}
    </RecordDetail>
  );
}
