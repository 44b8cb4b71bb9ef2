/**
 * The navigation progress bar (spec §4): appears only when a navigation takes longer than 200 ms, then
 * fills over about 5 seconds, and completes when the navigation ends. It is named for screen readers and
 * sits in the header's landmark (its place on screen is fixed, whatever its place in the page).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import './navigation-progress.css';

export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_FILL_MS = 5_000;
const FINISH_MS = 400;

type ProgressState = 'idle' | 'running' | 'finishing';

export function useDelayedProgress(active: boolean): ProgressState {
  // Whether the bar is on screen; it follows `active` with a delay in both directions.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(active), active ? PROGRESS_DELAY_MS : FINISH_MS);
    return () => window.clearTimeout(timer);
  }, [active]);
  if (!shown) return 'idle';
  return active ? 'running' : 'finishing';
}

export function ProgressBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const state = useDelayedProgress(active);
  if (state === 'idle') return null;
  return (
    <div
      className="navigation-progress"
      data-state={state}
      data-testid="navigation-progress"
      role="progressbar"
      aria-label={t('app.loadingPage')}
      aria-busy={state === 'running'}
      style={{ ['--fill-duration' as string]: `${PROGRESS_FILL_MS}ms` }}
    />
  );
}

export function NavigationProgress() {
  const navigation = useNavigation();
  return <ProgressBar active={navigation.state !== 'idle'} />;
}
