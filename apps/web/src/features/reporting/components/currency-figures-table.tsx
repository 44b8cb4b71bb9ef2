/** The figures of a group in each original currency, before any conversion to EUR. */
import type { CurrencyFigures } from '@backoffice/contracts';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import { count, money, percent } from '../utils/figures';

export function holdOf(figures: Pick<CurrencyFigures, 'turnover' | 'ggr'>): number | null {
  return figures.turnover === 0 ? null : (figures.ggr / figures.turnover) * 100;
}

export function CurrencyFiguresTable({ figures, label }: { figures: CurrencyFigures[]; label: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={label} maw={860}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reports.fields.currency')}</Table.Th>
          <Table.Th ta="right">{t('reports.fields.rounds')}</Table.Th>
          <Table.Th ta="right">{t('reports.fields.turnover')}</Table.Th>
          <Table.Th ta="right">{t('reports.fields.wins')}</Table.Th>
          <Table.Th ta="right">{t('reports.fields.ggr')}</Table.Th>
          <Table.Th ta="right">{t('reports.fields.hold')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figures.map((row) => (
          <Table.Tr key={row.currency}>
            <Table.Td>{row.currency}</Table.Td>
            <Table.Td ta="right">{count(row.rounds, language)}</Table.Td>
            <Table.Td ta="right">{money(row.turnover, row.currency, language)}</Table.Td>
            <Table.Td ta="right">{money(row.wins, row.currency, language)}</Table.Td>
            <Table.Td ta="right">{money(row.ggr, row.currency, language)}</Table.Td>
            <Table.Td ta="right">{percent(holdOf(row), language)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
