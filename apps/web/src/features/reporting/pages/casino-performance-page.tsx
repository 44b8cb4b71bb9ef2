/** `/reporting/casino-performance-report`: the money figures per casino; a casino opens its games' report. */
import type { CasinoPerformance } from '@backoffice/contracts';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { reportLink } from '../api/report-params';
import { useCasinoPerformance } from '../api/reports-api';
import { NameCell } from '../components/name-cell';
import { PerformanceReport } from '../components/performance-report';

type Row = CasinoPerformance['rows'][number];

const casinoName = (row: Row) => row.casinoName ?? row.casinoId;

export function CasinoPerformancePage() {
  const { t } = useTranslation();
  return (
    <PerformanceReport<Row, CasinoPerformance>
      useReport={useCasinoPerformance}
      fileName="casino-performance"
      tableLabel={t('reports.casinoPerformance.tableLabel')}
      nameColumns={(params) => [
        {
          key: 'casino',
          header: t('reports.fields.casino'),
          sortValue: casinoName,
          render: (row) => (
            <NameCell
              id={row.casinoId}
              name={
                <Anchor
                  component={Link}
                  size="sm"
                  to={reportLink(paths.reporting.gamePerformance, params, { casinoIds: [row.casinoId] })}
                  title={t('reports.casinoPerformance.drill', { name: casinoName(row) })}
                >
                  {casinoName(row)}
                </Anchor>
              }
            />
          ),
        },
      ]}
      rowKey={(row) => row.casinoId}
      rowLabel={casinoName}
      notes={() => (
        <Text size="sm" c="dimmed" mb="xs">
          {t('reports.casinoPerformance.hint')}
        </Text>
      )}
      csvNames={{
        header: [t('reports.fields.casinoId'), t('reports.fields.casinoName')],
        values: (row) => [row.casinoId, row.casinoName],
      }}
    />
  );
}
