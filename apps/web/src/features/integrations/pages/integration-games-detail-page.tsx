/**
 * The games of one integration: a server-paged list (search and the active filter in the URL), adding a
 * game (inactive unless said otherwise), and per game switching it on or off or removing it, each behind
 * the typed game id.
 */
import {
  assignedGameListQuerySchema,
  integrationIdSchema,
  type AssignedGame,
  type assignedGameSortFields,
  type Integration,
} from '@backoffice/contracts';
import { Anchor, Button, Checkbox, Group, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { RecordLink } from '../../../components/record-link';
import { RecordSelect } from '../../../components/record-select';
import { SearchInput } from '../../../components/search-input';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import {
  integrationsApi,
  useAssignedGames,
  useAssignGame,
  useRemoveGame,
  useSetGameActive,
} from '../api/integrations-api';
import { gameOption, useGame, useGameSearch } from '../api/lookups';
import { ActiveBadge, ActiveFilter } from '../../../components/active-status';
import { Spinner } from '../../../components/list-state';

type SortField = (typeof assignedGameSortFields)[number];

export function IntegrationGamesDetailPage() {
  const { id = '' } = useParams();
  if (!integrationIdSchema.safeParse(id).success) return <NotFoundPage />;
  return <IntegrationGames id={id} />;
}

function IntegrationGames({ id }: { id: string }) {
  const { data: integration, error, isPending, refetch } = integrationsApi.useOne(id);

  if (isPending) return <Spinner />;
  if (error instanceof ApiError && error.code === 'INTEGRATION_NOT_FOUND') return <NotFoundPage />;
  if (!integration) {
    return (
      <>
        <PageHeader />
        <ErrorAlert error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  return <GamesScreen integration={integration} />;
}

/** What the user is about to do to a game, awaiting the typed confirmation. */
type Pending =
  | { kind: 'add'; gameId: string; active: boolean }
  | { kind: 'activation'; gameId: string; active: boolean }
  | { kind: 'remove'; gameId: string };

function GamesScreen({ integration }: { integration: Integration }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { id } = integration;
  const canChange = useCan()('adjustGameLaunchParameters');
  const [query, setQuery] = useListParams(assignedGameListQuerySchema);
  const { data, error, isPending, refetch } = useAssignedGames(id, query);
  const assign = useAssignGame(id);
  const setActive = useSetGameActive(id);
  const remove = useRemoveGame(id);
  const [gameId, setGameId] = useState<string | null>(null);
  const [activeRightAway, setActiveRightAway] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);

  const alreadyAssigned =
    assign.error instanceof ApiError && assign.error.code === 'INTEGRATION_GAME_ALREADY_ASSIGNED';

  function run(action: Pending) {
    const done = (message: string) => () => {
      notifications.show({ color: 'green', message });
      setPending(null);
    };
    const failed = (caught: unknown) => {
      setPending(null);
      setActionError(caught);
    };
    setActionError(null);
    if (action.kind === 'add') {
      assign.mutate(
        { gameId: action.gameId, active: action.active },
        {
          onSuccess: () => {
            setGameId(null);
            setActiveRightAway(false);
            done(t('integrations.games.added'))();
          },
          // Shown at the game select (already assigned) or above the list.
          onError: (caught) => {
            setPending(null);
            if (!(caught instanceof ApiError && caught.code === 'INTEGRATION_GAME_ALREADY_ASSIGNED')) {
              setActionError(caught);
            }
          },
        },
      );
    } else if (action.kind === 'activation') {
      setActive.mutate(
        { gameId: action.gameId, active: action.active },
        {
          onSuccess: done(
            action.active ? t('integrations.games.activated') : t('integrations.games.deactivated'),
          ),
          onError: failed,
        },
      );
    } else {
      remove.mutate(action.gameId, { onSuccess: done(t('integrations.games.removed')), onError: failed });
    }
  }

  const columns: Column<AssignedGame, SortField>[] = [
    {
      key: 'gameId',
      header: t('integrations.games.fields.gameId'),
      sortField: 'gameId',
      render: (row) => <RecordLink to={paths.games.detail(row.gameId)}>{row.gameId}</RecordLink>,
    },
    {
      key: 'gameName',
      header: t('integrations.games.fields.gameName'),
      sortField: 'gameName',
      render: (row) => row.gameName,
    },
    {
      key: 'active',
      header: t('integrations.fields.active'),
      sortField: 'active',
      render: (row) => <ActiveBadge active={row.active} />,
    },
    {
      key: 'assignedAt',
      header: t('integrations.games.fields.assignedAt'),
      sortField: 'assignedAt',
      render: (row) => formatDateTime(row.assignedAt, language),
    },
  ];
  if (canChange) {
    columns.push({
      key: 'actions',
      header: t('integrations.games.fields.actions'),
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            color={row.active ? 'orange' : 'green'}
            onClick={() => setPending({ kind: 'activation', gameId: row.gameId, active: !row.active })}
          >
            {row.active ? t('integrations.activation.deactivate') : t('integrations.activation.activate')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => setPending({ kind: 'remove', gameId: row.gameId })}
          >
            {t('integrations.games.remove')}
          </Button>
        </Group>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('integrations.games.title', { name: integration.name })}
        actions={
          <Anchor component={Link} to={paths.integrations.detail(id)}>
            {t('integrations.games.settingsLink')}
          </Anchor>
        }
      />
      {canChange && (
        <Paper withBorder p="md" mb="lg" maw={760}>
          <Title order={2} size="h4" mb="sm">
            {t('integrations.games.add')}
          </Title>
          <Group align="flex-start">
            <RecordSelect
              label={t('integrations.games.game')}
              placeholder={t('integrations.games.gamePlaceholder')}
              w={340}
              value={gameId}
              onChange={(next) => {
                setGameId(next);
                assign.reset();
              }}
              error={alreadyAssigned ? t('errors.INTEGRATION_GAME_ALREADY_ASSIGNED') : undefined}
              useSearch={useGameSearch}
              useRecord={useGame}
              toOption={gameOption}
            />
            <Checkbox
              mt={32}
              label={t('integrations.games.activeRightAway')}
              checked={activeRightAway}
              onChange={(event) => setActiveRightAway(event.currentTarget.checked)}
            />
            <Button
              mt={24}
              disabled={gameId === null}
              onClick={() => gameId && setPending({ kind: 'add', gameId, active: activeRightAway })}
            >
              {t('integrations.games.addButton')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            {t('integrations.games.addHint')}
          </Text>
        </Paper>
      )}
      <Group mb="md" align="flex-end">
        <SearchInput
          label={t('common.search')}
          placeholder={t('integrations.games.searchPlaceholder')}
          value={query.q}
          onSearch={(q) => setQuery({ q })}
        />
        <ActiveFilter value={query.active} onChange={(active) => setQuery({ active })} />
      </Group>
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      {actionError !== null && (
        <ErrorAlert
          error={actionError}
          onRetry={() => {
            setActionError(null);
            void refetch();
          }}
        />
      )}
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
      <GameConfirmDialog
        pending={pending}
        busy={assign.isPending || setActive.isPending || remove.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && run(pending)}
      />
    </>
  );
}

/** The typed confirmation (the game id) of adding, switching or removing a game, saying what it does. */
function GameConfirmDialog({
  pending,
  busy,
  onClose,
  onConfirm,
}: {
  pending: Pending | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const texts = (() => {
    if (!pending) return { title: '', description: '', label: '' };
    const game = { gameId: pending.gameId };
    switch (pending.kind) {
      case 'add':
        return {
          title: t('integrations.games.addTitle', game),
          description: pending.active
            ? t('integrations.games.addActiveText')
            : t('integrations.games.addInactiveText'),
          label: t('integrations.games.addButton'),
        };
      case 'activation':
        return pending.active
          ? {
              title: t('integrations.games.activateTitle', game),
              description: t('integrations.games.activateText'),
              label: t('integrations.activation.activate'),
            }
          : {
              title: t('integrations.games.deactivateTitle', game),
              description: t('integrations.games.deactivateText'),
              label: t('integrations.activation.deactivate'),
            };
      case 'remove':
        return {
          title: t('integrations.games.removeTitle', game),
          description: t('integrations.games.removeText'),
          label: t('integrations.games.remove'),
        };
    }
  })();
  return (
    <ConfirmDialog
      opened={pending !== null}
      title={texts.title}
      description={texts.description}
      confirmText={pending?.gameId ?? ''}
      confirmLabel={texts.label}
      danger={pending?.kind === 'remove' || (pending?.kind === 'activation' && !pending.active)}
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
