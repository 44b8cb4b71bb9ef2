export { GameVersionCopyPage } from './pages/game-version-copy-page';
export { GameVersionCreatePage } from './pages/game-version-create-page';
export { GameVersionDetailPage } from './pages/game-version-detail-page';
export { GameVersionsListPage } from './pages/game-versions-list-page';
