export { LogoutPage } from './pages/logout-page';
