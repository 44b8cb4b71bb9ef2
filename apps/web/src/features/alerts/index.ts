// Alerts for admins and developers, shown by the app's layout above every screen.
export { AlertBanner } from './components/alert-banner';
