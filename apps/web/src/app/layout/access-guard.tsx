import { Outlet, useMatches } from 'react-router';
import { NoPermissionPage } from '../../components/no-permission-page';
import { accessOfMatches } from '../../lib/route-handle';
import { useCan } from '../../lib/session';

/** Renders the screen only when the signed-in user's role may use it; otherwise "No permission." */
export function AccessGuard() {
  const can = useCan();
  const access = accessOfMatches(useMatches());
  return can(access) ? <Outlet /> : <NoPermissionPage />;
}
