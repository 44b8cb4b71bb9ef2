/**
 * One player: the spec's fields (personal ones only for roles that see them), the newest rounds — each
 * opening in the game-round screen — and the savegames.
 */
import type {
  GameRoundSummary,
  PersonalPlayerField,
  PlayerDetail,
  SupportPlayer,
} from '@backoffice/contracts';
import { Anchor, Badge, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDate, formatDateTime, formatMinorUnits } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { gameRoundsLink, type OpenPlayer } from '../api/player-params';
import { usePlayer } from '../api/players-api';

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
  const known = (value: ReactNode) =>
    value === null || value === '' ? (
      <Text span c="dimmed">
        —
      </Text>
    ) : (
      value
    );
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
    <Table aria-label={t('support.player.fieldsLabel')} variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th w={200} scope="row">
              {t(`support.fields.${key}`)}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function LastRounds({ detail }: { detail: PlayerDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const who: OpenPlayer = { casinoId: detail.player.casinoId, playerId: detail.player.playerId };
  const money = (round: GameRoundSummary, minor: number) => formatMinorUnits(minor, round.currency, language);
  const field = (key: string) => t(`support.rounds.${key}`);
  return (
    <>
      <Table.ScrollContainer minWidth={700}>
        <Table striped verticalSpacing="xs" aria-label={t('support.rounds.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{field('startedAt')}</Table.Th>
              <Table.Th>{field('roundId')}</Table.Th>
              <Table.Th>{field('gameId')}</Table.Th>
              <Table.Th>{field('status')}</Table.Th>
              <Table.Th ta="right">{field('debit')}</Table.Th>
              <Table.Th ta="right">{field('credit')}</Table.Th>
              <Table.Th ta="right">{field('totalWin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.lastRounds.map((round) => (
              <Table.Tr key={round.roundId}>
                <Table.Td>{formatDateTime(round.startedAt, language)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={gameRoundsLink(who, round.roundId)}>
                    {round.roundId}
                  </Anchor>
                </Table.Td>
                <Table.Td>{round.gameId}</Table.Td>
                <Table.Td>
                  {round.status === 'open' ? (
                    <Badge color="orange" variant="light">
                      {t('gameRounds.status.open')}
                    </Badge>
                  ) : (
                    t(`gameRounds.status.${round.status}`)
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(round, round.debit)}</Table.Td>
                <Table.Td ta="right">{money(round, round.credit)}</Table.Td>
                <Table.Td ta="right">{money(round, round.totalWin)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
  return (
    <>
      <Table striped verticalSpacing="xs" aria-label={field('title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{field('gameId')}</Table.Th>
            <Table.Th>{field('savedAt')}</Table.Th>
            <Table.Th>{field('updatedAt')}</Table.Th>
            <Table.Th>{field('restorable')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.savegames.map((savegame) => (
            <Table.Tr key={`${savegame.gameId}\u0000${savegame.savedAt}`}>
              <Table.Td>{savegame.gameId}</Table.Td>
              <Table.Td>{formatDateTime(savegame.savedAt, language)}</Table.Td>
              <Table.Td>{formatDateTime(savegame.updatedAt, language)}</Table.Td>
              <Table.Td>{savegame.restorable ? t('support.yes') : t('support.no')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {detail.savegames.length === 0 && <NoData />}
    </>
  );
}

export function PlayerDetailView({ casinoId, playerId }: OpenPlayer) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = usePlayer(casinoId, playerId);
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  if (isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <PlayerFields player={data.player} />
      <Title order={4}>{t('support.rounds.title')}</Title>
      <LastRounds detail={data} />
      <Title order={4}>{t('support.savegames.title')}</Title>
      <Savegames detail={data} />
    </Stack>
  );
}
