/** What a route tells the layout about itself: its breadcrumb label, and whether that crumb is a link. */
export interface RouteHandle {
  /** i18n key of the breadcrumb and page title. */
  crumb: string;
  /** False for grouping segments that have no page of their own (e.g. /masterdata). */
  linkable?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).crumb === 'string';
}
