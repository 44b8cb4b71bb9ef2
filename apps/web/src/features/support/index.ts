// The screens of this area show their title and breadcrumbs until the area is built.
export {
  PlannedPage as LastGameRoundsPage,
  PlannedPage as LastGameRoundPage,
  PlannedPage as PlayerPage,
} from '../../components/planned-page';
