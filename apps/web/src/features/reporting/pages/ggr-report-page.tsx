/**
 * `/reporting/ggr-report`: turnover, wins, GGR, hold and rounds of the filters, the GGR over time (per day,
 * or per month for long ranges) as a chart or a table, and the top 5 games, each opening its game
 * performance.
 */
import { TOP_GAMES_IN_GGR_REPORT, type GgrReport, type Language } from '@backoffice/contracts';
import { localeOf } from '@backoffice/contracts/languages';
import {
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatShortDate } from '../../../components/inputs/date-input';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { filterProblem, reportLink, useReportParams, type ReportParams } from '../api/report-params';
import { useGgrReport } from '../api/reports-api';
import { CurrencyFiguresTable } from '../components/currency-figures-table';
import { ExportCsvButton, type CsvContent } from '../components/export-csv-button';
import { figureColumns, figureCsvHeader, figureCsvValues } from '../components/figure-columns';
import { MissingRatesAlert } from '../components/missing-rates-alert';
import { NameCell } from '../components/name-cell';
import { ReportFilterBar } from '../components/report-filter-bar';
import { ReportResult } from '../components/report-result';
import { ReportTable, sortedRows, type ReportColumn } from '../components/report-table';
import { count, eur, eurForCsv, percent } from '../utils/figures';
import { TableScroll } from '../../../components/table-scroll';
import { Spinner } from '../../../components/list-state';

const GgrChart = lazy(() =>
  import('../components/ggr-chart').then((module) => ({ default: module.GgrChart })),
);

type TopGame = GgrReport['topGames'][number];
type Point = GgrReport['series'][number];

const gameName = (game: TopGame) => game.gameName ?? game.gameId;

/** A point's day or month as the language writes it. */
export function periodLabel(
  period: string,
  granularity: GgrReport['granularity'],
  language: Language,
): string {
  if (granularity === 'day') return formatShortDate(period, localeOf[language]);
  const month = new Date(`${period.slice(0, 7)}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(localeOf[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(month);
}

function seriesCsv(report: GgrReport, t: TFunction): CsvContent {
  return {
    header: [
      t(`reports.ggr.period.${report.granularity}`),
      t('reports.fields.rounds'),
      t('reports.fields.turnoverEur'),
      t('reports.fields.winsEur'),
      t('reports.fields.ggrEur'),
    ],
    rows: [
      ...report.series.map((point) => [
        point.period,
        point.rounds,
        eurForCsv(point.turnoverEur),
        eurForCsv(point.winsEur),
        eurForCsv(point.ggrEur),
      ]),
      [
        t('reports.fields.total'),
        report.totals.rounds,
        eurForCsv(report.totals.turnoverEur),
        eurForCsv(report.totals.winsEur),
        eurForCsv(report.totals.ggrEur),
      ],
    ],
  };
}

function topGamesCsv(games: TopGame[], t: TFunction): CsvContent {
  return {
    header: [t('reports.fields.gameId'), t('reports.fields.gameName'), ...figureCsvHeader(t)],
    rows: games.map((game) => [game.gameId, game.gameName, ...figureCsvValues(game.figures)]),
  };
}

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={700} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}

function Totals({ report }: { report: GgrReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const { totals } = report;
  return (
    <Box mb="xl">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} mb="xs">
        <Kpi label={t('reports.fields.turnoverEur')} value={eur(totals.turnoverEur, language)} />
        <Kpi label={t('reports.fields.winsEur')} value={eur(totals.winsEur, language)} />
        <Kpi label={t('reports.fields.ggrEur')} value={eur(totals.ggrEur, language)} />
        <Kpi label={t('reports.fields.hold')} value={percent(totals.holdPercent, language)} />
        <Kpi label={t('reports.fields.rounds')} value={count(totals.rounds, language)} />
      </SimpleGrid>
      <Button
        size="compact-sm"
        variant="subtle"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        mb="xs"
      >
        {open ? '▾' : '▸'} {t('reports.ggr.totalsByCurrency', { count: totals.byCurrency.length })}
      </Button>
      {open && (
        <CurrencyFiguresTable figures={totals.byCurrency} label={t('reports.ggr.totalsByCurrencyLabel')} />
      )}
    </Box>
  );
}

function OverTime({ report }: { report: GgrReport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const label = (point: Point) => periodLabel(point.period, report.granularity, language);
  return (
    <Box mb="xl">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t(`reports.ggr.overTime.${report.granularity}`)}
        </Title>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as 'chart' | 'table')}
          data={[
            { value: 'chart', label: t('reports.ggr.view.chart') },
            { value: 'table', label: t('reports.ggr.view.table') },
          ]}
        />
      </Group>
      {view === 'chart' ? (
        <Suspense
          fallback={
            <Center h={280}>
              <Spinner size="sm" />
            </Center>
          }
        >
          <GgrChart
            points={report.series.map((point) => ({ label: label(point), ggr: point.ggrEur / 100 }))}
          />
        </Suspense>
      ) : (
        <TableScroll minWidth={500}>
          <Table striped aria-label={t('reports.ggr.seriesLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`reports.ggr.period.${report.granularity}`)}</Table.Th>
                <Table.Th ta="right">{t('reports.fields.rounds')}</Table.Th>
                <Table.Th ta="right">{t('reports.fields.turnoverEur')}</Table.Th>
                <Table.Th ta="right">{t('reports.fields.winsEur')}</Table.Th>
                <Table.Th ta="right">{t('reports.fields.ggrEur')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.series.map((point) => (
                <Table.Tr key={point.period}>
                  <Table.Td>{label(point)}</Table.Td>
                  <Table.Td ta="right">{count(point.rounds, language)}</Table.Td>
                  <Table.Td ta="right">{eur(point.turnoverEur, language)}</Table.Td>
                  <Table.Td ta="right">{eur(point.winsEur, language)}</Table.Td>
                  <Table.Td ta="right">{eur(point.ggrEur, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Box>
  );
}

function TopGames({
  report,
  params,
  onSort,
}: {
  report: GgrReport;
  params: ReportParams;
  onSort: (sort: string, order: ReportParams['order']) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const columns: ReportColumn<TopGame>[] = [
    {
      key: 'game',
      header: t('reports.fields.game'),
      sortValue: gameName,
      render: (game) => (
        <NameCell
          id={game.gameId}
          name={
            <Anchor
              component={Link}
              size="sm"
              to={reportLink(paths.reporting.gamePerformance, params, { gameIds: [game.gameId] })}
              title={t('reports.ggr.openGame', { name: gameName(game) })}
            >
              {gameName(game)}
            </Anchor>
          }
        />
      ),
    },
    ...figureColumns<TopGame>((game) => game.figures, report.totals, t, language),
  ];
  const rows = sortedRows(report.topGames, columns, params.sort, params.order);
  return (
    <Box>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('reports.ggr.topGames', { count: TOP_GAMES_IN_GGR_REPORT })}
        </Title>
        <ExportCsvButton
          fileName="ggr-top-games"
          content={topGamesCsv(rows, t)}
          label={t('reports.ggr.exportTopGames')}
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('common.noEntries')}</Text>
      ) : (
        <ReportTable
          label={t('reports.ggr.topGamesLabel')}
          columns={columns}
          rows={rows}
          rowKey={(game) => game.gameId}
          rowLabel={gameName}
          byCurrency={(game) => game.figures.byCurrency}
          sort={params.sort}
          order={params.order}
          onSort={onSort}
        />
      )}
    </Box>
  );
}

export function GgrReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useReportParams();
  const problem = filterProblem(params);
  const query = useGgrReport(params, problem === null);
  // What the export saves: the report on screen, nothing while an error or a refused range shows.
  const report = problem === null && !query.error ? query.data : undefined;

  return (
    <>
      <PageHeader
        actions={<ExportCsvButton fileName="ggr-report" content={report && seriesCsv(report, t)} />}
      />
      <ReportFilterBar params={params} onChange={setParams} />
      <ReportResult query={query} problem={problem}>
        {(data) => (
          <>
            <MissingRatesAlert missing={data.missingRates} />
            <Totals report={data} />
            <OverTime report={data} />
            <TopGames report={data} params={params} onSort={(sort, order) => setParams({ sort, order })} />
          </>
        )}
      </ReportResult>
    </>
  );
}
