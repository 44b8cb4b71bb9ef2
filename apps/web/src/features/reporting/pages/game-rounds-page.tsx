/**
 * `/reporting/game-rounds`: a search over the raw game rounds (newest first), further pages by the
 * server's cursor ("Load more"); a row opens the round's details in a drawer. The search and the open
 * round live in the URL.
 */
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GameRoundResults } from '../../../components/game-round-table';
import { PageHeader } from '../../../components/page-header';
import { useGameRoundSearch } from '../../../lib/game-round-search';
import { useGameRoundParams } from '../api/game-rounds-params';
import { GameRoundDetailView } from '../components/game-rounds-detail';
import { GameRoundsSearchForm } from '../components/game-rounds-search-form';

export function GameRoundsPage() {
  const { t } = useTranslation();
  const { filters, open, search, openRound } = useGameRoundParams();
  const results = useGameRoundSearch(filters);

  return (
    <>
      <PageHeader />
      <GameRoundsSearchForm filters={filters} onSearch={search} />
      <GameRoundResults
        search={results}
        label={t('gameRounds.tableLabel')}
        onOpen={(round) => openRound({ casinoId: round.casinoId, roundId: round.roundId })}
        isOpen={(round) => open?.casinoId === round.casinoId && open.roundId === round.roundId}
      />
      <Drawer
        opened={open !== null}
        onClose={() => openRound(null)}
        position="right"
        size="xl"
        closeButtonProps={{ 'aria-label': t('gameRounds.detail.close') }}
        title={open ? t('gameRounds.detail.title', { roundId: open.roundId, casinoId: open.casinoId }) : ''}
      >
        {open && <GameRoundDetailView key={`${open.casinoId}/${open.roundId}`} {...open} />}
      </Drawer>
    </>
  );
}
