export { LastGameRoundPage } from './pages/last-game-round-page';
export { LastGameRoundsPage } from './pages/last-game-rounds-page';
export { PlayerPage } from './pages/player-page';
