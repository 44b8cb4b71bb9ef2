import type { CpvCheck } from '@backoffice/contracts';
import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * How far a check has come: done of total. Before the bridges have said what they run, the total is not
 * known yet and the bar moves without a figure.
 */
export function CheckProgress({ check }: { check: CpvCheck }) {
  const { t } = useTranslation();
  const known = check.total !== null;
  const percent = known ? (check.total === 0 ? 100 : Math.round((check.done / check.total!) * 100)) : 100;
  const running = check.state === 'queued' || check.state === 'running';
  const label = known
    ? t('cpvChecks.progress', { done: check.done, total: check.total })
    : t(check.state === 'queued' ? 'cpvChecks.waiting' : 'cpvChecks.counting');
  return (
    <Group gap="xs" wrap="nowrap" miw={160}>
      <Progress
        value={percent}
        striped={running}
        animated={running}
        color={check.state === 'failed' ? 'red' : check.counts.mismatch > 0 ? 'orange' : 'blue'}
        style={{ flex: 1 }}
        aria-label={label}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
    </Group>
  );
}
