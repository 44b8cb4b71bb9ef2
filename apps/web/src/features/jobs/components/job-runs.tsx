/** A job's runs, newest first, 50 at a time with "Load older runs": outcome, duration, trigger, summary, error. */
import { Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { NoValue } from '../../../components/fields-table';
import { ListState } from '../../../components/list-state';
import { formatInstant } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useJobRuns } from '../api/jobs-api';
import { runDuration, runSummary, runTrigger } from './job-texts';
import { RunOutcomeBadge } from './run-outcome-badge';

const columns = ['startedAt', 'outcome', 'duration', 'trigger', 'summary', 'error'] as const;

export function JobRuns({ name, title }: { name: string; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, error, isPending, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useJobRuns(name);
  const runs = data?.pages.flatMap((page) => page.items);

  return (
    <>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      <Table.ScrollContainer minWidth={700}>
        <Table striped verticalSpacing="xs" aria-label={t('jobs.runs.tableLabel', { job: title })}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`jobs.runs.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs?.map((run) => (
              <Table.Tr key={run.id}>
                <Table.Td>
                  <time dateTime={run.startedAt}>{formatInstant(run.startedAt, language)}</time>
                </Table.Td>
                <Table.Td>
                  <RunOutcomeBadge outcome={run.outcome} />
                </Table.Td>
                <Table.Td>{runDuration(run, t, language) ?? <NoValue />}</Table.Td>
                <Table.Td>{runTrigger(run, t)}</Table.Td>
                <Table.Td>{runSummary(run, t, language) ?? <NoValue />}</Table.Td>
                <Table.Td>
                  {run.error === null ? (
                    <NoValue />
                  ) : (
                    <Text
                      size="xs"
                      ff="monospace"
                      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                    >
                      {run.error}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListState loading={isPending} rows={runs} emptyText={t('jobs.runs.none')} />
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="runs-shown">
          {runs ? t('jobs.runs.shown', { count: runs.length }) : ''}
        </Text>
        {hasNextPage && (
          <Button
            variant="default"
            loading={isFetchingNextPage}
            disabled={isFetching && !isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {t('jobs.runs.loadOlder')}
          </Button>
        )}
      </Group>
    </>
  );
}
