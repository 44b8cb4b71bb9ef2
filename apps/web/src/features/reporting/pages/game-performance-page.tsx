/**
 * `/reporting/game-performance-report`: the money figures per game with actual against theoretical RTP;
 * a deviation beyond the threshold is flagged.
 */
import type { GamePerformance } from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import { useGamePerformance } from '../api/reports-api';
import { NameCell } from '../components/name-cell';
import { PerformanceReport } from '../components/performance-report';
import { rtpColumns, rtpCsvHeader, rtpCsvValues, RtpDeviationNote } from '../components/rtp-columns';

type Row = GamePerformance['rows'][number];

const gameName = (row: Row) => row.gameName ?? row.gameId;

export function GamePerformancePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <PerformanceReport<Row, GamePerformance>
      useReport={useGamePerformance}
      fileName="game-performance"
      tableLabel={t('reports.gamePerformance.tableLabel')}
      nameColumns={() => [
        {
          key: 'game',
          header: t('reports.fields.game'),
          sortValue: gameName,
          render: (row) => <NameCell name={gameName(row)} id={row.gameId} />,
        },
      ]}
      moreColumns={rtpColumns<Row>(t, language)}
      rowKey={(row) => row.gameId}
      rowLabel={gameName}
      notes={(report) => <RtpDeviationNote rows={report.rows} />}
      csvNames={{
        header: [t('reports.fields.gameId'), t('reports.fields.gameName')],
        values: (row) => [row.gameId, row.gameName],
      }}
      moreCsv={{ header: rtpCsvHeader(t), values: (row) => rtpCsvValues(row, t) }}
    />
  );
}
