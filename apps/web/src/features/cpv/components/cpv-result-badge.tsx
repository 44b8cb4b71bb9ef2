import type { CpvCheckState, CpvResult } from '@backoffice/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const resultColor: Record<CpvResult, string> = {
  pass: 'green',
  // Filled: white on the darkest red (5.3:1, WCAG AA).
  mismatch: 'red.9',
  'unknown-component': 'yellow',
  unreachable: 'gray',
};

/** A result as a word; the colour only repeats it. */
export function CpvResultBadge({ result }: { result: CpvResult }) {
  const { t } = useTranslation();
  return (
    <Badge color={resultColor[result]} variant={result === 'mismatch' ? 'filled' : 'light'}>
      {t(`cpvChecks.results.${result}`)}
    </Badge>
  );
}

const stateColor: Record<CpvCheckState, string> = {
  queued: 'gray',
  running: 'blue',
  finished: 'green',
  failed: 'red',
};

export function CpvCheckStateBadge({ state }: { state: CpvCheckState }) {
  const { t } = useTranslation();
  return (
    <Badge color={stateColor[state]} variant="light">
      {t(`cpvChecks.states.${state}`)}
    </Badge>
  );
}
