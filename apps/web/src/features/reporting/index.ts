export { CasinoPerformancePage } from './pages/casino-performance-page';
export { GamePerformancePage } from './pages/game-performance-page';
export { GgrReportPage } from './pages/ggr-report-page';
export { IntegrationGamePerformancePage } from './pages/integration-game-performance-page';
export { ReportsPage } from './pages/reports-page';

// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as AuditEntriesPage,
  PlannedPage as GameRoundsPage,
  PlannedPage as SignificantEventsPage,
  PlannedPage as SignificantEventCreatePage,
} from '../../components/planned-page';
