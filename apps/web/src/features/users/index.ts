// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as UsersListPage,
  PlannedPage as UserCreatePage,
  PlannedPage as UserDetailPage,
  PlannedPage as AccountPage,
  PlannedPage as LogoutPage,
} from '../../components/planned-page';
