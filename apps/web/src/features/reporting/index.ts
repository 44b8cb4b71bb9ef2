export { CasinoPerformancePage } from './pages/casino-performance-page';
export { GamePerformancePage } from './pages/game-performance-page';
export { GgrReportPage } from './pages/ggr-report-page';
export { IntegrationGamePerformancePage } from './pages/integration-game-performance-page';
export { ReportsPage } from './pages/reports-page';

export { AuditEntriesPage } from './pages/audit-entries-page';
export { GameRoundsPage } from './pages/game-rounds-page';
export { SignificantEventCreatePage } from './pages/significant-events-create-page';
export { SignificantEventsPage } from './pages/significant-events-page';
