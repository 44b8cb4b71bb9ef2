/**
 * When the configuration last reached the bridge, and what the bridge answered; on the push screen whether
 * the bridge holds the current configuration.
 */
import type { PushPreview, PushResult } from '@backoffice/contracts';
import { Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SyncBadge } from '../../../components/delivery-state';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

/** The bridge's time of receipt: a date when it reads as one, else as the bridge wrote it. */
function receivedText(receivedAt: string, format: (iso: string) => string): string {
  return Number.isNaN(Date.parse(receivedAt)) ? receivedAt : format(receivedAt);
}

export function PushAnswer({ result }: { result: PushResult }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = (iso: string) => formatDateTime(iso, language);
  return (
    <Table variant="vertical" withTableBorder maw={520} data-testid="push-answer">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={240}>{t('integrations.lastPush.pushedAt')}</Table.Th>
          <Table.Td>{format(result.pushedAt)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('integrations.lastPush.configurationVersion')}</Table.Th>
          <Table.Td>{result.configurationVersion}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('integrations.lastPush.receivedAt')}</Table.Th>
          <Table.Td>{receivedText(result.receivedAt, format)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** One line: when it was last pushed (and which version the bridge confirmed), or never. */
export function LastPush({ lastPush }: { lastPush: PushResult | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Text size="sm" data-testid="last-push">
      <Text span fw={600}>
        {t('integrations.lastPush.title')}:
      </Text>{' '}
      {lastPush
        ? t('integrations.lastPush.summary', {
            pushedAt: formatDateTime(lastPush.pushedAt, language),
            version: lastPush.configurationVersion,
          })
        : t('integrations.lastPush.never')}
    </Text>
  );
}

/**
 * Whether the bridge holds the configuration a push would send now (a badge), and which version it holds:
 * the last push it confirmed. An integration pushed only before pushes were recorded has a last push but
 * nothing delivered on record: what its bridge holds is not known.
 */
export function SyncState({ preview, lastPush }: { preview: PushPreview; lastPush: PushResult | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { delivered, inSync } = preview;
  let holds: string;
  if (delivered) {
    holds = t('integrations.push.sync.delivered', {
      version: delivered.configurationVersion,
      pushedAt: formatDateTime(delivered.pushedAt, language),
    });
  } else if (lastPush) {
    holds = t('integrations.push.sync.unrecorded', {
      version: lastPush.configurationVersion,
      pushedAt: formatDateTime(lastPush.pushedAt, language),
    });
  } else {
    holds = t('integrations.push.sync.never');
  }
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="sync-state">
      <SyncBadge inSync={inSync} />
      <Text size="sm">{holds}</Text>
    </Group>
  );
}
