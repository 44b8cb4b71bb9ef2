/** `/reporting/casino-performance-report`: the money figures per casino; a casino opens its games' report. */
import type { CasinoPerformance } from '@backoffice/contracts';
import { Anchor, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { filterProblem, reportLink, useReportParams } from '../api/report-params';
import { useCasinoPerformance } from '../api/reports-api';
import { ExportCsvButton, type CsvContent } from '../components/export-csv-button';
import { figureColumns, figureCsvHeader, figureCsvValues } from '../components/figure-columns';
import { NameCell } from '../components/name-cell';
import { MissingRatesAlert } from '../components/missing-rates-alert';
import { ReportFilterBar } from '../components/report-filter-bar';
import { ReportResult } from '../components/report-result';
import { ReportTable, sortedRows, type ReportColumn } from '../components/report-table';

type Row = CasinoPerformance['rows'][number];

const casinoName = (row: Row) => row.casinoName ?? row.casinoId;

function csvOf(report: CasinoPerformance, rows: Row[], t: TFunction): CsvContent {
  return {
    header: [t('reports.fields.casinoId'), t('reports.fields.casinoName'), ...figureCsvHeader(t)],
    rows: [
      ...rows.map((row) => [row.casinoId, row.casinoName, ...figureCsvValues(row.figures)]),
      [t('reports.fields.total'), null, ...figureCsvValues(report.totals)],
    ],
  };
}

export function CasinoPerformancePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useReportParams();
  const problem = filterProblem(params);
  const query = useCasinoPerformance(params, problem === null);
  // What the export saves: the report on screen, nothing while an error or a refused range shows.
  const report = problem === null && !query.error ? query.data : undefined;

  const columns = (totals: CasinoPerformance['totals']): ReportColumn<Row>[] => [
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
    ...figureColumns<Row>((row) => row.figures, totals, t, language),
  ];
  const shownColumns = report ? columns(report.totals) : [];
  const shownRows = report ? sortedRows(report.rows, shownColumns, params.sort, params.order) : [];

  return (
    <>
      <PageHeader
        actions={
          <ExportCsvButton fileName="casino-performance" content={report && csvOf(report, shownRows, t)} />
        }
      />
      <ReportFilterBar params={params} onChange={setParams} />
      <ReportResult query={query} problem={problem}>
        {(data) => (
          <>
            <MissingRatesAlert missing={data.missingRates} />
            <Text size="sm" c="dimmed" mb="xs">
              {t('reports.casinoPerformance.hint')}
            </Text>
            <ReportTable
              label={t('reports.casinoPerformance.tableLabel')}
              columns={shownColumns}
              rows={shownRows}
              rowKey={(row) => row.casinoId}
              rowLabel={casinoName}
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
