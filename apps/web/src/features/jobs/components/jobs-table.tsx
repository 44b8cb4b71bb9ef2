/**
 * The background jobs, one row each: what the job does, its schedule (in words and as cron, UTC), its next
 * run, its last run (outcome, duration, who started it, what it did), its failures of the last 7 days — with
 * their errors shown in a row below on request — and "Run now" and its run history.
 */
import type { Job } from '@backoffice/contracts';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoValue } from '../../../components/fields-table';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useRunJob } from '../api/jobs-api';
import { JobFailures } from './job-failures';
import {
  relativeTime,
  runDuration,
  runSummary,
  runTrigger,
  schedulePhrase,
  useJobNaming,
  useNow,
} from './job-texts';
import { RunOutcomeBadge } from './run-outcome-badge';
import { TableScroll } from '../../../components/table-scroll';

const columns = [
  'job',
  'schedule',
  'nextRun',
  'lastRun',
  'duration',
  'trigger',
  'summary',
  'failures',
  'actions',
] as const;

/** An instant as "in 5 minutes" with the date and time below. */
function When({ iso, now }: { iso: string; now: number }) {
  const language = useLanguage();
  return (
    <Stack gap={0}>
      <Text size="sm">{relativeTime(iso, now, language)}</Text>
      <Text size="xs" c="dimmed">
        <time dateTime={iso}>{formatDateTime(iso, language)}</time>
      </Text>
    </Stack>
  );
}

function Schedule({ cron }: { cron: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const phrase = schedulePhrase(cron, t, language);
  return (
    <Stack gap={0}>
      {phrase && <Text size="sm">{phrase}</Text>}
      {/* One line: a cron expression broken between its fields reads as two. */}
      <Text size="xs" c={phrase ? 'dimmed' : undefined} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {t('jobs.schedule.cron', { cron })}
      </Text>
    </Stack>
  );
}

function JobRow({ job, now, onHistory }: { job: Job; now: number; onHistory: (name: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { title, description } = useJobNaming()(job.name);
  const run = useRunJob();
  const [showFailures, setShowFailures] = useState(false);
  const failuresId = useId();
  const { lastRun, failures } = job;
  const duration = lastRun && runDuration(lastRun, t, language);
  const summary = lastRun && runSummary(lastRun, t, language);

  const runNow = () =>
    run.mutate(job.name, {
      onSuccess: () => void notifications.show({ color: 'green', message: t('jobs.queued', { job: title }) }),
      onError: (error) =>
        void notifications.show({
          color: 'red',
          title: t('jobs.runRefused', { job: title }),
          message: errorText(error, t),
        }),
    });

  return (
    <>
      <Table.Tr>
        <Table.Td>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Schedule cron={job.cron} />
        </Table.Td>
        <Table.Td>{job.nextRunAt ? <When iso={job.nextRunAt} now={now} /> : <NoValue />}</Table.Td>
        <Table.Td>
          {lastRun ? (
            <Stack gap={4} align="flex-start">
              <RunOutcomeBadge outcome={lastRun.outcome} />
              <When iso={lastRun.startedAt} now={now} />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('jobs.neverRun')}
            </Text>
          )}
        </Table.Td>
        <Table.Td>{duration ?? <NoValue />}</Table.Td>
        <Table.Td>{lastRun ? runTrigger(lastRun, t) : <NoValue />}</Table.Td>
        <Table.Td>{summary ?? <NoValue />}</Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Badge
              color={failures.count > 0 ? 'red' : 'gray'}
              variant={failures.count > 0 ? 'filled' : 'light'}
            >
              {failures.count}
            </Badge>
            {failures.recent.length > 0 && (
              <Button
                size="compact-xs"
                variant="subtle"
                aria-expanded={showFailures}
                aria-controls={failuresId}
                aria-label={t(showFailures ? 'jobs.failures.hideLabel' : 'jobs.failures.showLabel', {
                  job: title,
                })}
                onClick={() => setShowFailures((shown) => !shown)}
              >
                {t(showFailures ? 'jobs.failures.hide' : 'jobs.failures.show')}
              </Button>
            )}
          </Group>
        </Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              loading={run.isPending}
              aria-label={t('jobs.runNowLabel', { job: title })}
              onClick={runNow}
            >
              {t('jobs.runNow')}
            </Button>
            <Button
              size="xs"
              variant="default"
              aria-label={t('jobs.historyLabel', { job: title })}
              onClick={() => onHistory(job.name)}
            >
              {t('jobs.history')}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {failures.recent.length > 0 && (
        <Table.Tr id={failuresId} hidden={!showFailures}>
          <Table.Td colSpan={columns.length}>
            <JobFailures failures={failures} title={title} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

export function JobsTable({ jobs, onHistory }: { jobs: Job[]; onHistory: (name: string) => void }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <TableScroll minWidth={1200}>
      <Table verticalSpacing="sm" aria-label={t('jobs.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {t(`jobs.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <JobRow key={job.name} job={job} now={now} onHistory={onHistory} />
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
