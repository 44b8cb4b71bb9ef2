export { IntegrationOptionCreatePage } from './pages/integration-option-create-page';
export { IntegrationOptionDetailPage } from './pages/integration-option-detail-page';
export { IntegrationOptionsListPage } from './pages/integration-options-list-page';
