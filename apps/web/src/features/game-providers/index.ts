export { GameProviderCreatePage } from './pages/game-provider-create-page';
export { GameProviderDetailPage } from './pages/game-provider-detail-page';
export { GameProvidersListPage } from './pages/game-providers-list-page';
