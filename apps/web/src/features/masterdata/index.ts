export { ConfigurationPage } from './pages/configuration-page';
