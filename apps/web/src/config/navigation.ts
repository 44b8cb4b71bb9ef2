/** The sidebar menu: the spec's screens grouped by area. Labels are i18n keys; access matches the routes. */
import type { Access } from '@backoffice/contracts';
import { paths } from './paths';

export interface NavItem {
  label: string;
  to: string;
  access: Access;
}

export interface NavGroup {
  id: string;
  label: string;
  items: NavItem[];
}

export const navigation: NavGroup[] = [
  {
    id: 'casinos',
    label: 'nav.groups.casinos',
    items: [
      { label: 'nav.casinos', to: paths.casinos.list, access: 'viewGameConfigurations' },
      {
        label: 'nav.integrationOptions',
        to: paths.integrationOptions.list,
        access: 'viewGameConfigurations',
      },
    ],
  },
  {
    id: 'integrations',
    label: 'nav.groups.integrations',
    items: [
      { label: 'nav.integrations', to: paths.integrations.list, access: 'viewGameConfigurations' },
      { label: 'nav.integrationGames', to: paths.integrationGames.list, access: 'viewGameConfigurations' },
      { label: 'nav.bridges', to: paths.bridges.list, access: 'viewGameConfigurations' },
    ],
  },
  {
    id: 'games',
    label: 'nav.groups.games',
    items: [
      { label: 'nav.games', to: paths.games.list, access: 'viewGameConfigurations' },
      { label: 'nav.gameVersions', to: paths.gameVersions.list, access: 'viewGameConfigurations' },
      { label: 'nav.gameIntegrations', to: paths.games.integrations, access: 'viewGameConfigurations' },
      { label: 'nav.gameStudios', to: paths.gameStudios.list, access: 'viewGameConfigurations' },
      { label: 'nav.gameProviders', to: paths.gameProviders.list, access: 'viewGameConfigurations' },
    ],
  },
  {
    id: 'masterdata',
    label: 'nav.groups.masterdata',
    items: [
      { label: 'nav.configuration', to: paths.masterdata.configuration, access: 'viewGameConfigurations' },
      { label: 'nav.jurisdictions', to: paths.jurisdictions.list, access: 'viewGameConfigurations' },
      { label: 'nav.jobs', to: paths.masterdata.jobs, access: 'noRestrictions' },
    ],
  },
  {
    id: 'reporting',
    label: 'nav.groups.reporting',
    items: [
      { label: 'nav.reports', to: paths.reporting.reports, access: 'viewReports' },
      { label: 'nav.ggrReport', to: paths.reporting.ggr, access: 'viewReports' },
      { label: 'nav.casinoPerformance', to: paths.reporting.casinoPerformance, access: 'viewReports' },
      { label: 'nav.gamePerformance', to: paths.reporting.gamePerformance, access: 'viewReports' },
      {
        label: 'nav.integrationGamePerformance',
        to: paths.reporting.integrationGamePerformance,
        access: 'viewReports',
      },
      { label: 'nav.gameRounds', to: paths.reporting.gameRounds, access: 'viewGameRounds' },
      { label: 'nav.auditEntries', to: paths.reporting.auditEntries, access: 'viewReports' },
      { label: 'nav.significantEvents', to: paths.reporting.significantEvents, access: 'viewReports' },
    ],
  },
  {
    id: 'support',
    label: 'nav.groups.support',
    items: [
      { label: 'nav.lastGameRounds', to: paths.support.lastGameRounds, access: 'viewGameRounds' },
      { label: 'nav.player', to: paths.support.player, access: 'viewGameRounds' },
    ],
  },
  {
    id: 'cpv',
    label: 'nav.groups.cpv',
    items: [
      { label: 'nav.allowedHashes', to: paths.cpv.allowedHashes, access: 'adjustGameLaunchParameters' },
      { label: 'nav.cpvChecks', to: paths.cpv.checks, access: 'adjustGameLaunchParameters' },
    ],
  },
  {
    id: 'users',
    label: 'nav.groups.users',
    items: [
      { label: 'nav.users', to: paths.users.list, access: 'noRestrictions' },
      { label: 'nav.account', to: paths.users.account, access: 'authenticated' },
    ],
  },
];

/** The menu as a user sees it: only screens they may use, and no empty groups. */
export function navigationFor(can: (access: Access) => boolean): NavGroup[] {
  return navigation
    .map((group) => ({ ...group, items: group.items.filter((item) => can(item.access)) }))
    .filter((group) => group.items.length > 0);
}
