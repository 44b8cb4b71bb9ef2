/**
 * The pushes of an integration's configuration, newest first and paged: when each started, the version it
 * sent, who or what started it, what came of it (the error of a failed one) and how many fields it changed
 * from the push before. A push opens in a drawer with its changes and the document it sent.
 */
import { DEFAULT_PAGE_SIZE, type ListQuery, type PushEntry, type PushOutcome } from '@backoffice/contracts';
import { Badge, Button, Code, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { errorCodeText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { usePushDetail, usePushHistory, type PushHistoryPage } from '../api/integrations-api';
import { PushChanges } from './push-changes';
import { Spinner } from '../../../components/list-state';

const outcomeColor: Record<PushOutcome, string> = {
  pending: 'blue',
  confirmed: 'green',
  failed: 'red.9',
};

/** A push's outcome as a word; the colour only repeats it. */
function PushOutcomeBadge({ outcome }: { outcome: PushOutcome }) {
  const { t } = useTranslation();
  return (
    // A failed push in white on the darkest red (5.3:1); the light ones write in the text colour.
    <Badge color={outcomeColor[outcome]} variant={outcome === 'failed' ? 'filled' : 'light'}>
      {t(`integrations.push.history.outcomes.${outcome}`)}
    </Badge>
  );
}

/** The outcome, and under a failed one its error as the catalogue says it. */
function OutcomeCell({ entry }: { entry: PushEntry }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} align="flex-start">
      <PushOutcomeBadge outcome={entry.outcome} />
      {entry.error !== null && (
        <Text size="xs" c="red">
          {errorCodeText(entry.error, t)}
        </Text>
      )}
    </Stack>
  );
}

function useTriggerText() {
  const { t } = useTranslation();
  return (entry: PushEntry) => {
    if (entry.trigger === 'automatic') return t('integrations.push.history.automatic');
    return entry.actorName === null
      ? t('integrations.push.history.manual')
      : t('integrations.push.history.manualBy', { name: entry.actorName });
  };
}

export function PushHistory({ integrationId }: { integrationId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const triggerText = useTriggerText();
  const [page, setPage] = useState<PushHistoryPage>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const history = usePushHistory(integrationId, page);
  const [opened, setOpened] = useState<PushEntry | null>(null);
  // Stable: the table calls it from an effect (a page past the end goes to the last page).
  const changePage = useCallback(
    ({ page: next, pageSize }: Partial<ListQuery<'startedAt'>>) =>
      setPage((current) =>
        // Another page size starts again at the first page.
        pageSize !== undefined && pageSize !== current.pageSize
          ? { page: 1, pageSize }
          : { ...current, page: next ?? current.page },
      ),
    [],
  );
  const startedAt = (entry: PushEntry) => formatDateTime(entry.startedAt, language);

  const columns: Column<PushEntry, 'startedAt'>[] = [
    {
      key: 'startedAt',
      header: t('integrations.push.history.startedAt'),
      render: (entry) => <time dateTime={entry.startedAt}>{startedAt(entry)}</time>,
    },
    {
      key: 'configurationVersion',
      header: t('integrations.push.history.configurationVersion'),
      render: (entry) => entry.configurationVersion,
    },
    { key: 'trigger', header: t('integrations.push.history.trigger'), render: triggerText },
    {
      key: 'outcome',
      header: t('integrations.push.history.outcome'),
      render: (entry) => <OutcomeCell entry={entry} />,
    },
    {
      key: 'changes',
      header: t('integrations.push.history.changes'),
      render: (entry) => {
        const count = t('integrations.push.history.changeCount', { count: entry.changes.length });
        return (
          <Button
            size="compact-sm"
            variant="subtle"
            // The visible text first, so that a spoken command can name the button by what it shows.
            aria-label={t('integrations.push.history.open', { changes: count, startedAt: startedAt(entry) })}
            onClick={() => setOpened(entry)}
          >
            {count}
          </Button>
        );
      },
    },
  ];

  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {t('integrations.push.history.title')}
      </Title>
      {history.error && <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />}
      <DataTable<PushEntry, 'startedAt'>
        columns={columns}
        rows={history.data?.items}
        total={history.data?.total ?? 0}
        totalCapped={history.data?.totalCapped}
        query={{ ...page, sort: 'startedAt', order: 'desc' }}
        onQueryChange={changePage}
        rowKey={(entry) => entry.id}
        loading={history.isPending || history.isPlaceholderData}
        empty={<Text c="dimmed">{t('integrations.push.history.none')}</Text>}
      />
      <Drawer
        opened={opened !== null}
        onClose={() => setOpened(null)}
        position="right"
        size="xl"
        closeButtonProps={{ 'aria-label': t('integrations.push.history.close') }}
        title={opened && t('integrations.push.history.detailTitle', { startedAt: startedAt(opened) })}
      >
        {opened && (
          <PushDetailView
            key={opened.id}
            integrationId={integrationId}
            entry={opened}
            trigger={triggerText}
          />
        )}
      </Drawer>
    </section>
  );
}

/** One push: what it was, the fields it changed from the push before, and the document it sent. */
function PushDetailView({
  integrationId,
  entry,
  trigger,
}: {
  integrationId: string;
  entry: PushEntry;
  trigger: (entry: PushEntry) => string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const detail = usePushDetail(integrationId, entry.id);
  return (
    <Stack>
      <Table variant="vertical" withTableBorder data-testid="push-summary">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={220}>{t('integrations.push.history.configurationVersion')}</Table.Th>
            <Table.Td>{entry.configurationVersion}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('integrations.push.history.trigger')}</Table.Th>
            <Table.Td>{trigger(entry)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('integrations.push.history.outcome')}</Table.Th>
            <Table.Td>
              <OutcomeCell entry={entry} />
            </Table.Td>
          </Table.Tr>
          {entry.finishedAt !== null && (
            <Table.Tr>
              <Table.Th>{t('integrations.push.history.finishedAt')}</Table.Th>
              <Table.Td>{formatDateTime(entry.finishedAt, language)}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>

      <Title order={3} size="h5">
        {t('integrations.push.history.changedFields')}
      </Title>
      {entry.changes.length > 0 ? (
        <PushChanges
          changes={entry.changes}
          label={t('integrations.push.history.changedFields')}
          beforeHeader={t('integrations.push.history.before')}
          afterHeader={t('integrations.push.history.sent')}
        />
      ) : (
        <Text size="sm">{t('integrations.push.history.noChanges')}</Text>
      )}

      <Title order={3} size="h5">
        {t('integrations.push.history.document')}
      </Title>
      {detail.error && <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />}
      {detail.isPending && <Spinner size="sm" />}
      {detail.data && (
        <Code block data-testid="pushed-document">
          {JSON.stringify(detail.data.document, null, 2)}
        </Code>
      )}
    </Stack>
  );
}
