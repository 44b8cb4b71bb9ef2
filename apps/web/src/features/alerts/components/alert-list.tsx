/**
 * The open alerts as shown above every screen (issue 14: a CPV mismatch is shown until someone
 * acknowledges it). Acknowledging asks for the typed confirmation: the alert's subject. Loaded only when
 * there are alerts to show (alert-banner.tsx).
 */
import type { Alert as AlertRecord, AlertList as AlertListData } from '@backoffice/contracts';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useAcknowledgeAlert } from '../api/alerts-api';

export default function AlertList({ data }: { data: AlertListData }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const acknowledge = useAcknowledgeAlert();
  const [confirming, setConfirming] = useState<AlertRecord | null>(null);

  const title = (alert: AlertRecord) => {
    const kind = `alerts.kinds.${alert.kind}`;
    return t(i18n.exists(kind) ? kind : 'alerts.kinds.other', { subject: alert.subject });
  };

  return (
    <Stack gap="xs" mb="md" role="region" aria-label={t('alerts.region')}>
      {data.items.map((alert) => (
        <Alert key={alert.id} color="red" variant="light" title={title(alert)}>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {alert.message}
          </Text>
          <Group gap="md" mt="xs">
            <Text size="xs" c="dimmed">
              {t('alerts.raisedAt', { time: formatDateTime(alert.raisedAt, language) })}
            </Text>
            {alert.kind === 'cpv-mismatch' && (
              <Anchor
                component={Link}
                size="xs"
                to={`${paths.cpv.checks}?result=mismatch&component=${encodeURIComponent(alert.subject)}`}
              >
                {t('alerts.showResults')}
              </Anchor>
            )}
            {alert.kind === 'config-not-delivered' && (
              <Anchor component={Link} size="xs" to={paths.integrations.push(alert.subject)}>
                {t('alerts.showPush')}
              </Anchor>
            )}
            <Button size="compact-sm" variant="light" color="red" onClick={() => setConfirming(alert)}>
              {t('alerts.acknowledge')}
            </Button>
          </Group>
        </Alert>
      ))}
      {data.total > data.items.length && (
        <Text size="xs" c="dimmed">
          {t('alerts.more', { count: data.total - data.items.length })}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={t('alerts.acknowledgeTitle')}
        description={confirming ? title(confirming) : undefined}
        confirmText={confirming?.subject ?? ''}
        confirmLabel={t('alerts.acknowledge')}
        busy={acknowledge.isPending}
        onConfirm={() =>
          acknowledge.mutate(confirming!.id, {
            onSuccess: () => {
              setConfirming(null);
              notifications.show({ color: 'green', message: t('alerts.acknowledged') });
            },
            onError: (error) => {
              setConfirming(null);
              notifications.show({ color: 'red', message: errorText(error, t) });
            },
          })
        }
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
