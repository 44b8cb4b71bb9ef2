/**
 * Actual against theoretical RTP (game and integration game performance): beside each actual RTP the band
 * that the theoretical RTP allows at 99 % for the game's rounds (explained in a tooltip); a game whose
 * actual RTP lies outside it carries a visible badge, and the report says what the badge means.
 */
import {
  RTP_BAND_CONFIDENCE_PERCENT,
  RTP_DEVIATION_MIN_ROUNDS,
  type GamePerformance,
  type Language,
} from '@backoffice/contracts';
import { Alert, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CsvValue } from '../../../lib/csv-download';
import { useLanguage } from '../../../lib/use-language';
import { count, percent, percentForCsv } from '../utils/figures';
import type { ReportColumn } from './report-table';

type RtpRow = GamePerformance['rows'][number];

function explanation(t: TFunction, language: Language): string {
  return t('reports.rtp.explanation', { confidence: count(RTP_BAND_CONFIDENCE_PERCENT, language) });
}

/** The band as "84.79 % – 107.61 %", with what it means in a tooltip (the cell takes the focus for it). */
function RtpBand({ row }: { row: RtpRow }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { rtpBand: band } = row;
  const label = band
    ? t('reports.rtp.band', {
        theoretical: percent(row.theoreticalRtpPercent, language),
        rounds: count(row.figures.rounds, language),
        low: percent(band.lowPercent, language),
        high: percent(band.highPercent, language),
        confidence: count(RTP_BAND_CONFIDENCE_PERCENT, language),
      })
    : t('reports.rtp.noBand', { rounds: count(RTP_DEVIATION_MIN_ROUNDS, language) });
  return (
    <Tooltip label={label} multiline w={300} withArrow>
      <Text component="span" size="sm" tabIndex={0} aria-label={label} data-testid="rtp-band">
        {band ? `${percent(band.lowPercent, language)} – ${percent(band.highPercent, language)}` : '—'}
      </Text>
    </Tooltip>
  );
}

function DeviationBadge() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tooltip label={explanation(t, language)} multiline w={280} withArrow>
      <Badge color="red" variant="light" size="sm" miw="max-content" data-testid="rtp-deviation">
        {t('reports.rtp.deviation')}
      </Badge>
    </Tooltip>
  );
}

export function rtpColumns<Row extends RtpRow>(t: TFunction, language: Language): ReportColumn<Row>[] {
  return [
    {
      key: 'actualRtp',
      header: t('reports.fields.actualRtp'),
      numeric: true,
      sortValue: (row) => row.actualRtpPercent,
      render: (row) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {row.deviationFlagged && <DeviationBadge />}
          {percent(row.actualRtpPercent, language)}
        </Group>
      ),
    },
    {
      key: 'theoreticalRtp',
      header: t('reports.fields.theoreticalRtp'),
      numeric: true,
      sortValue: (row) => row.theoreticalRtpPercent,
      render: (row) => percent(row.theoreticalRtpPercent, language),
    },
    {
      key: 'band',
      header: t('reports.fields.rtpBand'),
      numeric: true,
      sortValue: (row) => row.rtpBand?.lowPercent ?? null,
      render: (row) => <RtpBand row={row} />,
    },
  ];
}

/** Said above the table whenever a row is flagged. */
export function RtpDeviationNote({ rows }: { rows: readonly RtpRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const flagged = rows.filter((row) => row.deviationFlagged).length;
  if (flagged === 0) return null;
  return (
    <Alert color="red" variant="light" mb="md" title={t('reports.rtp.flagged', { count: flagged })}>
      {explanation(t, language)}
    </Alert>
  );
}

export function rtpCsvHeader(t: TFunction): string[] {
  return [
    t('reports.fields.actualRtp'),
    t('reports.fields.theoreticalRtp'),
    t('reports.fields.rtpBandLow'),
    t('reports.fields.rtpBandHigh'),
    t('reports.rtp.deviation'),
  ];
}

export function rtpCsvValues(row: RtpRow, t: TFunction): CsvValue[] {
  return [
    percentForCsv(row.actualRtpPercent),
    percentForCsv(row.theoreticalRtpPercent),
    percentForCsv(row.rtpBand?.lowPercent ?? null),
    percentForCsv(row.rtpBand?.highPercent ?? null),
    row.deviationFlagged ? t('reports.rtp.yes') : t('reports.rtp.no'),
  ];
}
