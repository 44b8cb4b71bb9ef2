// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as IntegrationsListPage,
  PlannedPage as IntegrationCreatePage,
  PlannedPage as IntegrationDetailPage,
  PlannedPage as IntegrationPushPage,
  PlannedPage as IntegrationGamesPage,
  PlannedPage as IntegrationGamesDetailPage,
} from '../../components/planned-page';
