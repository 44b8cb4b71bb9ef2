// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as AllowedHashesPage,
  PlannedPage as AllowedHashAddPage,
  PlannedPage as CpvChecksPage,
  PlannedPage as CpvCheckTriggerPage,
} from '../../components/planned-page';
