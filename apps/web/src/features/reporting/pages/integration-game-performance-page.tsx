/**
 * `/reporting/integration-game-performance-report`: the money figures per integration and game, with
 * actual against theoretical RTP; a deviation beyond the threshold is flagged.
 */
import type { IntegrationGamePerformance } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import { useIntegrationGamePerformance } from '../api/reports-api';
import { NameCell } from '../components/name-cell';
import { PerformanceReport } from '../components/performance-report';
import { rtpColumns, rtpCsvHeader, rtpCsvValues, RtpDeviationNote } from '../components/rtp-columns';

type Row = IntegrationGamePerformance['rows'][number];

const integrationName = (row: Row) => row.integrationName ?? row.integrationId;
const gameName = (row: Row) => row.gameName ?? row.gameId;

export function IntegrationGamePerformancePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <PerformanceReport<Row, IntegrationGamePerformance>
      useReport={useIntegrationGamePerformance}
      fileName="integration-game-performance"
      tableLabel={t('reports.integrationGamePerformance.tableLabel')}
      nameColumns={() => [
        {
          key: 'integration',
          header: t('reports.fields.integration'),
          sortValue: integrationName,
          render: (row) => <NameCell name={integrationName(row)} id={row.integrationId} />,
        },
        {
          key: 'game',
          header: t('reports.fields.game'),
          sortValue: gameName,
          render: (row) => <NameCell name={gameName(row)} id={row.gameId} />,
        },
      ]}
      moreColumns={rtpColumns<Row>(t, language)}
      rowKey={(row) => `${row.integrationId}\u0000${row.gameId}`}
      rowLabel={(row) => `${integrationName(row)} · ${gameName(row)}`}
      notes={(report) => <RtpDeviationNote rows={report.rows} />}
      csvNames={{
        header: [
          t('reports.fields.integrationId'),
          t('reports.fields.integrationName'),
          t('reports.fields.gameId'),
          t('reports.fields.gameName'),
        ],
        values: (row) => [row.integrationId, row.integrationName, row.gameId, row.gameName],
      }}
      moreCsv={{ header: rtpCsvHeader(t), values: (row) => rtpCsvValues(row, t) }}
    />
  );
}
