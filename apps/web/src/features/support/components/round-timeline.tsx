/**
 * What happened to a round, oldest first: its states (reported by the platform or set by a close), what
 * agents and the automatic retry did, and every call to the bridge with what was sent and what came back.
 * Only the fields of the contract show: whatever else an answer held (never a secret) is not rendered.
 */
import type { TimelineEntry } from '@backoffice/contracts';
import { Badge, Code, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldsTable, NoValue } from '../../../components/fields-table';
import { GameRoundStatusBadge } from '../../../components/game-round-table';
import { errorCodeText } from '../../../lib/api-client';
import { formatInstant, formatMinorUnits } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

type Entry<Kind extends TimelineEntry['kind']> = Extract<TimelineEntry, { kind: Kind }>;

const outcomeColor = {
  booked: 'green',
  replayed: 'green',
  rejected: 'red',
  unknown: 'orange',
  'in-flight': 'blue',
} as const;

function Json({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return <NoValue />;
  return (
    <Code block aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

function StateEntry({ entry, currency }: { entry: Entry<'state'>; currency: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number) => formatMinorUnits(minor, currency, language);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <GameRoundStatusBadge status={entry.status} />
        <Text size="sm">{t(`support.timeline.sources.${entry.source}`)}</Text>
        {entry.receivedAt !== null && (
          <Text size="xs" c="dimmed">
            {t('support.timeline.receivedAt', { at: formatInstant(entry.receivedAt, language) })}
          </Text>
        )}
      </Group>
      <Text size="sm">
        {t('support.timeline.amounts', {
          debit: money(entry.debit),
          credit: money(entry.credit),
          totalWin: money(entry.totalWin),
        })}
      </Text>
    </Stack>
  );
}

function ActionEntry({ entry }: { entry: Entry<'action'> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm">
        {t(`support.bookings.${entry.booking}`)} ·{' '}
        {entry.by === null ? t('support.timeline.automatic') : t('support.timeline.by', { user: entry.by })}
      </Text>
      {entry.reason !== null && (
        <Text size="sm">{t('support.timeline.reason', { reason: entry.reason })}</Text>
      )}
    </Stack>
  );
}

function BridgeCallEntry({ entry }: { entry: Entry<'bridge-call'> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const field = (key: string) => t(`support.timeline.call.${key}`);
  const { request, answer } = entry;
  const rows: [string, ReactNode][] = [
    [field('method'), request.method],
    [field('path'), request.path],
    [field('idempotencyKey'), request.idempotencyKey],
    [field('requestBody'), <Json key="request" value={request.body} label={field('requestBody')} />],
    [
      field('outcome'),
      <Badge key="outcome" color={outcomeColor[entry.outcome]} variant="light">
        {t(`support.timeline.outcomes.${entry.outcome}`)}
      </Badge>,
    ],
    [
      field('duration'),
      entry.durationMs === null ? <NoValue /> : t('support.timeline.ms', { count: entry.durationMs }),
    ],
    [field('answerStatus'), answer?.status ?? <NoValue />],
    [field('answerBody'), <Json key="answer" value={answer?.body} label={field('answerBody')} />],
    [field('answerError'), answer?.error ? errorCodeText(answer.error, t) : <NoValue />],
  ];
  return (
    <FieldsTable
      label={t('support.timeline.call.label', { at: formatInstant(entry.at, language) })}
      rows={rows}
    />
  );
}

function titleOf(entry: TimelineEntry, t: (key: string) => string): string {
  switch (entry.kind) {
    case 'state':
      return t('support.timeline.state');
    case 'action':
      return t(`support.timeline.actions.${entry.action}`);
    case 'bridge-call':
      return t('support.timeline.bridgeCall');
  }
}

export function RoundTimeline({ entries, currency }: { entries: TimelineEntry[]; currency: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('support.timeline.title')}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{t('support.timeline.empty')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={entries.length - 1}>
          {entries.map((entry, index) => (
            <Timeline.Item
              key={`${entry.at}-${index}`}
              title={titleOf(entry, t)}
              data-kind={entry.kind}
              data-testid="timeline-entry"
            >
              <Text size="xs" c="dimmed" mb={4}>
                {formatInstant(entry.at, language)}
              </Text>
              {entry.kind === 'state' && <StateEntry entry={entry} currency={currency} />}
              {entry.kind === 'action' && <ActionEntry entry={entry} />}
              {entry.kind === 'bridge-call' && <BridgeCallEntry entry={entry} />}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
