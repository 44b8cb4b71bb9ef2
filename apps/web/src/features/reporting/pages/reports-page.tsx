/**
 * `/reporting/reports`: the reports the user may open, each with what it answers, and the player-data
 * report — a CSV of the players in the user's scope, optionally only some casinos.
 */
import { playerCsvColumns, type Access } from '@backoffice/contracts';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { datedFileName, downloadCsv } from '../../../lib/csv-download';
import { useCan } from '../../../lib/session';
import { usePlayerCsv } from '../api/reports-api';
import { RecordIdsInput } from '../../../components/record-ids-input';

interface ReportCard {
  key: string;
  title: string;
  to: string;
  access: Access;
}

/** Every report screen with the access its route asks (the overview shows only those the user may open). */
const reports: ReportCard[] = [
  { key: 'ggr', title: 'nav.ggrReport', to: paths.reporting.ggr, access: 'viewReports' },
  {
    key: 'casinoPerformance',
    title: 'nav.casinoPerformance',
    to: paths.reporting.casinoPerformance,
    access: 'viewReports',
  },
  {
    key: 'gamePerformance',
    title: 'nav.gamePerformance',
    to: paths.reporting.gamePerformance,
    access: 'viewReports',
  },
  {
    key: 'integrationGamePerformance',
    title: 'nav.integrationGamePerformance',
    to: paths.reporting.integrationGamePerformance,
    access: 'viewReports',
  },
  { key: 'gameRounds', title: 'nav.gameRounds', to: paths.reporting.gameRounds, access: 'viewGameRounds' },
  { key: 'auditEntries', title: 'nav.auditEntries', to: paths.reporting.auditEntries, access: 'viewReports' },
  {
    key: 'significantEvents',
    title: 'nav.significantEvents',
    to: paths.reporting.significantEvents,
    access: 'viewReports',
  },
];

function PlayerDataCard() {
  const { t } = useTranslation();
  const [casinoIds, setCasinoIds] = useState<string[]>([]);
  const download = usePlayerCsv();
  const [empty, setEmpty] = useState(false);

  const start = () => {
    setEmpty(false);
    download.mutate(casinoIds, {
      onSuccess: (csv) => {
        if (!csv) {
          setEmpty(true);
          return;
        }
        downloadCsv(csv, datedFileName('players'));
        notifications.show({ color: 'green', message: t('reports.players.started') });
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="player-data-title">
      <Title order={2} size="h4" id="player-data-title" mb="xs">
        {t('reports.players.title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('reports.players.description')}
      </Text>
      <Text size="xs" c="dimmed" mb="md">
        {t('reports.players.columns', { columns: playerCsvColumns.join(', ') })}
      </Text>
      {download.error && (
        <ErrorAlert error={download.error} onRetry={start} retryLabel={t('reports.players.retry')} />
      )}
      {empty && (
        <Text c="dimmed" mb="md" role="status">
          {t('errors.NO_DATA')}
        </Text>
      )}
      <Group align="flex-end">
        <RecordIdsInput
          kind="casinos"
          label={t('reports.players.casinos')}
          w={360}
          value={casinoIds}
          onChange={setCasinoIds}
        />
        <Button onClick={start} loading={download.isPending}>
          {t('reports.players.download')}
        </Button>
      </Group>
    </Card>
  );
}

export function ReportsPage() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <>
      <PageHeader />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {reports
            .filter((report) => can(report.access))
            .map((report) => (
              <Card key={report.key} withBorder padding="lg">
                <Title order={2} size="h4" mb="xs">
                  <Anchor component={Link} to={report.to} inherit>
                    {t(report.title)}
                  </Anchor>
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`reports.overview.${report.key}`)}
                </Text>
              </Card>
            ))}
        </SimpleGrid>
        <PlayerDataCard />
      </Stack>
    </>
  );
}
