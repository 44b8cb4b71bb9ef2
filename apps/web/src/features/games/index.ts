export { GameCreatePage } from './pages/game-create-page';
export { GameDetailPage } from './pages/game-detail-page';
export { GamesListPage } from './pages/games-list-page';
export { GameIntegrationsPage } from './pages/game-integrations-page';
