export { AllowedHashAddPage } from './pages/allowed-hash-add-page';
export { AllowedHashesPage } from './pages/allowed-hashes-list-page';
export { CpvCheckTriggerPage } from './pages/cpv-check-trigger-page';
export { CpvChecksPage } from './pages/cpv-checks-page';
