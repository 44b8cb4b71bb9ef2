/** A job's runs, newest first, 50 at a time with "Load older runs": outcome, duration, trigger, summary, error. */
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoValue } from '../../../components/fields-table';
import { PagedResults } from '../../../components/paged-results';
import { formatInstant } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useJobRuns } from '../api/jobs-api';
import { runDuration, runSummary, runTrigger } from './job-texts';
import { RunOutcomeBadge } from './run-outcome-badge';

const columns = ['startedAt', 'outcome', 'duration', 'trigger', 'summary', 'error'] as const;

export function JobRuns({ name, title }: { name: string; title: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const runs = useJobRuns(name);
  return (
    <PagedResults
      query={runs}
      emptyText={t('jobs.runs.none')}
      shownText={(count) => t('jobs.runs.shown', { count })}
      shownTestId="runs-shown"
      moreText={t('jobs.runs.loadOlder')}
    >
      {(items) => (
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
              {items?.map((run) => (
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
      )}
    </PagedResults>
  );
}
