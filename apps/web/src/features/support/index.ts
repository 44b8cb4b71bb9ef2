export { PlayerPage } from './pages/player-page';

// The screens of this area still to be built show their title and breadcrumbs.
export {
  PlannedPage as LastGameRoundsPage,
  PlannedPage as LastGameRoundPage,
} from '../../components/planned-page';
