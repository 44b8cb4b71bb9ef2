/**
 * Open alerts above every screen, for admins and developers. The banner itself only asks for the open
 * alerts; what shows them (and the acknowledging dialog) loads when there is one, so that the first page
 * of every user does not carry it.
 */
import { lazy, Suspense } from 'react';
import { useCan } from '../../../lib/session';
import { useOpenAlerts } from '../api/alerts-api';

/** Who sees alerts: the permission exactly admins and developers hold (the server's, too). */
export const ALERTS_ACCESS = 'adjustGameLaunchParameters' as const;

const AlertList = lazy(() => import('./alert-list'));

export function AlertBanner() {
  const allowed = useCan()(ALERTS_ACCESS);
  const { data } = useOpenAlerts(allowed);
  if (!allowed || !data || data.items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <AlertList data={data} />
    </Suspense>
  );
}
