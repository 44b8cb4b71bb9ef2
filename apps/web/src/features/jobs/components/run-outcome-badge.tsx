import type { JobRunOutcome } from '@backoffice/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const outcomeColor: Record<JobRunOutcome, string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  interrupted: 'orange',
};

/** A run's outcome as a word; the colour only repeats it. */
export function RunOutcomeBadge({ outcome }: { outcome: JobRunOutcome }) {
  const { t } = useTranslation();
  return (
    // A failed run in white on the darkest red (5.3:1).
    <Badge
      color={outcome === 'failed' ? 'red.9' : outcomeColor[outcome]}
      variant={outcome === 'failed' ? 'filled' : 'light'}
    >
      {t(`jobs.outcomes.${outcome}`)}
    </Badge>
  );
}
