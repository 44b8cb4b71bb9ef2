/**
 * The route table of the spec (§2). Each area's screens load lazily as one chunk; a failed chunk load
 * reloads the page once. Handles carry the breadcrumbs.
 */
import type { Access } from '@backoffice/contracts';
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { loadWithReload } from '../lib/chunk-reload';
import type { RouteHandle } from '../lib/route-handle';
import { AppLayout } from './layout/app-layout';
import { SecondFactorGate } from './layout/second-factor-gate';
import { ErrorPage } from './pages/error-page';
import { NotFoundPage } from '../components/not-found-page';
import { loadAreaTexts, type AreaTexts } from '../i18n';

/** An area's chunk together with the texts its screens need beyond the first page's (i18n/index.ts). */
function withTexts<T>(area: Promise<T>, texts: AreaTexts): Promise<T> {
  return Promise.all([area, loadAreaTexts(texts)]).then(([loaded]) => loaded);
}

const areas = {
  home: () => import('../features/home'),
  auth: () => import('../features/auth'),
  bridges: () => import('../features/bridges'),
  // A casino's screen shows its integrations' pending delivery.
  casinos: () => withTexts(import('../features/casinos'), 'integrations'),
  integrationOptions: () => import('../features/integration-options'),
  cpv: () => withTexts(import('../features/cpv'), 'cpv'),
  gameProviders: () => import('../features/game-providers'),
  gameStudios: () => import('../features/game-studios'),
  games: () => import('../features/games'),
  gameVersions: () => withTexts(import('../features/game-versions'), 'gameVersions'),
  // The push and delivery texts come with the integrations' screens.
  integrations: () => withTexts(import('../features/integrations'), 'integrations'),
  jobs: () => withTexts(import('../features/jobs'), 'jobs'),
  masterdata: () => withTexts(import('../features/masterdata'), 'masterdata'),
  jurisdictions: () => import('../features/jurisdictions'),
  // The reports' texts (the audit trail's with them) come with their screens, not with the first page.
  reporting: () => withTexts(import('../features/reporting'), 'reports'),
  support: () => withTexts(import('../features/support'), 'support'),
  users: () => import('../features/users'),
};
type Areas = typeof areas;
type PageOf<A extends keyof Areas> = keyof Awaited<ReturnType<Areas[A]>> & string;

/** The plain loader behind each route's `lazy`: prefetching must not trigger the reload guard. */
const prefetchers = new WeakMap<object, () => Promise<unknown>>();

/** A screen: the named page component of an area's chunk. */
function page<A extends keyof Areas>(area: A, name: PageOf<A>): Pick<RouteObject, 'lazy'> {
  const load = areas[area] as () => Promise<Record<string, ComponentType>>;
  const lazy = async () => ({ Component: (await loadWithReload(load))[name] });
  prefetchers.set(lazy, load);
  return { lazy };
}

function crumb(key: string, access?: Access, linkable = true): { handle: RouteHandle } {
  return { handle: { crumb: key, linkable, ...(access ? { access } : {}) } };
}

/** A URL segment that only groups screens: its own path shows the not-found page. */
function group(key: string, children: RouteObject[]): RouteObject {
  return {
    ...crumb(key, undefined, false),
    children: [{ index: true, element: <NotFoundPage /> }, ...children],
  };
}

/** The list (index), create and detail screens of an area; creating needs the area's write access. */
function screens<A extends keyof Areas>(
  area: A,
  pages: { list: PageOf<A>; create?: PageOf<A>; detail?: PageOf<A> },
  write: Access,
  extra: RouteObject[] = [],
): RouteObject[] {
  return [
    { index: true, ...page(area, pages.list) },
    ...(pages.create
      ? [{ path: 'create', ...crumb('crumbs.create', write), ...page(area, pages.create) }]
      : []),
    ...(pages.detail ? [{ path: ':id', ...crumb('crumbs.details'), ...page(area, pages.detail) }] : []),
    ...extra,
  ];
}

const VIEW_CONFIG: Access = 'viewGameConfigurations';
const ADJUST_LAUNCH: Access = 'adjustGameLaunchParameters';
const ADJUST_BRIDGES: Access = 'adjustBridgeSettings';

function StartingUp(): null {
  return null;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <SecondFactorGate>
        <AppLayout />
      </SecondFactorGate>
    ),
    errorElement: <ErrorPage />,
    // The first screen's code is still on its way (one small chunk, prefetched on the menu's hover later):
    // nothing is drawn for that moment rather than a spinner's flash. Named, so React Router knows it is
    // meant (it warns on the console otherwise).
    HydrateFallback: StartingUp,
    children: [
      {
        // Errors of a screen render inside the shell, so the menu stays usable.
        errorElement: <ErrorPage />,
        children: [
          { index: true, ...page('home', 'HomePage') },
          { path: 'logout', ...crumb('screens.logout'), ...page('auth', 'LogoutPage') },
          {
            path: 'bridges',
            ...group('nav.groups.integrations', [
              {
                path: 'manage',
                ...crumb('nav.bridges', VIEW_CONFIG),
                children: screens(
                  'bridges',
                  {
                    list: 'BridgesListPage',
                    create: 'BridgeCreatePage',
                    detail: 'BridgeDetailPage',
                  },
                  ADJUST_BRIDGES,
                ),
              },
            ]),
          },
          {
            path: 'casinos',
            ...group('nav.groups.casinos', [
              {
                path: 'integration-options',
                ...crumb('nav.integrationOptions', VIEW_CONFIG),
                children: screens(
                  'integrationOptions',
                  {
                    list: 'IntegrationOptionsListPage',
                    create: 'IntegrationOptionCreatePage',
                    detail: 'IntegrationOptionDetailPage',
                  },
                  ADJUST_LAUNCH,
                ),
              },
              {
                path: 'manage',
                ...crumb('nav.casinos', VIEW_CONFIG),
                children: screens(
                  'casinos',
                  {
                    list: 'CasinosListPage',
                    create: 'CasinoCreatePage',
                    detail: 'CasinoDetailPage',
                  },
                  ADJUST_LAUNCH,
                ),
              },
            ]),
          },
          {
            path: 'cpv',
            ...group('nav.groups.cpv', [
              {
                // As the API: listed for admins and developers, added (and retired) by admins.
                path: 'allowed-hashes',
                ...crumb('nav.allowedHashes', ADJUST_LAUNCH),
                children: screens('cpv', { list: 'AllowedHashesPage' }, 'noRestrictions', [
                  {
                    path: 'add',
                    ...crumb('crumbs.add', 'noRestrictions'),
                    ...page('cpv', 'AllowedHashAddPage'),
                  },
                ]),
              },
              {
                // As the API: checks, their results and triggering one are for admins and developers.
                path: 'checks',
                ...crumb('nav.cpvChecks', ADJUST_LAUNCH),
                children: screens('cpv', { list: 'CpvChecksPage' }, ADJUST_LAUNCH, [
                  {
                    path: 'trigger',
                    ...crumb('crumbs.trigger', ADJUST_LAUNCH),
                    ...page('cpv', 'CpvCheckTriggerPage'),
                  },
                ]),
              },
            ]),
          },
          {
            path: 'game-providers',
            ...group('nav.groups.games', [
              {
                path: 'manage',
                ...crumb('nav.gameProviders', VIEW_CONFIG),
                children: screens(
                  'gameProviders',
                  {
                    list: 'GameProvidersListPage',
                    create: 'GameProviderCreatePage',
                    detail: 'GameProviderDetailPage',
                  },
                  ADJUST_LAUNCH,
                ),
              },
            ]),
          },
          {
            path: 'game-studios',
            ...group('nav.groups.games', [
              {
                path: 'manage',
                ...crumb('nav.gameStudios', VIEW_CONFIG),
                children: screens(
                  'gameStudios',
                  {
                    list: 'GameStudiosListPage',
                    create: 'GameStudioCreatePage',
                    detail: 'GameStudioDetailPage',
                  },
                  ADJUST_LAUNCH,
                ),
              },
            ]),
          },
          {
            path: 'games',
            ...group('nav.groups.games', [
              {
                path: 'integrations',
                ...crumb('nav.gameIntegrations', VIEW_CONFIG),
                ...page('games', 'GameIntegrationsPage'),
              },
              {
                path: 'manage',
                ...crumb('nav.games', VIEW_CONFIG),
                children: screens(
                  'games',
                  {
                    list: 'GamesListPage',
                    create: 'GameCreatePage',
                    detail: 'GameDetailPage',
                  },
                  ADJUST_LAUNCH,
                ),
              },
              {
                path: 'versions',
                ...crumb('nav.gameVersions', VIEW_CONFIG),
                children: screens(
                  'gameVersions',
                  {
                    list: 'GameVersionsListPage',
                    create: 'GameVersionCreatePage',
                    detail: 'GameVersionDetailPage',
                  },
                  ADJUST_LAUNCH,
                  [
                    {
                      path: ':id/copy',
                      ...crumb('crumbs.copy', ADJUST_LAUNCH),
                      ...page('gameVersions', 'GameVersionCopyPage'),
                    },
                  ],
                ),
              },
            ]),
          },
          {
            path: 'integrations',
            ...group('nav.groups.integrations', [
              {
                path: 'games',
                ...crumb('nav.integrationGames', VIEW_CONFIG),
                children: screens(
                  'integrations',
                  {
                    list: 'IntegrationGamesPage',
                    detail: 'IntegrationGamesDetailPage',
                  },
                  ADJUST_LAUNCH,
                ),
              },
              {
                path: 'manage',
                ...crumb('nav.integrations', VIEW_CONFIG),
                children: screens(
                  'integrations',
                  {
                    list: 'IntegrationsListPage',
                    create: 'IntegrationCreatePage',
                    detail: 'IntegrationDetailPage',
                  },
                  ADJUST_LAUNCH,
                  [
                    {
                      path: ':id/push',
                      ...crumb('crumbs.push', ADJUST_LAUNCH),
                      ...page('integrations', 'IntegrationPushPage'),
                    },
                  ],
                ),
              },
            ]),
          },
          {
            path: 'masterdata',
            ...group('nav.groups.masterdata', [
              {
                path: 'configuration',
                ...crumb('nav.configuration', VIEW_CONFIG),
                ...page('masterdata', 'ConfigurationPage'),
              },
              {
                // Not in the spec's route table (decision 025): the background jobs, for admins.
                path: 'jobs',
                ...crumb('nav.jobs', 'noRestrictions'),
                ...page('jobs', 'JobsPage'),
              },
              {
                path: 'jurisdictions',
                ...crumb('nav.jurisdictions', VIEW_CONFIG),
                children: screens(
                  'jurisdictions',
                  {
                    list: 'JurisdictionsListPage',
                    create: 'JurisdictionCreatePage',
                    detail: 'JurisdictionDetailPage',
                  },
                  ADJUST_LAUNCH,
                ),
              },
            ]),
          },
          {
            path: 'reporting',
            ...group('nav.groups.reporting', [
              {
                path: 'audit-entries',
                ...crumb('nav.auditEntries', 'viewReports'),
                ...page('reporting', 'AuditEntriesPage'),
              },
              {
                path: 'casino-performance-report',
                ...crumb('nav.casinoPerformance', 'viewReports'),
                ...page('reporting', 'CasinoPerformancePage'),
              },
              {
                path: 'game-performance-report',
                ...crumb('nav.gamePerformance', 'viewReports'),
                ...page('reporting', 'GamePerformancePage'),
              },
              {
                path: 'game-rounds',
                ...crumb('nav.gameRounds', 'viewGameRounds'),
                ...page('reporting', 'GameRoundsPage'),
              },
              {
                path: 'ggr-report',
                ...crumb('nav.ggrReport', 'viewReports'),
                ...page('reporting', 'GgrReportPage'),
              },
              {
                path: 'integration-game-performance-report',
                ...crumb('nav.integrationGamePerformance', 'viewReports'),
                ...page('reporting', 'IntegrationGamePerformancePage'),
              },
              {
                path: 'reports',
                ...crumb('nav.reports', 'viewReports'),
                ...page('reporting', 'ReportsPage'),
              },
              {
                path: 'significant-events',
                ...crumb('nav.significantEvents', 'viewReports'),
                children: screens(
                  'reporting',
                  {
                    list: 'SignificantEventsPage',
                    create: 'SignificantEventCreatePage',
                  },
                  'recordSignificantEvents',
                ),
              },
            ]),
          },
          {
            path: 'support',
            ...group('nav.groups.support', [
              {
                path: 'last-game-rounds',
                ...crumb('nav.lastGameRounds', 'viewGameRounds'),
                children: screens(
                  'support',
                  { list: 'LastGameRoundsPage', detail: 'LastGameRoundPage' },
                  'playerSupportActions',
                ),
              },
              {
                path: 'player',
                ...crumb('nav.player', 'viewGameRounds'),
                ...page('support', 'PlayerPage'),
              },
            ]),
          },
          {
            path: 'users',
            ...group('nav.groups.users', [
              { path: 'account', ...crumb('nav.account', 'authenticated'), ...page('users', 'AccountPage') },
              {
                path: 'manage',
                ...crumb('nav.users', 'noRestrictions'),
                children: screens(
                  'users',
                  {
                    list: 'UsersListPage',
                    create: 'UserCreatePage',
                    detail: 'UserDetailPage',
                  },
                  'noRestrictions',
                ),
              },
            ]),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Starts loading the code of the screen at `path` (hover and idle prefetch). */
export function prefetchPath(path: string): void {
  for (const match of matchRoutes(routes, path) ?? []) {
    const load = match.route.lazy && prefetchers.get(match.route.lazy);
    // A failed prefetch is harmless: navigating there later loads (and guards) it again.
    load?.().catch(() => {});
  }
}
