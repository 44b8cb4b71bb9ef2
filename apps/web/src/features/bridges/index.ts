export { BridgeCreatePage } from './pages/bridge-create-page';
export { BridgeDetailPage } from './pages/bridge-detail-page';
export { BridgesListPage } from './pages/bridges-list-page';
