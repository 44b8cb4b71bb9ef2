/** The money columns every report table shares (rounds, turnover, wins, GGR, hold), on screen and in CSV. */
import type { Language, MoneyFigures } from '@backoffice/contracts';
import type { TFunction } from 'i18next';
import type { CsvValue } from '../../../lib/csv-download';
import { count, eur, eurForCsv, percent, percentForCsv } from '../utils/figures';
import type { ReportColumn } from './report-table';

export function figureColumns<Row>(
  figuresOf: (row: Row) => MoneyFigures,
  totals: MoneyFigures,
  t: TFunction,
  language: Language,
): ReportColumn<Row>[] {
  return [
    {
      key: 'rounds',
      header: t('reports.fields.rounds'),
      numeric: true,
      render: (row) => count(figuresOf(row).rounds, language),
      sortValue: (row) => figuresOf(row).rounds,
      total: count(totals.rounds, language),
    },
    {
      key: 'turnover',
      header: t('reports.fields.turnoverEur'),
      numeric: true,
      render: (row) => eur(figuresOf(row).turnoverEur, language),
      sortValue: (row) => figuresOf(row).turnoverEur,
      total: eur(totals.turnoverEur, language),
    },
    {
      key: 'wins',
      header: t('reports.fields.winsEur'),
      numeric: true,
      render: (row) => eur(figuresOf(row).winsEur, language),
      sortValue: (row) => figuresOf(row).winsEur,
      total: eur(totals.winsEur, language),
    },
    {
      key: 'ggr',
      header: t('reports.fields.ggrEur'),
      numeric: true,
      render: (row) => eur(figuresOf(row).ggrEur, language),
      sortValue: (row) => figuresOf(row).ggrEur,
      total: eur(totals.ggrEur, language),
    },
    {
      key: 'hold',
      header: t('reports.fields.hold'),
      numeric: true,
      render: (row) => percent(figuresOf(row).holdPercent, language),
      sortValue: (row) => figuresOf(row).holdPercent,
      total: percent(totals.holdPercent, language),
    },
  ];
}

/** The CSV header of the money columns. */
export function figureCsvHeader(t: TFunction): string[] {
  return [
    t('reports.fields.rounds'),
    t('reports.fields.turnoverEur'),
    t('reports.fields.winsEur'),
    t('reports.fields.ggrEur'),
    t('reports.fields.hold'),
  ];
}

export function figureCsvValues(figures: MoneyFigures): CsvValue[] {
  return [
    figures.rounds,
    eurForCsv(figures.turnoverEur),
    eurForCsv(figures.winsEur),
    eurForCsv(figures.ggrEur),
    percentForCsv(figures.holdPercent),
  ];
}
