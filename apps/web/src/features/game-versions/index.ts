// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as GameVersionsListPage,
  PlannedPage as GameVersionCreatePage,
  PlannedPage as GameVersionDetailPage,
  PlannedPage as GameVersionCopyPage,
} from '../../components/planned-page';
