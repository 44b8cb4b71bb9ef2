// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as AuditEntriesPage,
  PlannedPage as CasinoPerformancePage,
  PlannedPage as GamePerformancePage,
  PlannedPage as GameRoundsPage,
  PlannedPage as GgrReportPage,
  PlannedPage as IntegrationGamePerformancePage,
  PlannedPage as ReportsPage,
  PlannedPage as SignificantEventsPage,
  PlannedPage as SignificantEventCreatePage,
} from '../../components/planned-page';
