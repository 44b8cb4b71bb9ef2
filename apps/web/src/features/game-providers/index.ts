// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as GameProvidersListPage,
  PlannedPage as GameProviderCreatePage,
  PlannedPage as GameProviderDetailPage,
} from '../../components/planned-page';
