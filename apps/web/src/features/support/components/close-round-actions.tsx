/**
 * The three ways support closes an unsettled round (spec §4): refund the bet, book the total win, or
 * close without a booking. A choice the server rules out stays visible, disabled, with its reason. Each
 * asks for a reason and the typed round id.
 */
import { closeBookings, type CloseBooking, type SupportRound } from '@backoffice/contracts';
import { Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeText } from '../../../lib/api-client';
import { formatMinorUnits } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { ReasonDialog } from './reason-dialog';

interface CloseRoundActionsProps {
  data: SupportRound;
  busy: boolean;
  /** Closes the round; settles once the server answered (the dialog stays open until then). */
  onClose: (booking: CloseBooking, reason: string) => Promise<void>;
}

function ChoiceButton({
  booking,
  label,
  reason,
  onChoose,
}: {
  booking: CloseBooking;
  label: string;
  /** Why the choice is ruled out (null: it is allowed). */
  reason: string | null;
  onChoose: () => void;
}) {
  const reasonId = useId();
  if (reason === null) {
    return (
      <Button variant={booking === 'none' ? 'default' : 'filled'} onClick={onChoose}>
        {label}
      </Button>
    );
  }
  // Disabled by data-disabled, not `disabled`: it still takes the pointer, so its tooltip shows.
  return (
    <Stack gap={4} maw={320}>
      <Tooltip label={reason} multiline maw={300}>
        <Button
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
        >
          {label}
        </Button>
      </Tooltip>
      <Text id={reasonId} size="xs" c="dimmed">
        {reason}
      </Text>
    </Stack>
  );
}

export function CloseRoundActions({ data, busy, onClose }: CloseRoundActionsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [chosen, setChosen] = useState<CloseBooking | null>(null);
  const { round, choices } = data;
  const label = (booking: CloseBooking) =>
    t(`support.close.${booking}`, {
      amount: formatMinorUnits(choices[booking].amount, round.currency, language),
    });

  return (
    <Stack component="section" aria-label={t('support.close.title')}>
      <Title order={2} size="h3">
        {t('support.close.title')}
      </Title>
      <Group align="flex-start">
        {closeBookings.map((booking) => {
          const choice = choices[booking];
          return (
            <ChoiceButton
              key={booking}
              booking={booking}
              label={label(booking)}
              reason={choice.allowed ? null : errorCodeText(choice.reason ?? 'INTERNAL', t)}
              onChoose={() => setChosen(booking)}
            />
          );
        })}
      </Group>
      <ReasonDialog
        opened={chosen !== null}
        title={t('support.close.dialogTitle', { roundId: round.roundId })}
        description={chosen ? t(`support.close.${chosen}Text`) : undefined}
        confirmText={round.roundId}
        confirmLabel={chosen ? label(chosen) : ''}
        danger={chosen !== 'none'}
        busy={busy}
        onClose={() => setChosen(null)}
        onConfirm={(reason) => {
          if (chosen) void onClose(chosen, reason).finally(() => setChosen(null));
        }}
      />
    </Stack>
  );
}
