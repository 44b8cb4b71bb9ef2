// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as GamesListPage,
  PlannedPage as GameCreatePage,
  PlannedPage as GameDetailPage,
  PlannedPage as GameIntegrationsPage,
} from '../../components/planned-page';
