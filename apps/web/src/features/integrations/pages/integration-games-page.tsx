import { paths } from '../../../config/paths';
import { IntegrationsList } from '../components/integrations-list';

/** The integrations, each leading to its games. */
export function IntegrationGamesPage() {
  return <IntegrationsList linkTo={paths.integrationGames.detail} />;
}
