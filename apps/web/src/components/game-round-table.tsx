/**
 * Game rounds as a table — the one table of reporting's game-round search, support's last rounds and round
 * look-up, and a player's newest rounds —, the status badge that marks unsettled rounds, and the paged
 * results of a search ("Load more" by the server's cursor).
 */
import { roundStatuses, type GameRoundSummary, type RoundStatus } from '@backoffice/contracts';
import { Anchor, Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInstant, formatMinorUnits } from '../lib/format';
import type { GameRoundSearchResult } from '../lib/game-round-search';
import { useLanguage } from '../lib/use-language';
import { OpenableRow } from './data-table';
import { PagedResults } from './paged-results';
import { TableScroll } from './table-scroll';

/** Rounds that wait for someone: support closes them. */
export function isUnsettled(status: RoundStatus): boolean {
  return status === 'open' || status === 'autoCloseFailed';
}

/** The status in the user's language; an unsettled round stands out (filled orange, black text: 7.6:1). */
export function GameRoundStatusBadge({ status }: { status: RoundStatus }) {
  const { t } = useTranslation();
  const unsettled = isUnsettled(status);
  const color = unsettled ? 'orange' : status === 'completed' ? 'green' : 'gray';
  return (
    <Badge color={color} variant={unsettled ? 'filled' : 'light'} c={unsettled ? 'black' : undefined}>
      {t(`gameRounds.status.${status}`)}
    </Badge>
  );
}

/** The statuses to choose from, in the user's language. */
export function useRoundStatusOptions() {
  const { t } = useTranslation();
  return roundStatuses.map((status) => ({ value: status, label: t(`gameRounds.status.${status}`) }));
}

export const allRoundColumns = [
  'startedAt',
  'casinoId',
  'roundId',
  'playerId',
  'gameId',
  'status',
  'debit',
  'credit',
  'totalWin',
] as const;
export type RoundColumn = (typeof allRoundColumns)[number];

const MONEY: readonly RoundColumn[] = ['debit', 'credit', 'totalWin'];

export interface GameRoundTableProps {
  rounds: GameRoundSummary[] | undefined;
  /** The table's accessible name. */
  label: string;
  columns?: readonly RoundColumn[];
  /** Where a round's id links to; without it the id is plain text. */
  roundLink?: ((round: GameRoundSummary) => string) | undefined;
  /** Opens a round by clicking its row. */
  onOpen?: ((round: GameRoundSummary) => void) | undefined;
  isOpen?: ((round: GameRoundSummary) => boolean) | undefined;
}

const keyOf = (round: GameRoundSummary) => `${round.casinoId}\u0000${round.roundId}`;

function RoundCell({
  round,
  column,
  roundLink,
}: {
  round: GameRoundSummary;
  column: RoundColumn;
  roundLink: GameRoundTableProps['roundLink'];
}) {
  const language = useLanguage();
  switch (column) {
    case 'startedAt':
      return formatInstant(round.startedAt, language);
    case 'status':
      return <GameRoundStatusBadge status={round.status} />;
    case 'debit':
    case 'credit':
    case 'totalWin':
      return formatMinorUnits(round[column], round.currency, language);
    case 'roundId':
      return roundLink ? (
        <Anchor component={Link} to={roundLink(round)} onClick={(event) => event.stopPropagation()}>
          {round.roundId}
        </Anchor>
      ) : (
        round.roundId
      );
    default:
      return round[column];
  }
}

export function GameRoundTable(props: GameRoundTableProps) {
  const { rounds, label, columns = allRoundColumns, roundLink, onOpen, isOpen } = props;
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={columns.length > 7 ? 900 : 700}>
      <Table highlightOnHover={!!onOpen} striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} ta={MONEY.includes(column) ? 'right' : undefined}>
                {t(`gameRounds.fields.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rounds?.map((round) => (
            <OpenableRow
              key={keyOf(round)}
              onOpen={onOpen && (() => onOpen(round))}
              selected={isOpen?.(round)}
            >
              {columns.map((column) => (
                <Table.Td key={column} ta={MONEY.includes(column) ? 'right' : undefined}>
                  <RoundCell round={round} column={column} roundLink={roundLink} />
                </Table.Td>
              ))}
            </OpenableRow>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** A search's rounds page by page: the table, "No data found.", how many are shown and "Load more". */
export function GameRoundResults({
  search,
  ...table
}: Omit<GameRoundTableProps, 'rounds'> & { search: GameRoundSearchResult }) {
  const { t } = useTranslation();
  return (
    <PagedResults
      query={search}
      emptyText={t('gameRounds.noData')}
      shownText={(count) => t('gameRounds.shown', { count })}
      shownTestId="rounds-shown"
      moreText={t('gameRounds.loadMore')}
    >
      {(rounds) => <GameRoundTable rounds={rounds} {...table} />}
    </PagedResults>
  );
}
