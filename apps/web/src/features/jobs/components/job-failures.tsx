/** A job's failed runs of the last 7 days (the newest few): when, who started them, and their error. */
import type { Job } from '@backoffice/contracts';
import { Code, List, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { runTrigger } from './job-texts';

export function JobFailures({ failures, title }: { failures: Job['failures']; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  return (
    <Stack gap="xs" py="xs">
      <Text id={headingId} fw={600} size="sm">
        {t('jobs.failures.title', { job: title })}
      </Text>
      {failures.count > failures.recent.length && (
        <Text size="xs" c="dimmed">
          {t('jobs.failures.newest', { shown: failures.recent.length, total: failures.count })}
        </Text>
      )}
      <List listStyleType="none" spacing="sm" aria-labelledby={headingId}>
        {failures.recent.map((run) => (
          <List.Item key={run.id}>
            <Text size="sm">
              <time dateTime={run.startedAt}>{formatInstant(run.startedAt, language)}</time> ·{' '}
              {runTrigger(run, t)}
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {run.error ?? t('jobs.failures.noError')}
            </Code>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
