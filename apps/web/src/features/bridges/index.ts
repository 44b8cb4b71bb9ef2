// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as BridgesListPage,
  PlannedPage as BridgeCreatePage,
  PlannedPage as BridgeDetailPage,
} from '../../components/planned-page';
