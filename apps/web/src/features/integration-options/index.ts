// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as IntegrationOptionsListPage,
  PlannedPage as IntegrationOptionCreatePage,
  PlannedPage as IntegrationOptionDetailPage,
} from '../../components/planned-page';
