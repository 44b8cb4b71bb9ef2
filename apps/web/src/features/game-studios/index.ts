export { GameStudioCreatePage } from './pages/game-studio-create-page';
export { GameStudioDetailPage } from './pages/game-studio-detail-page';
export { GameStudiosListPage } from './pages/game-studios-list-page';
