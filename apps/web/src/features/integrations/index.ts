export { IntegrationCreatePage } from './pages/integration-create-page';
export { IntegrationDetailPage } from './pages/integration-detail-page';
export { IntegrationGamesDetailPage } from './pages/integration-games-detail-page';
export { IntegrationGamesPage } from './pages/integration-games-page';
export { IntegrationPushPage } from './pages/integration-push-page';
export { IntegrationsListPage } from './pages/integrations-list-page';
