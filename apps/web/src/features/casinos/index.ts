// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as CasinosListPage,
  PlannedPage as CasinoCreatePage,
  PlannedPage as CasinoDetailPage,
} from '../../components/planned-page';
