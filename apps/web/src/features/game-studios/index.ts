// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as GameStudiosListPage,
  PlannedPage as GameStudioCreatePage,
  PlannedPage as GameStudioDetailPage,
} from '../../components/planned-page';
