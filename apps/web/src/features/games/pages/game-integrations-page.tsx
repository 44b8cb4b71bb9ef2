/** `/games/integrations`: where each game is offered — its casinos and integrations, active or not. */
import { gameAssignmentsListQuerySchema } from '@backoffice/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list-screen';
import { RecordLink } from '../../../components/record-link';
import { paths } from '../../../config/paths';
import { useGameAssignments } from '../api/game-assignments-api';

function Places({
  places,
  to,
}: {
  places: { id: string; name: string; active: boolean }[];
  to: (id: string) => string;
}) {
  const { t } = useTranslation();
  if (places.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={6}>
      {places.map((place) => (
        <Badge
          key={place.id}
          variant="light"
          color={place.active ? 'green' : 'gray'}
          title={place.active ? t('games.assignments.active') : t('games.assignments.inactive')}
          style={{ textTransform: 'none' }}
        >
          <RecordLink to={to(place.id)} inherit>
            {place.name}
          </RecordLink>{' '}
          · {place.active ? t('games.assignments.active') : t('games.assignments.inactive')}
        </Badge>
      ))}
    </Group>
  );
}

export function GameIntegrationsPage() {
  const { t } = useTranslation();
  return (
    <ListScreen
      schema={gameAssignmentsListQuerySchema}
      useList={useGameAssignments}
      rowKey={(row) => row.gameId}
      detailPath={(row) => paths.games.detail(row.gameId)}
      searchPlaceholder={t('games.searchPlaceholder')}
      columns={[
        {
          key: 'gameId',
          header: t('games.fields.gameId'),
          sortField: 'gameId',
          render: (row) => <RecordLink to={paths.games.detail(row.gameId)}>{row.gameId}</RecordLink>,
        },
        { key: 'name', header: t('games.fields.name'), sortField: 'name', render: (row) => row.name },
        {
          key: 'casinos',
          header: t('games.assignments.casinos'),
          render: (row) => <Places places={row.casinos} to={(id) => paths.casinos.detail(id)} />,
        },
        {
          key: 'integrations',
          header: t('games.assignments.integrations'),
          render: (row) => (
            <Places places={row.integrations} to={(id) => paths.integrationGames.detail(id)} />
          ),
        },
      ]}
    />
  );
}
