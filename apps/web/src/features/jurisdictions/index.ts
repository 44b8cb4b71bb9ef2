export { JurisdictionCreatePage } from './pages/jurisdiction-create-page';
export { JurisdictionDetailPage } from './pages/jurisdiction-detail-page';
export { JurisdictionsListPage } from './pages/jurisdictions-list-page';
