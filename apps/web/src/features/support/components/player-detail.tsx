/**
 * One player: the spec's fields (personal ones only for roles that see them), the newest rounds — each
 * opening in support's round screen — and the savegames.
 */
import type { PersonalPlayerField, PlayerDetail, SupportPlayer } from '@backoffice/contracts';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { FieldsTable, NoValue } from '../../../components/fields-table';
import { GameRoundTable, type RoundColumn } from '../../../components/game-round-table';
import { Loading } from '../../../components/list-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { gameRoundsLink, type OpenPlayer } from '../api/player-params';
import { usePlayer } from '../api/players-api';
import { roundLink } from '../api/round-links';
import { SavegameDeleteButtons, SavegameDeleteDialog, type SavegameToDelete } from './savegame-delete';

function NoData() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" ta="center" py="md">
      {t('support.noData')}
    </Text>
  );
}

function PlayerFields({ player }: { player: SupportPlayer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const known = (value: ReactNode) => (value === null || value === '' ? <NoValue /> : value);
  const personal = (key: PersonalPlayerField, format: (value: string) => string = (value) => value) => {
    if (!player.personalData) {
      return (
        <Text span c="dimmed" fs="italic">
          {t('support.player.hidden')}
        </Text>
      );
    }
    const value = player[key];
    return known(value === null ? null : format(value));
  };
  const rows: [string, ReactNode][] = [
    ['integrationId', player.integrationId],
    ['casinoId', player.casinoId],
    ['playerId', player.playerId],
    ['language', known(player.language)],
    ['country', known(player.country)],
    ['email', personal('email')],
    ['jurisdiction', known(player.jurisdiction)],
    ['firstName', personal('firstName')],
    ['lastName', personal('lastName')],
    ['nickName', known(player.nickName)],
    ['city', personal('city')],
    ['dateOfBirth', personal('dateOfBirth', (value) => formatDate(value, language))],
    ['gender', personal('gender')],
    ['registeredAt', known(player.registeredAt && formatDateTime(player.registeredAt, language))],
    ['createdAt', formatDateTime(player.createdAt, language)],
  ];
  return (
    <FieldsTable
      label={t('support.player.fieldsLabel')}
      rows={rows.map(([key, value]) => [t(`support.fields.${key}`), value])}
    />
  );
}

const PLAYER_ROUND_COLUMNS = [
  'startedAt',
  'roundId',
  'gameId',
  'status',
  'debit',
  'credit',
  'totalWin',
] as const satisfies readonly RoundColumn[];

function LastRounds({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const who: OpenPlayer = { casinoId: detail.player.casinoId, playerId: detail.player.playerId };
  return (
    <>
      <GameRoundTable
        rounds={detail.lastRounds}
        label={t('support.rounds.title')}
        columns={PLAYER_ROUND_COLUMNS}
        roundLink={roundLink}
      />
      {detail.lastRounds.length === 0 && <NoData />}
      {detail.moreRounds && (
        <Anchor component={Link} to={gameRoundsLink(who)} size="sm">
          {t('support.rounds.more')}
        </Anchor>
      )}
    </>
  );
}

function Savegames({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const field = (key: string) => t(`support.savegames.${key}`);
  const mayAct = useCan()('playerSupportActions');
  const [deleting, setDeleting] = useState<SavegameToDelete | null>(null);
  return (
    <>
      <Table striped verticalSpacing="xs" aria-label={field('title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{field('gameId')}</Table.Th>
            <Table.Th>{field('savedAt')}</Table.Th>
            <Table.Th>{field('updatedAt')}</Table.Th>
            <Table.Th>{field('restorable')}</Table.Th>
            {mayAct && <Table.Th>{field('actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.savegames.map((savegame) => (
            <Table.Tr key={`${savegame.gameId}\u0000${savegame.savedAt}`}>
              <Table.Td>{savegame.gameId}</Table.Td>
              <Table.Td>{formatDateTime(savegame.savedAt, language)}</Table.Td>
              <Table.Td>{formatDateTime(savegame.updatedAt, language)}</Table.Td>
              <Table.Td>{savegame.restorable ? t('support.yes') : t('support.no')}</Table.Td>
              {mayAct && (
                <Table.Td>
                  <SavegameDeleteButtons
                    savegame={savegame}
                    onDelete={(mode) => setDeleting({ savegame, mode })}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {detail.savegames.length === 0 && <NoData />}
      <SavegameDeleteDialog player={detail.player} deleting={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export function PlayerDetailView({ casinoId, playerId }: OpenPlayer) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = usePlayer(casinoId, playerId);
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loading />;
  return (
    <Stack gap="md">
      <PlayerFields player={data.player} />
      <Title order={3} size="h4">
        {t('support.rounds.title')}
      </Title>
      <LastRounds detail={data} />
      <Title order={3} size="h4">
        {t('support.savegames.title')}
      </Title>
      <Savegames detail={data} />
    </Stack>
  );
}
