/** One game round in full: every field, what the player saw (as JSON) and how the bet was paid. */
import type { GameRoundDetail } from '@backoffice/contracts';
import { Badge, Center, Code, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useLanguage } from '../../../lib/use-language';
import { useGameRound } from '../api/game-rounds-api';
import { formatMinorUnits } from '../../../lib/format';
import { formatInstant } from '../utils/game-rounds-format';

export function GameRoundStatusBadge({ status }: { status: GameRoundDetail['status'] }) {
  const { t } = useTranslation();
  const color =
    status === 'completed' ? 'green' : status === 'open' || status === 'autoCloseFailed' ? 'orange' : 'gray';
  return (
    <Badge color={color} variant="light">
      {t(`gameRounds.status.${status}`)}
    </Badge>
  );
}

function Fields({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Table aria-label={label} variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th w={200}>{name}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function GameRoundDetailView({ casinoId, roundId }: { casinoId: string; roundId: string }) {
  const { t } = useTranslation();
  const { data: round, error, isPending, refetch } = useGameRound(casinoId, roundId);
  if (isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  return <RoundFields round={round} />;
}

function RoundFields({ round }: { round: GameRoundDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number | null) =>
    minor === null ? <Text c="dimmed">–</Text> : formatMinorUnits(minor, round.currency, language);
  const optional = (text: string | null) => text ?? <Text c="dimmed">–</Text>;
  const field = (key: string) => t(`gameRounds.fields.${key}`);

  return (
    <Stack>
      <Fields
        label={t('gameRounds.detail.fieldsLabel')}
        rows={[
          [field('casinoId'), round.casinoId],
          [field('roundId'), round.roundId],
          [field('providerRoundId'), optional(round.providerRoundId)],
          [field('integrationId'), round.integrationId],
          [field('playerId'), round.playerId],
          [field('gameId'), round.gameId],
          [field('startedAt'), formatInstant(round.startedAt, language)],
          [field('updatedAt'), formatInstant(round.updatedAt, language)],
          [field('status'), <GameRoundStatusBadge key="status" status={round.status} />],
          [field('currency'), round.currency],
          [field('debit'), money(round.debit)],
          [field('credit'), money(round.credit)],
          [field('totalWin'), money(round.totalWin)],
          [field('voucherCode'), optional(round.voucherCode)],
          [field('fundsAtStart'), money(round.fundsAtStart)],
          [field('fundsAtEnd'), money(round.fundsAtEnd)],
        ]}
      />
      <Title order={4}>{t('gameRounds.detail.moneySplit')}</Title>
      {round.moneySplit ? (
        <Fields
          label={t('gameRounds.detail.moneySplit')}
          rows={[
            [t('gameRounds.detail.real'), money(round.moneySplit.real)],
            [t('gameRounds.detail.bonus'), money(round.moneySplit.bonus)],
            [t('gameRounds.detail.voucher'), money(round.moneySplit.voucher)],
          ]}
        />
      ) : (
        <Text c="dimmed">{t('gameRounds.detail.noMoneySplit')}</Text>
      )}
      <Title order={4}>{t('gameRounds.detail.displayedOutcome')}</Title>
      {round.displayedOutcome === null ? (
        <Text c="dimmed">{t('gameRounds.detail.noOutcome')}</Text>
      ) : (
        <Code block aria-label={t('gameRounds.detail.displayedOutcome')}>
          {JSON.stringify(round.displayedOutcome, null, 2)}
        </Code>
      )}
    </Stack>
  );
}
