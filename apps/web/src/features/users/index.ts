export { AccountPage } from './pages/account-page';
export { UserCreatePage } from './pages/user-create-page';
export { UserDetailPage } from './pages/user-detail-page';
export { UsersListPage } from './pages/users-list-page';
