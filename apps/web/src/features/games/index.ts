export { GameCreatePage } from './pages/game-create-page';
export { GameDetailPage } from './pages/game-detail-page';
export { GamesListPage } from './pages/games-list-page';
// Integrations and casinos come with a later issue: the screen shows its title and breadcrumbs until then.
export { PlannedPage as GameIntegrationsPage } from '../../components/planned-page';
