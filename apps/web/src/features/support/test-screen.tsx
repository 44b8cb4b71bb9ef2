/** The support area's screens under their routes, for the tests of this folder. */
import type { Language, Role } from '@backoffice/contracts';
import type { ComponentType } from 'react';
import type { RouteHandle } from '../../lib/route-handle';
import type { FakeSupportApi } from '../../test/fake-support-api';
import { renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { LastGameRoundPage, LastGameRoundsPage, PlayerPage } from './index';

/** Path below /support, breadcrumb, screen. */
const screens: [string, string, ComponentType][] = [
  ['player', 'nav.player', PlayerPage],
  ['last-game-rounds', 'nav.lastGameRounds', LastGameRoundsPage],
  ['last-game-rounds/:id', 'crumbs.details', LastGameRoundPage],
];
const group: RouteHandle = { crumb: 'nav.groups.support', linkable: false };
const routes = [
  {
    path: '/support',
    handle: group,
    children: screens.map(([path, crumb, Screen]) => ({
      path,
      handle: { crumb, linkable: true } satisfies RouteHandle,
      element: <Screen />,
    })),
  },
];

/** Installs the fake API and opens the screen at `url` (in English, as an admin, unless told otherwise). */
export function openSupportScreen(
  api: FakeSupportApi,
  url: string,
  as: { language?: Language; role?: Role } = {},
) {
  api.install();
  const session = testSession(as.role ?? 'admin');
  return renderRoutes(routes, { initialEntries: [url], language: as.language ?? 'en', session });
}
