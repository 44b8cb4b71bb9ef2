import { integrationIdSchema, type Integration } from '@backoffice/contracts';
import { Anchor, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { integrationsApi, useFollowDelivery, useSetActive } from '../api/integrations-api';
import { ActiveBadge } from '../../../components/active-status';
import { ApiKeysPanel } from '../components/api-keys-panel';
import { integrationFormValues } from '../components/form-schema';
import { IntegrationForm } from '../components/integration-form';
import { DeliveryState } from '../../../components/delivery-state';
import { LastPush } from '../components/last-push';

export function IntegrationDetailPage() {
  const { id = '' } = useParams();
  // An id that cannot exist, or an integration that does not: the page is not found (spec §2).
  if (!integrationIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <IntegrationDetail id={id} />;
}

function IntegrationDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = integrationsApi.useOne(id);
  useFollowDelivery(id, Boolean(query.data?.pendingDelivery));
  const update = integrationsApi.useUpdate();
  const remove = integrationsApi.useDelete();
  const setActive = useSetActive();
  const canChange = useCan()('adjustGameLaunchParameters');
  // Pushing sends the configuration: the same permission as changing it (route and server agree).
  const canPush = canChange;
  const [switching, setSwitching] = useState(false);

  return (
    <RecordDetail
      id={id}
      query={query}
      notFoundCodes={['INTEGRATION_NOT_FOUND']}
      title={(integration) => integration.name}
      canChange={canChange}
      remove={remove}
      deleteTitle={t('integrations.deleteTitle')}
      deleteConfirmText={(integration) => integration.id}
      listPath={paths.integrations.list}
      actions={(integration) => (
        <>
          <ActiveBadge active={integration.active} />
          <DeliveryState integration={integration} />
          <Anchor component={Link} to={paths.integrationGames.detail(integration.id)}>
            {t('integrations.gamesLink', { count: integration.gameCount })}
          </Anchor>
          {canPush && (
            <Button component={Link} to={paths.integrations.push(integration.id)} variant="light">
              {t('integrations.pushLink')}
            </Button>
          )}
          {canChange && (
            <Button
              variant="light"
              color={integration.active ? 'orange' : 'green'}
              onClick={() => setSwitching(true)}
            >
              {integration.active
                ? t('integrations.activation.deactivate')
                : t('integrations.activation.activate')}
            </Button>
          )}
        </>
      )}
    >
      {(integration) => (
        <>
          {setActive.error && (
            <ErrorAlert
              error={setActive.error}
              onRetry={() => {
                setActive.reset();
                void query.refetch();
              }}
            />
          )}
          <LastPush lastPush={integration.lastPush} />
          <IntegrationForm
            // A new version (saved here, switched, or reloaded) starts the form afresh from the stored state.
            key={integration.version}
            editing
            initialValues={integrationFormValues(integration)}
            knownBridge={{ id: integration.bridgeId, name: integration.bridgeName }}
            readOnly={!canChange}
            submitLabel={t('common.save')}
            confirmText={() => integration.id}
            onReload={() => void query.refetch()}
            onSave={async ({ id: _key, ...values }) => {
              await update.mutateAsync({ id, input: { ...values, version: integration.version } });
              notifications.show({ color: 'green', message: t('common.saved') });
            }}
          />
          <ApiKeysPanel integrationId={integration.id} canChange={canChange} />
          <ActivationDialog
            integration={integration}
            opened={switching}
            busy={setActive.isPending}
            onClose={() => setSwitching(false)}
            onConfirm={() =>
              setActive.mutate(
                { id, active: !integration.active, version: integration.version },
                {
                  onSuccess: (saved) =>
                    notifications.show({
                      color: 'green',
                      message: saved.active
                        ? t('integrations.activation.activated')
                        : t('integrations.activation.deactivated'),
                    }),
                  onSettled: () => setSwitching(false),
                },
              )
            }
          />
        </>
      )}
    </RecordDetail>
  );
}

/** Switching the integration on or off, saying what that does, behind the typed id. */
function ActivationDialog({
  integration,
  ...props
}: {
  integration: Integration;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const deactivating = integration.active;
  return (
    <ConfirmDialog
      {...props}
      title={
        deactivating
          ? t('integrations.activation.deactivateTitle', { id: integration.id })
          : t('integrations.activation.activateTitle', { id: integration.id })
      }
      description={
        deactivating ? t('integrations.activation.deactivateText') : t('integrations.activation.activateText')
      }
      confirmText={integration.id}
      confirmLabel={
        deactivating ? t('integrations.activation.deactivate') : t('integrations.activation.activate')
      }
      danger={deactivating}
    />
  );
}
