/**
 * A feature's screens as the app mounts them, for its tests (features do not import the app's route
 * table): under their menu group's segment, each with its breadcrumb.
 */
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/route-handle';

export const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

export interface ScreenRoutes {
  /** The screen's segment below its group ("allowed-hashes") and its crumb's key. */
  path: string;
  crumb: string;
  /** What the screen shows at its own path. */
  index: ReactElement;
  /** The screens below it ("add", ":id"), each with its crumb's key. */
  pages?: { path: string; crumb: string; element: ReactElement }[];
}

/** The screen at `/group/path` with the screens below it; the group's crumb (`nav.groups.<group>`) links nowhere. */
export function groupRoutes(group: string, screen: ScreenRoutes): RouteObject[] {
  return [
    {
      path: `/${group}`,
      ...crumb(`nav.groups.${group}`, false),
      children: [
        {
          path: screen.path,
          ...crumb(screen.crumb),
          children: [
            { index: true, element: screen.index },
            ...(screen.pages ?? []).map((page) => ({
              path: page.path,
              ...crumb(page.crumb),
              element: page.element,
            })),
          ],
        },
      ],
    },
  ];
}
