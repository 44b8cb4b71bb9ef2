/**
 * Actual against theoretical RTP (game and integration game performance): a game whose actual RTP is off
 * by more than the threshold, over enough rounds to judge, carries a visible badge, and the report says
 * what the badge means.
 */
import {
  RTP_DEVIATION_MIN_ROUNDS,
  RTP_DEVIATION_THRESHOLD_PERCENT,
  type GamePerformance,
  type Language,
} from '@backoffice/contracts';
import { Alert, Badge, Group, Tooltip } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CsvValue } from '../../../lib/csv-download';
import { useLanguage } from '../../../lib/use-language';
import { count, percent, percentForCsv, points } from '../utils/figures';
import type { ReportColumn } from './report-table';

type RtpRow = GamePerformance['rows'][number];

function explanation(t: TFunction, language: Language): string {
  return t('reports.rtp.explanation', {
    threshold: count(RTP_DEVIATION_THRESHOLD_PERCENT, language),
    rounds: count(RTP_DEVIATION_MIN_ROUNDS, language),
  });
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
      key: 'deviation',
      header: t('reports.fields.rtpDifference'),
      numeric: true,
      sortValue: (row) => rtpDifference(row),
      render: (row) => points(rtpDifference(row), language),
    },
  ];
}

/** Actual minus theoretical RTP in percentage points; null when either is missing. */
export function rtpDifference(row: RtpRow): number | null {
  if (row.actualRtpPercent === null || row.theoreticalRtpPercent === null) return null;
  return row.actualRtpPercent - row.theoreticalRtpPercent;
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
    t('reports.fields.rtpDifference'),
    t('reports.rtp.deviation'),
  ];
}

export function rtpCsvValues(row: RtpRow, t: TFunction): CsvValue[] {
  return [
    percentForCsv(row.actualRtpPercent),
    percentForCsv(row.theoreticalRtpPercent),
    percentForCsv(rtpDifference(row)),
    row.deviationFlagged ? t('reports.rtp.yes') : t('reports.rtp.no'),
  ];
}
