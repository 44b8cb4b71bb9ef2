/**
 * `/masterdata/jobs` (admins; decision 025): the background jobs, asked again every 10 seconds while the
 * screen is open so that a queued run shows up as running and then with its outcome. A job's runs open in
 * a drawer, kept in the URL (`?runs=<job>`).
 */
import { Drawer, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ListState } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { useJobs } from '../api/jobs-api';
import { JobRuns } from '../components/job-runs';
import { useJobNaming } from '../components/job-texts';
import { JobsTable } from '../components/jobs-table';

const RUNS_PARAM = 'runs';

export function JobsPage() {
  const { t } = useTranslation();
  const naming = useJobNaming();
  const { data, error, isPending, refetch } = useJobs();
  const [params, setParams] = useSearchParams();
  const open = params.get(RUNS_PARAM);
  const openRuns = (name: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (name === null) next.delete(RUNS_PARAM);
      else next.set(RUNS_PARAM, name);
      return next;
    });
  const openTitle = open === null ? '' : naming(open).title;

  return (
    <>
      <PageHeader />
      <Text size="sm" c="dimmed" mb="md">
        {t('jobs.intro')}
      </Text>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      {data && <JobsTable jobs={data.items} onHistory={openRuns} />}
      <ListState loading={isPending} rows={data?.items} emptyText={t('jobs.none')} />
      <Drawer
        opened={open !== null}
        onClose={() => openRuns(null)}
        position="right"
        size="xl"
        closeButtonProps={{ 'aria-label': t('jobs.runs.close') }}
        title={t('jobs.runs.title', { job: openTitle })}
      >
        {open !== null && <JobRuns key={open} name={open} title={openTitle} />}
      </Drawer>
    </>
  );
}
