/** The sidebar menu: the spec's screens grouped by area. Labels are i18n keys. */
import { paths } from './paths';

export interface NavItem {
  label: string;
  to: string;
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
      { label: 'nav.casinos', to: paths.casinos.list },
      { label: 'nav.integrationOptions', to: paths.integrationOptions.list },
    ],
  },
  {
    id: 'integrations',
    label: 'nav.groups.integrations',
    items: [
      { label: 'nav.integrations', to: paths.integrations.list },
      { label: 'nav.integrationGames', to: paths.integrationGames.list },
      { label: 'nav.bridges', to: paths.bridges.list },
    ],
  },
  {
    id: 'games',
    label: 'nav.groups.games',
    items: [
      { label: 'nav.games', to: paths.games.list },
      { label: 'nav.gameVersions', to: paths.gameVersions.list },
      { label: 'nav.gameIntegrations', to: paths.games.integrations },
      { label: 'nav.gameStudios', to: paths.gameStudios.list },
      { label: 'nav.gameProviders', to: paths.gameProviders.list },
    ],
  },
  {
    id: 'masterdata',
    label: 'nav.groups.masterdata',
    items: [
      { label: 'nav.configuration', to: paths.masterdata.configuration },
      { label: 'nav.jurisdictions', to: paths.jurisdictions.list },
    ],
  },
  {
    id: 'reporting',
    label: 'nav.groups.reporting',
    items: [
      { label: 'nav.reports', to: paths.reporting.reports },
      { label: 'nav.ggrReport', to: paths.reporting.ggr },
      { label: 'nav.casinoPerformance', to: paths.reporting.casinoPerformance },
      { label: 'nav.gamePerformance', to: paths.reporting.gamePerformance },
      { label: 'nav.integrationGamePerformance', to: paths.reporting.integrationGamePerformance },
      { label: 'nav.gameRounds', to: paths.reporting.gameRounds },
      { label: 'nav.auditEntries', to: paths.reporting.auditEntries },
      { label: 'nav.significantEvents', to: paths.reporting.significantEvents },
    ],
  },
  {
    id: 'support',
    label: 'nav.groups.support',
    items: [
      { label: 'nav.lastGameRounds', to: paths.support.lastGameRounds },
      { label: 'nav.player', to: paths.support.player },
    ],
  },
  {
    id: 'cpv',
    label: 'nav.groups.cpv',
    items: [
      { label: 'nav.allowedHashes', to: paths.cpv.allowedHashes },
      { label: 'nav.cpvChecks', to: paths.cpv.checks },
    ],
  },
  {
    id: 'users',
    label: 'nav.groups.users',
    items: [
      { label: 'nav.users', to: paths.users.list },
      { label: 'nav.account', to: paths.users.account },
    ],
  },
];
