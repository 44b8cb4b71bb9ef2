/**
 * The games of a casino: a server-paged table with search and an active filter, adding a game (active
 * right away or not), and per game activating, deactivating or removing it behind the typed confirmation.
 */
import {
  assignedGameListQuerySchema,
  type AssignedGame,
  type AssignedGameListQuery,
} from '@backoffice/contracts';
import { Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { RecordLink } from '../../../components/record-link';
import { RecordSelect } from '../../../components/record-select';
import { SearchInput } from '../../../components/search-input';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import {
  useAssignCasinoGame,
  useCasinoGameActivation,
  useCasinoGames,
  useRemoveCasinoGame,
} from '../api/casinos-api';
import { gameOption, useGame, useGameSearch } from '../api/lookups';
import { ActiveBadge } from './active-badge';

type SortField = AssignedGameListQuery['sort'];
type GameAction = 'activate' | 'deactivate' | 'remove';

/** The state filter's value for "no filter". */
const ALL_STATES = 'all';

interface CasinoGamesProps {
  casinoId: string;
  canChange: boolean;
}

export function CasinoGames({ casinoId, canChange }: CasinoGamesProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query, setQueryState] = useState<AssignedGameListQuery>(() => assignedGameListQuerySchema.parse({}));
  const setQuery = useCallback(
    (patch: Partial<AssignedGameListQuery>) =>
      // Any change but the page itself starts again at page one.
      setQueryState((current) => ({ ...current, ...patch, page: patch.page ?? 1 })),
    [],
  );
  const { data, error, isPending, refetch } = useCasinoGames(casinoId, query);
  const activation = useCasinoGameActivation(casinoId);
  const removal = useRemoveCasinoGame(casinoId);
  const [pending, setPending] = useState<{ action: GameAction; game: AssignedGame } | null>(null);
  const actionError = activation.error ?? removal.error;

  function ask(action: GameAction, game: AssignedGame) {
    activation.reset();
    removal.reset();
    setPending({ action, game });
  }

  function run({ action, game }: { action: GameAction; game: AssignedGame }) {
    const done = {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: t(`casinos.games.done.${action}`, { game: game.gameId }),
        }),
      onSettled: () => setPending(null),
    };
    if (action === 'remove') removal.mutate(game.gameId, done);
    else activation.mutate({ gameId: game.gameId, active: action === 'activate' }, done);
  }

  const columns: Column<AssignedGame, SortField>[] = [
    {
      key: 'gameId',
      header: t('casinos.games.fields.gameId'),
      sortField: 'gameId',
      render: (row) => <RecordLink to={paths.games.detail(row.gameId)}>{row.gameId}</RecordLink>,
    },
    {
      key: 'gameName',
      header: t('casinos.games.fields.gameName'),
      sortField: 'gameName',
      render: (row) => row.gameName,
    },
    {
      key: 'active',
      header: t('casinos.fields.active'),
      sortField: 'active',
      render: (row) => <ActiveBadge active={row.active} />,
    },
    {
      key: 'assignedAt',
      header: t('casinos.games.fields.assignedAt'),
      sortField: 'assignedAt',
      render: (row) => formatDateTime(row.assignedAt, language),
    },
  ];
  if (canChange) {
    columns.push({
      key: 'actions',
      header: t('casinos.games.fields.actions'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            color={row.active ? 'orange' : 'green'}
            onClick={() => ask(row.active ? 'deactivate' : 'activate', row)}
          >
            {row.active ? t('casinos.deactivate') : t('casinos.activate')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => ask('remove', row)}>
            {t('casinos.games.remove')}
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Stack>
      {canChange && <AddGame casinoId={casinoId} />}
      <Group align="flex-end">
        <SearchInput
          label={t('common.search')}
          placeholder={t('casinos.games.searchPlaceholder')}
          value={query.q}
          onSearch={(q) => setQuery({ q })}
        />
        <Select
          aria-label={t('casinos.games.stateFilter')}
          data={[
            { value: ALL_STATES, label: t('casinos.allStates') },
            { value: 'true', label: t('casinos.status.active') },
            { value: 'false', label: t('casinos.status.inactive') },
          ]}
          value={query.active ?? ALL_STATES}
          onChange={(value) =>
            setQuery({ active: value === 'true' || value === 'false' ? value : undefined })
          }
          allowDeselect={false}
          w={180}
        />
      </Group>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      {actionError && <ErrorAlert error={actionError} onRetry={() => void refetch()} />}
      <div>
        <DataTable
          columns={columns}
          rows={data?.items}
          total={data?.total ?? 0}
          totalCapped={data?.totalCapped}
          query={query}
          onQueryChange={setQuery}
          rowKey={(row) => row.gameId}
          loading={isPending}
        />
      </div>
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending ? t(`casinos.games.confirm.${pending.action}.title`, { game: pending.game.gameId }) : ''
        }
        description={pending ? t(`casinos.games.confirm.${pending.action}.text`) : undefined}
        confirmText={pending?.game.gameId ?? ''}
        confirmLabel={
          pending?.action === 'remove'
            ? t('casinos.games.remove')
            : pending?.action === 'deactivate'
              ? t('casinos.deactivate')
              : t('casinos.activate')
        }
        danger={pending?.action !== 'activate'}
        busy={activation.isPending || removal.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && run(pending)}
      />
    </Stack>
  );
}

/** Adding a game: a searchable select over the catalogue and whether it starts active. */
function AddGame({ casinoId }: { casinoId: string }) {
  const { t } = useTranslation();
  const [gameId, setGameId] = useState<string | null>(null);
  const [active, setActive] = useState(false);
  const assign = useAssignCasinoGame(casinoId);
  const taken = assign.error instanceof ApiError && assign.error.code === 'CASINO_GAME_ALREADY_ASSIGNED';

  return (
    <Paper withBorder p="sm">
      <Group align="flex-start">
        <RecordSelect
          label={t('casinos.games.game')}
          placeholder={t('casinos.games.gamePlaceholder')}
          w={340}
          value={gameId}
          onChange={(next) => {
            setGameId(next);
            assign.reset();
          }}
          useSearch={useGameSearch}
          useRecord={useGame}
          toOption={gameOption}
          error={taken ? t('errors.CASINO_GAME_ALREADY_ASSIGNED') : undefined}
        />
        <Checkbox
          mt={32}
          label={t('casinos.games.activeRightAway')}
          checked={active}
          onChange={(event) => setActive(event.currentTarget.checked)}
        />
        <Button
          mt={25}
          disabled={gameId === null}
          loading={assign.isPending}
          onClick={() =>
            gameId !== null &&
            assign.mutate(
              { gameId, active },
              {
                onSuccess: () => {
                  notifications.show({
                    color: 'green',
                    message: t('casinos.games.done.add', { game: gameId }),
                  });
                  setGameId(null);
                  setActive(false);
                },
              },
            )
          }
        >
          {t('casinos.games.add')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('casinos.games.addHint')}
      </Text>
      {assign.error && !taken && <ErrorAlert error={assign.error} />}
    </Paper>
  );
}
