/**
 * `/reporting/game-rounds`: a search over the raw game rounds (newest first), further pages by the
 * server's cursor ("Load more"); a row opens the round's details in a drawer. The search and the open
 * round live in the URL.
 */
import type { GameRoundSummary } from '@backoffice/contracts';
import { Button, Center, Drawer, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/page-header';
import { useLanguage } from '../../../lib/use-language';
import { useGameRoundSearch } from '../api/game-rounds-api';
import { useGameRoundParams } from '../api/game-rounds-params';
import { GameRoundDetailView, GameRoundStatusBadge } from '../components/game-rounds-detail';
import { GameRoundsSearchForm } from '../components/game-rounds-search-form';
import { formatMinorUnits } from '../../../lib/format';
import { formatInstant } from '../utils/game-rounds-format';

const keyOf = (round: GameRoundSummary) => `${round.casinoId}\u0000${round.roundId}`;

export function GameRoundsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { filters, open, search, openRound } = useGameRoundParams();
  const { data, error, isPending, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useGameRoundSearch(filters);
  const rounds = data?.pages.flatMap((page) => page.items);
  const money = (round: GameRoundSummary, minor: number) => formatMinorUnits(minor, round.currency, language);
  const field = (key: string) => t(`gameRounds.fields.${key}`);

  return (
    <>
      <PageHeader />
      <GameRoundsSearchForm filters={filters} onSearch={search} />
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      <Table.ScrollContainer minWidth={900}>
        <Table highlightOnHover striped verticalSpacing="xs" aria-label={t('gameRounds.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{field('startedAt')}</Table.Th>
              <Table.Th>{field('casinoId')}</Table.Th>
              <Table.Th>{field('roundId')}</Table.Th>
              <Table.Th>{field('playerId')}</Table.Th>
              <Table.Th>{field('gameId')}</Table.Th>
              <Table.Th>{field('status')}</Table.Th>
              <Table.Th ta="right">{field('debit')}</Table.Th>
              <Table.Th ta="right">{field('credit')}</Table.Th>
              <Table.Th ta="right">{field('totalWin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rounds?.map((round) => (
              <Table.Tr
                key={keyOf(round)}
                onClick={() => openRound({ casinoId: round.casinoId, roundId: round.roundId })}
                style={{ cursor: 'pointer' }}
                aria-selected={open?.casinoId === round.casinoId && open.roundId === round.roundId}
              >
                <Table.Td>{formatInstant(round.startedAt, language)}</Table.Td>
                <Table.Td>{round.casinoId}</Table.Td>
                <Table.Td>{round.roundId}</Table.Td>
                <Table.Td>{round.playerId}</Table.Td>
                <Table.Td>{round.gameId}</Table.Td>
                <Table.Td>
                  <GameRoundStatusBadge status={round.status} />
                </Table.Td>
                <Table.Td ta="right">{money(round, round.debit)}</Table.Td>
                <Table.Td ta="right">{money(round, round.credit)}</Table.Td>
                <Table.Td ta="right">{money(round, round.totalWin)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {isPending && (
        <Center py="lg">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      )}
      {rounds && rounds.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('gameRounds.noData')}
        </Text>
      )}
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="rounds-shown">
          {rounds ? t('gameRounds.shown', { count: rounds.length }) : ''}
        </Text>
        {hasNextPage && (
          <Button
            variant="default"
            loading={isFetchingNextPage}
            disabled={isFetching && !isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {t('gameRounds.loadMore')}
          </Button>
        )}
      </Group>
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
