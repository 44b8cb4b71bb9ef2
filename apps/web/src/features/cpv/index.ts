export { AllowedHashAddPage } from './pages/allowed-hash-add-page';
export { AllowedHashesPage } from './pages/allowed-hashes-list-page';
// The screens of CPV checks show their title and breadcrumbs until they are built.
export {
  PlannedPage as CpvChecksPage,
  PlannedPage as CpvCheckTriggerPage,
} from '../../components/planned-page';
