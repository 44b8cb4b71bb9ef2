/**
 * The GGR of each day or month as bars (a loss below the line, in red). Loaded on its own when the GGR
 * report shows it: the charting library stays out of every other screen's code.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatEur } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';

export interface GgrChartPoint {
  /** The day or month as the language writes it. */
  label: string;
  /** EUR (not cents). */
  ggr: number;
}

/**
 * Mantine's text shades of the colours, darker on white and lighter on the dark background: the bars stand
 * out from the page (WCAG 1.4.11 asks 3:1) by far in both colour schemes.
 */
const GAIN = 'var(--mantine-color-indigo-text)';
const LOSS = 'var(--mantine-color-red-text)';

export function GgrChart({ points }: { points: GgrChartPoint[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <BarChart
      h={280}
      data={points}
      dataKey="label"
      series={[{ name: 'ggr', label: t('reports.fields.ggrEur'), color: GAIN }]}
      getBarColor={(value) => (value < 0 ? LOSS : GAIN)}
      valueFormatter={(value) => formatEur(value, language)}
      yAxisProps={{ width: 96 }}
      tickLine="y"
      // A figure named by its caption; the same figures are in the table below it.
      role="figure"
      aria-label={t('reports.ggr.chartLabel')}
    />
  );
}
