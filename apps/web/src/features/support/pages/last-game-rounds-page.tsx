/**
 * `/support/last-game-rounds`: the newest rounds — at first the open ones, to find stuck rounds —
 * searched by casino, integration, game, player, status and age, further pages by the server's cursor;
 * each round opens in the round screen. Above, a round opens straight by its id.
 */
import { useTranslation } from 'react-i18next';
import { GameRoundResults } from '../../../components/game-round-table';
import { PageHeader } from '../../../components/page-header';
import { useGameRoundSearch } from '../../../lib/game-round-search';
import { useLastRoundsParams } from '../api/last-rounds-params';
import { roundLink } from '../api/round-links';
import { LastRoundsSearchForm } from '../components/last-rounds-search-form';
import { OpenRoundForm } from '../components/open-round-form';

export function LastGameRoundsPage() {
  const { t } = useTranslation();
  const { search, filters, apply } = useLastRoundsParams();
  const results = useGameRoundSearch(filters);
  return (
    <>
      <PageHeader />
      <OpenRoundForm />
      <LastRoundsSearchForm search={search} onSearch={apply} />
      <GameRoundResults search={results} label={t('support.lastRounds.tableLabel')} roundLink={roundLink} />
    </>
  );
}
