/** When the configuration last reached the bridge, and what the bridge answered. */
import type { PushResult } from '@backoffice/contracts';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
