/** One game round in full (spec §3): every field, what the player saw (as JSON) and how the bet was paid. */
import type { GameRoundDetail } from '@backoffice/contracts';
import { Code, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant, formatMinorUnits } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { FieldsTable, NoValue } from './fields-table';
import { GameRoundStatusBadge } from './game-round-table';

interface GameRoundFieldsProps {
  round: GameRoundDetail;
  /** How the player shows (e.g. a link to them); their id by default. */
  player?: ReactNode;
}

export function GameRoundFields({ round, player = round.playerId }: GameRoundFieldsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number | null) =>
    minor === null ? <NoValue /> : formatMinorUnits(minor, round.currency, language);
  const optional = (text: string | null) => text ?? <NoValue />;
  const field = (key: string) => t(`gameRounds.fields.${key}`);

  return (
    <Stack>
      <FieldsTable
        label={t('gameRounds.detail.fieldsLabel')}
        rows={[
          [field('casinoId'), round.casinoId],
          [field('roundId'), round.roundId],
          [field('providerRoundId'), optional(round.providerRoundId)],
          [field('integrationId'), round.integrationId],
          [field('playerId'), player],
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
      <Title order={3} size="h4">
        {t('gameRounds.detail.moneySplit')}
      </Title>
      {round.moneySplit ? (
        <FieldsTable
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
      <Title order={3} size="h4">
        {t('gameRounds.detail.displayedOutcome')}
      </Title>
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
