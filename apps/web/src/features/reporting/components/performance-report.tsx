/**
 * The frame every performance report shares (casinos, games, integration games): filters in the URL, the
 * report's query, "No data found." and errors, missing rates, a sortable table of rows with their money
 * figures (and, per row, the original currencies), and the CSV export of what is shown. A page gives what
 * differs: its query, its leading name columns, any columns after the figures (on screen and in the CSV),
 * and notes.
 */
import type { MoneyFigures, MissingRate } from '@backoffice/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useLanguage } from '../../../lib/use-language';
import { filterProblem, useReportParams, type ReportParams } from '../api/report-params';
import type { CsvValue } from '../../../lib/csv-download';
import { ExportCsvButton, type CsvContent } from './export-csv-button';
import { figureColumns, figureCsvHeader, figureCsvValues } from './figure-columns';
import { MissingRatesAlert } from './missing-rates-alert';
import { ReportFilterBar } from './report-filter-bar';
import { ReportResult } from './report-result';
import { ReportTable, sortedRows, type ReportColumn } from './report-table';

/** Columns of the CSV export: their headers, and a row's values under them. */
export interface CsvColumns<Row> {
  header: string[];
  values: (row: Row) => CsvValue[];
}

interface PerformanceRow {
  figures: MoneyFigures;
}

interface PerformanceReportData<Row extends PerformanceRow> {
  rows: Row[];
  totals: MoneyFigures;
  missingRates: MissingRate[];
}

export interface PerformanceReportProps<
  Row extends PerformanceRow,
  Report extends PerformanceReportData<Row>,
> {
  useReport: (params: ReportParams, enabled: boolean) => UseQueryResult<Report>;
  /** The file name of the export (the day is added). */
  fileName: string;
  tableLabel: string;
  /** The columns naming a row, in front of the money figures. */
  nameColumns: (params: ReportParams) => ReportColumn<Row>[];
  /** Columns after the money figures (e.g. RTP). */
  moreColumns?: ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  rowLabel: (row: Row) => string;
  /** Shown above the table (hints, flags). */
  notes?: (report: Report) => ReactNode;
  /** The CSV columns naming a row, in front of the money figures. */
  csvNames: CsvColumns<Row>;
  /** CSV columns after the money figures. */
  moreCsv?: CsvColumns<Row>;
}

/** The CSV of the rows as shown (sorted): names, money figures, any more columns; then the totals. */
function csvOf<Row extends PerformanceRow>(
  { csvNames: names, moreCsv: more }: { csvNames: CsvColumns<Row>; moreCsv?: CsvColumns<Row> | undefined },
  rows: Row[],
  totals: MoneyFigures,
  t: TFunction,
): CsvContent {
  const blankNames = names.header.slice(1).map(() => null);
  return {
    header: [...names.header, ...figureCsvHeader(t), ...(more?.header ?? [])],
    rows: [
      ...rows.map((row) => [
        ...names.values(row),
        ...figureCsvValues(row.figures),
        ...(more?.values(row) ?? []),
      ]),
      [t('reports.fields.total'), ...blankNames, ...figureCsvValues(totals)],
    ],
  };
}

export function PerformanceReport<Row extends PerformanceRow, Report extends PerformanceReportData<Row>>(
  props: PerformanceReportProps<Row, Report>,
) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useReportParams();
  const problem = filterProblem(params);
  const query = props.useReport(params, problem === null);
  // What the export saves: the report on screen, nothing while an error or a refused range shows.
  const report = problem === null && !query.error ? query.data : undefined;

  const columns: ReportColumn<Row>[] = report
    ? [
        ...props.nameColumns(params),
        ...figureColumns<Row>((row) => row.figures, report.totals, t, language),
        ...(props.moreColumns ?? []),
      ]
    : [];
  const rows = report ? sortedRows(report.rows, columns, params.sort, params.order) : [];

  return (
    <>
      <PageHeader
        actions={
          <ExportCsvButton
            fileName={props.fileName}
            content={report && csvOf(props, rows, report.totals, t)}
          />
        }
      />
      <ReportFilterBar params={params} onChange={setParams} />
      <ReportResult query={query} problem={problem}>
        {(data) => (
          <>
            <MissingRatesAlert missing={data.missingRates} />
            {props.notes?.(data)}
            <ReportTable
              label={props.tableLabel}
              columns={columns}
              rows={rows}
              rowKey={props.rowKey}
              rowLabel={props.rowLabel}
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
