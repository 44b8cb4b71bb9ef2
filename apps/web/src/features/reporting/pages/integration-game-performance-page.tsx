/**
 * `/reporting/integration-game-performance-report`: the money figures per integration and game, with
 * actual against theoretical RTP; a deviation beyond the threshold is flagged.
 */
import type { IntegrationGamePerformance } from '@backoffice/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useLanguage } from '../../../lib/use-language';
import { filterProblem, useReportParams } from '../api/report-params';
import { useIntegrationGamePerformance } from '../api/reports-api';
import { ExportCsvButton, type CsvContent } from '../components/export-csv-button';
import { figureColumns, figureCsvHeader, figureCsvValues } from '../components/figure-columns';
import { NameCell } from '../components/name-cell';
import { MissingRatesAlert } from '../components/missing-rates-alert';
import { ReportFilterBar } from '../components/report-filter-bar';
import { ReportResult } from '../components/report-result';
import { ReportTable, sortedRows, type ReportColumn } from '../components/report-table';
import { rtpColumns, rtpCsvHeader, rtpCsvValues, RtpDeviationNote } from '../components/rtp-columns';

type Row = IntegrationGamePerformance['rows'][number];

const integrationName = (row: Row) => row.integrationName ?? row.integrationId;
const gameName = (row: Row) => row.gameName ?? row.gameId;

function csvOf(report: IntegrationGamePerformance, rows: Row[], t: TFunction): CsvContent {
  return {
    header: [
      t('reports.fields.integrationId'),
      t('reports.fields.integrationName'),
      t('reports.fields.gameId'),
      t('reports.fields.gameName'),
      ...figureCsvHeader(t),
      ...rtpCsvHeader(t),
    ],
    rows: [
      ...rows.map((row) => [
        row.integrationId,
        row.integrationName,
        row.gameId,
        row.gameName,
        ...figureCsvValues(row.figures),
        ...rtpCsvValues(row, t),
      ]),
      [t('reports.fields.total'), null, null, null, ...figureCsvValues(report.totals)],
    ],
  };
}

export function IntegrationGamePerformancePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useReportParams();
  const problem = filterProblem(params);
  const query = useIntegrationGamePerformance(params, problem === null);
  // What the export saves: the report on screen, nothing while an error or a refused range shows.
  const report = problem === null && !query.error ? query.data : undefined;

  const columns: ReportColumn<Row>[] = report
    ? [
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
        ...figureColumns<Row>((row) => row.figures, report.totals, t, language),
        ...rtpColumns<Row>(t, language),
      ]
    : [];
  const rows = report ? sortedRows(report.rows, columns, params.sort, params.order) : [];

  return (
    <>
      <PageHeader
        actions={
          <ExportCsvButton
            fileName="integration-game-performance"
            content={report && csvOf(report, rows, t)}
          />
        }
      />
      <ReportFilterBar params={params} onChange={setParams} />
      <ReportResult query={query} problem={problem}>
        {(data) => (
          <>
            <MissingRatesAlert missing={data.missingRates} />
            <RtpDeviationNote rows={data.rows} />
            <ReportTable
              label={t('reports.integrationGamePerformance.tableLabel')}
              columns={columns}
              rows={rows}
              rowKey={(row) => `${row.integrationId}\u0000${row.gameId}`}
              rowLabel={(row) => `${integrationName(row)} · ${gameName(row)}`}
              byCurrency={(row) => row.figures.byCurrency}
              sort={params.sort}
              order={params.order}
              onSort={(sort, order) => setParams({ sort, order })}
              totalsByCurrency={data.totals.byCurrency}
            />
          </>
        )}
      </ReportResult>
    </>
  );
}
