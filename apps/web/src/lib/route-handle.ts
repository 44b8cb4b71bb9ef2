/** What a route tells the layout about itself: its breadcrumb, whether that crumb links, who may open it. */
import type { Access } from '@backoffice/contracts';

export interface RouteHandle {
  /** i18n key of the breadcrumb and page title. */
  crumb?: string;
  /** False for grouping segments that have no page of their own (e.g. /masterdata). */
  linkable?: boolean;
  /** Who may open the screen; the deepest route that says so decides. */
  access?: Access;
}

export function isRouteHandle(value: unknown): value is RouteHandle & { crumb: string } {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).crumb === 'string';
}

/** The access the deepest route of a match declares. */
export function accessOfMatches(matches: { handle?: unknown }[]): Access | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const access = (matches[index]?.handle as RouteHandle | undefined)?.access;
    if (access) return access;
  }
  return undefined;
}
