/**
 * `/support/player`: finds players in the reader's scope and opens one of them with their fields, newest
 * rounds and savegames. The search and the open player live in the URL.
 */
import type { SupportPlayer } from '@backoffice/contracts';
import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/page-header';
import { searchQueryOf, usePlayerParams } from '../api/player-params';
import { usePlayerSearch } from '../api/players-api';
import { PlayerDetailView } from '../components/player-detail';
import { PlayerSearchForm } from '../components/player-search-form';
import { Loading } from '../../../components/list-state';

const keyOf = (player: SupportPlayer) => `${player.casinoId}\u0000${player.playerId}`;

export function PlayerPage() {
  const { t } = useTranslation();
  const { values, open, search, openPlayer } = usePlayerParams();
  const query = searchQueryOf(values);
  const { data, error, isFetching, refetch } = usePlayerSearch(query);
  const field = (key: string) => t(`support.fields.${key}`);
  const hidden = (
    <Text span c="dimmed" fs="italic" size="sm">
      {t('support.player.hidden')}
    </Text>
  );
  const personal = (player: SupportPlayer, value: string | null) =>
    player.personalData ? (value ?? '') : hidden;
  const nameOf = (player: SupportPlayer) =>
    [player.firstName, player.lastName].filter((part) => part !== null).join(' ');

  return (
    <>
      <PageHeader />
      <PlayerSearchForm values={values} onSearch={search} />
      {error && <ErrorAlert error={error} onRetry={() => void refetch()} />}
      {query === null && (
        <Text c="dimmed" ta="center" py="lg">
          {t('support.search.hint')}
        </Text>
      )}
      {query !== null && (
        <Table.ScrollContainer minWidth={700}>
          <Table highlightOnHover striped verticalSpacing="xs" aria-label={t('support.results.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{field('casinoId')}</Table.Th>
                <Table.Th>{field('playerId')}</Table.Th>
                <Table.Th>{field('nickName')}</Table.Th>
                <Table.Th>{t('support.results.name')}</Table.Th>
                <Table.Th>{field('email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.items.map((player) => {
                const who = { casinoId: player.casinoId, playerId: player.playerId };
                return (
                  <Table.Tr
                    key={keyOf(player)}
                    onClick={() => openPlayer(who)}
                    style={{ cursor: 'pointer' }}
                    aria-selected={open?.casinoId === player.casinoId && open.playerId === player.playerId}
                  >
                    <Table.Td>{player.casinoId}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        onClick={(event) => {
                          event.stopPropagation();
                          openPlayer(who);
                        }}
                      >
                        {player.playerId}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{player.nickName ?? ''}</Table.Td>
                    <Table.Td>{personal(player, nameOf(player))}</Table.Td>
                    <Table.Td>{personal(player, player.email)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {query !== null && isFetching && !data && <Loading />}
      {data && data.items.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('support.noData')}
        </Text>
      )}
      {data?.more && (
        <Text size="sm" c="dimmed" mt="sm" data-testid="more-players">
          {t('support.results.more', { count: data.items.length })}
        </Text>
      )}
      {open && (
        <Paper withBorder p="md" mt="lg" component="section" aria-label={t('support.player.title', open)}>
          <Title order={2} size="h3" mb="md">
            {t('support.player.title', open)}
          </Title>
          <PlayerDetailView key={`${open.casinoId}/${open.playerId}`} {...open} />
        </Paper>
      )}
    </>
  );
}
