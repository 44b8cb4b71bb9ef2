/** The latest checks with their state, progress and result counts; choosing one shows its results. */
import type { CpvCheck } from '@backoffice/contracts';
import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OpenableRow } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { CheckProgress } from './check-progress';
import { CpvCheckStateBadge } from './cpv-result-badge';

export function CpvCounts({ check }: { check: CpvCheck }) {
  const { t } = useTranslation();
  const { pass, mismatch, unknownComponent, unreachable } = check.counts;
  const counts = [
    { key: 'pass', count: pass, color: 'green' },
    { key: 'mismatch', count: mismatch, color: 'red.9' },
    { key: 'unknown-component', count: unknownComponent, color: 'yellow' },
    { key: 'unreachable', count: unreachable, color: 'gray' },
  ].filter((entry) => entry.count > 0);
  if (counts.length === 0) return null;
  return (
    <Group gap={4}>
      {counts.map((entry) => (
        <Badge key={entry.key} color={entry.color} variant={entry.key === 'mismatch' ? 'filled' : 'light'}>
          {t(`cpvChecks.counts.${entry.key}`, { count: entry.count })}
        </Badge>
      ))}
    </Group>
  );
}

export function CpvChecksTable({
  checks,
  selected,
  onSelect,
}: {
  checks: CpvCheck[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const field = (key: string) => t(`cpvChecks.checkFields.${key}`);
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table highlightOnHover verticalSpacing="xs" aria-label={t('cpvChecks.checksTitle')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{field('createdAt')}</Table.Th>
            <Table.Th>{field('triggeredBy')}</Table.Th>
            <Table.Th>{field('components')}</Table.Th>
            <Table.Th>{field('state')}</Table.Th>
            <Table.Th>{field('progress')}</Table.Th>
            <Table.Th>{field('counts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checks.map((check) => (
            <OpenableRow key={check.id} onOpen={() => onSelect(check.id)} selected={selected === check.id}>
              <Table.Td>{formatDateTime(check.createdAt, language)}</Table.Td>
              <Table.Td>{check.triggeredBy ?? t('cpvChecks.triggers.schedule')}</Table.Td>
              <Table.Td>
                {check.components === null ? (
                  t('cpvChecks.allComponents')
                ) : (
                  <Text size="sm" title={check.components.join(', ')}>
                    {t('cpvChecks.chosenComponents', { count: check.components.length })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <CpvCheckStateBadge state={check.state} />
                {check.error && (
                  <Text size="xs" c="red">
                    {check.error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <CheckProgress check={check} />
              </Table.Td>
              <Table.Td>
                <CpvCounts check={check} />
              </Table.Td>
            </OpenableRow>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
