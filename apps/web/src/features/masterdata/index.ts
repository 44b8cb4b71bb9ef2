// The screens of this area show their title and breadcrumbs until the area is built.
export { PlannedPage as ConfigurationPage } from '../../components/planned-page';
