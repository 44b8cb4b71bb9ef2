import { casinoIdSchema } from '@backoffice/contracts';
import { Alert, Button, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PendingDeliveryBadge, useFollowPending } from '../../../components/delivery-state';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { RecordDetail } from '../../../components/record-detail';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/session';
import { casinosApi, useCasinoActivation } from '../api/casinos-api';
import { ActiveBadge } from '../components/active-badge';
import { CasinoForm } from '../components/casino-form';
import { CasinoGames } from '../components/casino-games';
import { casinoFormValues } from '../components/form-schema';

export function CasinoDetailPage() {
  const { id = '' } = useParams();
  // An id that cannot exist, or a casino that does not: the page is not found (spec §2).
  if (!casinoIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <CasinoDetail id={id} />;
}

function CasinoDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = casinosApi.useOne(id);
  const update = casinosApi.useUpdate();
  const remove = casinosApi.useDelete();
  const activation = useCasinoActivation();
  const canChange = useCan()('adjustGameLaunchParameters');
  const [tab, setTab] = useState<string | null>('settings');
  /** The state the user asked for, while the confirmation is open. */
  const [target, setTarget] = useState<boolean | null>(null);
  const action = target ? 'activate' : 'deactivate';
  // Its integrations' bridges confirm an activation change on their own: "pending" until they have.
  useFollowPending(Boolean(query.data?.pendingDelivery), [casinosApi.keys.detail(id)]);

  return (
    <RecordDetail
      id={id}
      query={query}
      notFoundCodes={['CASINO_NOT_FOUND']}
      title={(casino) => casino.name}
      canChange={canChange}
      remove={remove}
      deleteTitle={t('casinos.deleteTitle')}
      deleteConfirmText={(casino) => casino.id}
      listPath={paths.casinos.list}
      actions={(casino) => (
        <>
          <ActiveBadge active={casino.active} size="lg" data-testid="casino-state" />
          <PendingDeliveryBadge pending={casino.pendingDelivery} />
          {canChange && (
            <Button
              variant="light"
              color={casino.active ? 'orange' : 'green'}
              onClick={() => {
                activation.reset();
                setTarget(!casino.active);
              }}
            >
              {casino.active ? t('casinos.deactivate') : t('casinos.activate')}
            </Button>
          )}
        </>
      )}
    >
      {(casino) => (
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
          {!casino.active && (
            // A standing state, not an error: not announced as an alert.
            <Alert color="orange" variant="light" mb="md" role="status" title={t('casinos.inactiveTitle')}>
              {t('casinos.inactiveNotice')}
            </Alert>
          )}
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List mb="md">
              <Tabs.Tab value="settings">{t('casinos.tabs.settings')}</Tabs.Tab>
              <Tabs.Tab value="games">{t('casinos.tabs.games', { count: casino.gameCount })}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="settings">
              <CasinoForm
                // A new version (saved here or reloaded) starts the form afresh from the stored state.
                key={casino.version}
                idEditable={false}
                initialValues={casinoFormValues(casino)}
                secretsSet={casino.secretsSet}
                known={{
                  bridge: { id: casino.bridgeId, name: casino.bridgeName },
                  jurisdiction: { id: casino.jurisdictionId, name: casino.jurisdictionName },
                }}
                readOnly={!canChange}
                submitLabel={t('common.save')}
                confirmText={() => casino.id}
                onReload={() => void query.refetch()}
                onSave={async ({ id: _id, ...values }) => {
                  await update.mutateAsync({ id, input: { ...values, version: casino.version } });
                  notifications.show({ color: 'green', message: t('common.saved') });
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="games">
              {tab === 'games' && <CasinoGames casinoId={casino.id} canChange={canChange} />}
            </Tabs.Panel>
          </Tabs>
          <ConfirmDialog
            opened={target !== null}
            title={t(`casinos.confirm.${action}.title`, { casino: casino.id })}
            description={t(`casinos.confirm.${action}.text`)}
            confirmText={casino.id}
            confirmLabel={t(`casinos.${action}`)}
            danger={target === false}
            busy={activation.isPending}
            onClose={() => setTarget(null)}
            onConfirm={() =>
              target !== null &&
              activation.mutate(
                { id, input: { active: target, version: casino.version } },
                {
                  onSuccess: () =>
                    notifications.show({ color: 'green', message: t(`casinos.confirm.${action}.done`) }),
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
