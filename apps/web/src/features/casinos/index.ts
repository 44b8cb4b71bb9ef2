export { CasinoCreatePage } from './pages/casino-create-page';
export { CasinoDetailPage } from './pages/casino-detail-page';
export { CasinosListPage } from './pages/casinos-list-page';
