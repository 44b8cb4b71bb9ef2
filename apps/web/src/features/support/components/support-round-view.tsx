/**
 * One round for support: its close (pending with "Retry booking", rejected, or closed), the ways to close
 * it while it is unsettled — for those who may act —, every field of the round and its timeline. Each
 * answer of a close or retry, also an error, is followed by the round as it is now.
 */
import { type CloseBooking, type SupportRound } from '@backoffice/contracts';
import { Anchor, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { GameRoundFields } from '../../../components/game-round-fields';
import { isUnsettled } from '../../../components/game-round-table';
import { Loading } from '../../../components/list-state';
import { playerLink } from '../api/player-params';
import { useCloseRound, useRetryClose, useSupportRound } from '../api/support-rounds-api';
import { CloseRoundActions } from './close-round-actions';
import { RoundClosureView } from './round-closure';
import { RoundTimeline } from './round-timeline';

/** Whether a new close may be asked for: unsettled, and no close in flight or done. */
function closable({ round, closure, mayAct }: SupportRound): boolean {
  return mayAct && isUnsettled(round.status) && (closure === null || closure.state === 'rejected');
}

export function SupportRoundView({ casinoId, roundId }: { casinoId: string; roundId: string }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useSupportRound(casinoId, roundId);
  const close = useCloseRound(casinoId, roundId);
  const retry = useRetryClose(casinoId, roundId);
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loading />;

  const { round, closure, mayAct } = data;
  const closeRound = (booking: CloseBooking, reason: string) => {
    retry.reset();
    return close.mutateAsync({ booking, reason, confirmation: round.roundId }).then(
      () => void notifications.show({ color: 'green', message: t(`support.close.done.${booking}`) }),
      // The error shows above (close.error); the round is fetched again either way.
      () => undefined,
    );
  };
  const retryBooking = () => {
    close.reset();
    retry.mutate(
      {},
      { onSuccess: () => void notifications.show({ color: 'green', message: t('support.closure.retried') }) },
    );
  };

  return (
    <Stack gap="lg">
      {close.error && <ErrorAlert error={close.error} />}
      {retry.error && <ErrorAlert error={retry.error} />}
      {closure && (
        <RoundClosureView
          closure={closure}
          onRetry={mayAct && closure.state === 'pending' ? retryBooking : undefined}
          retrying={retry.isPending}
        />
      )}
      {closable(data) && <CloseRoundActions data={data} busy={close.isPending} onClose={closeRound} />}
      <Stack component="section" aria-label={t('support.round.fieldsTitle')}>
        <Title order={2} size="h3">
          {t('support.round.fieldsTitle')}
        </Title>
        <GameRoundFields
          round={round}
          player={
            <Anchor component={Link} to={playerLink({ casinoId: round.casinoId, playerId: round.playerId })}>
              {round.playerId}
            </Anchor>
          }
        />
      </Stack>
      <RoundTimeline entries={data.timeline} currency={round.currency} />
    </Stack>
  );
}
