/**
 * Pushing an integration's configuration to its bridge: whether the bridge holds the current configuration,
 * what will be sent (the bridge, the fields that differ from what the bridge holds, the document), the
 * push behind the typed id at the version read, then the bridge's answer or what went wrong; below, the
 * history of the integration's pushes.
 */
import { integrationIdSchema, type Integration, type PushPreview } from '@backoffice/contracts';
import { Alert, Anchor, Button, Code, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/session';
import { integrationsApi, useFollowDelivery, usePush, usePushPreview } from '../api/integrations-api';
import { ActiveBadge } from '../../../components/active-status';
import { PendingDeliveryBadge } from '../../../components/delivery-state';
import { LastPush, PushAnswer, SyncState } from '../components/last-push';
import { PushChanges } from '../components/push-changes';
import { PushHistory } from '../components/push-history';
import { Spinner } from '../../../components/list-state';

export function IntegrationPushPage() {
  const { id = '' } = useParams();
  if (!integrationIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <IntegrationPush id={id} />;
}

function IntegrationPush({ id }: { id: string }) {
  const query = integrationsApi.useOne(id);
  const { data: integration, error, isPending, refetch } = query;

  if (isPending) return <Spinner />;
  if (error instanceof ApiError && error.code === 'INTEGRATION_NOT_FOUND') return <NotFoundPage />;
  if (!integration) {
    return (
      <>
        <PageHeader />
        <ErrorAlert error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  return <PushScreen integration={integration} onReload={() => void refetch()} />;
}

function PushScreen({ integration, onReload }: { integration: Integration; onReload: () => void }) {
  const { t } = useTranslation();
  const { id } = integration;
  const preview = usePushPreview(id);
  useFollowDelivery(id, Boolean(integration.pendingDelivery));
  const push = usePush();
  const can = useCan();
  // Pushing sends the configuration: the same permission as changing it (route and server agree).
  const canPush = can('adjustGameLaunchParameters');
  const [confirming, setConfirming] = useState(false);

  const send = () =>
    push.mutate(
      // At the version read: what was shown is what is sent.
      { id, version: integration.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('integrations.push.done') }),
        onSettled: () => setConfirming(false),
      },
    );
  const stale = push.error instanceof ApiError && push.error.code === 'STALE_VERSION';

  return (
    <>
      <PageHeader
        title={t('integrations.push.title', { name: integration.name })}
        actions={
          <>
            <ActiveBadge active={integration.active} />
            <PendingDeliveryBadge pending={integration.pendingDelivery} />
            <Anchor component={Link} to={paths.integrations.detail(id)}>
              {t('integrations.push.backLink')}
            </Anchor>
            {canPush && (
              <Button onClick={() => setConfirming(true)} disabled={!preview.data} loading={push.isPending}>
                {t('integrations.push.button')}
              </Button>
            )}
          </>
        }
      />
      <Stack maw={960}>
        <Text size="sm">{t('integrations.push.intro')}</Text>
        {preview.data && <SyncState preview={preview.data} lastPush={integration.lastPush} />}
        {/* Without the preview the sync state is not known: at least the last push the record knows. */}
        {preview.error && <LastPush lastPush={integration.lastPush} />}
        {push.isSuccess && (
          <Alert color="green" variant="light" role="status" title={t('integrations.push.answerTitle')}>
            <PushAnswer result={push.data} />
          </Alert>
        )}
        {push.error && (
          <ErrorAlert
            error={push.error}
            retryLabel={stale ? t('common.reload') : t('integrations.push.retry')}
            onRetry={
              stale
                ? () => {
                    push.reset();
                    onReload();
                    void preview.refetch();
                  }
                : send
            }
          />
        )}
        {preview.error && <ErrorAlert error={preview.error} onRetry={() => void preview.refetch()} />}
        {preview.isPending && <Spinner size="sm" />}
        {preview.data && (
          <>
            <Title order={2} size="h4">
              {t('integrations.push.target')}
            </Title>
            <Table variant="vertical" withTableBorder maw={720} data-testid="push-target">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={200}>{t('integrations.push.bridge')}</Table.Th>
                  <Table.Td>{preview.data.bridge.name}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('integrations.push.routerUrl')}</Table.Th>
                  <Table.Td>{preview.data.bridge.routerUrl}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Title order={2} size="h4">
              {t('integrations.push.changes.title')}
            </Title>
            <ChangesToDeliver preview={preview.data} />
            <Title order={2} size="h4">
              {t('integrations.push.document')}
            </Title>
            <Code block data-testid="push-document">
              {JSON.stringify(preview.data.document, null, 2)}
            </Code>
          </>
        )}
        <PushHistory integrationId={id} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('integrations.push.confirmTitle')}
        description={t('integrations.push.confirmText', {
          id,
          bridge: preview.data?.bridge.name ?? integration.bridgeName,
        })}
        confirmText={id}
        confirmLabel={t('integrations.push.button')}
        busy={push.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={send}
      />
    </>
  );
}

/** What a push would change on the bridge: the fields that differ from what it holds, or that none do. */
function ChangesToDeliver({ preview }: { preview: PushPreview }) {
  const { t } = useTranslation();
  const { changes, delivered, inSync } = preview;
  if (inSync) return <Text size="sm">{t('integrations.push.changes.none')}</Text>;
  // The documents differ, but no field does: the order of entries of a list changed (the bound casinos, say).
  if (changes.length === 0) return <Text size="sm">{t('integrations.push.changes.orderOnly')}</Text>;
  return (
    <>
      <Text size="sm">
        {delivered
          ? t('integrations.push.changes.count', { count: changes.length })
          : t('integrations.push.changes.allNew')}
      </Text>
      <PushChanges
        changes={changes}
        label={t('integrations.push.changes.title')}
        beforeHeader={t('integrations.push.changes.delivered')}
        afterHeader={t('integrations.push.changes.current')}
        testId="push-changes"
      />
    </>
  );
}
