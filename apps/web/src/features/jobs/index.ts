export { JobsPage } from './pages/jobs-page';
