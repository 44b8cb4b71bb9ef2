import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { useResetUserSecondFactor, useUserSecondFactor } from '../api/second-factor';
import { Spinner } from '../../../components/list-state';

interface SecondFactorResetProps {
  userId: string;
  username: string;
  /** Nobody resets their own second factor (issue 15). */
  ownUser: boolean;
}

/** An admin's look at a user's second factor, and its reset (typed confirmation; ends the user's sessions). */
export function SecondFactorReset({ userId, username, ownUser }: SecondFactorResetProps) {
  const { t } = useTranslation();
  const { data: status, error, isPending, refetch } = useUserSecondFactor(userId);
  const reset = useResetUserSecondFactor();
  const [confirming, setConfirming] = useState(false);

  if (isPending) return <Spinner size="sm" />;
  if (!status) return <ErrorAlert error={error} onRetry={() => void refetch()} />;

  return (
    <>
      {reset.error && <ErrorAlert error={reset.error} />}
      <Group gap="sm">
        <Badge color={status.enrolled ? 'green' : 'gray'} variant="light">
          {status.enrolled ? t('users.secondFactor.enrolled') : t('users.secondFactor.notEnrolled')}
        </Badge>
        {status.required && (
          <Text size="sm" c="dimmed">
            {t('account.secondFactor.requiredForRole')}
          </Text>
        )}
        {ownUser ? (
          <Text size="sm" c="dimmed">
            {t('errors.OWN_USER')}
          </Text>
        ) : (
          <Button
            color="red"
            variant="light"
            size="compact-sm"
            disabled={!status.enrolled}
            onClick={() => setConfirming(true)}
          >
            {t('users.secondFactor.reset')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('users.secondFactor.resetTitle')}
        description={t('users.secondFactor.resetWarning', { username })}
        confirmText={username}
        confirmLabel={t('users.secondFactor.reset')}
        danger
        busy={reset.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(userId, {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                message: t('users.secondFactor.resetDone', { username }),
              }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </>
  );
}
