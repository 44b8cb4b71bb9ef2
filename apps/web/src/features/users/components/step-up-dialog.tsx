/**
 * Step-up (issue 15): a dangerous action needs the user to confirm it is them when the last confirmation
 * is older than 5 minutes. Asks for a code of the authenticator app (or a recovery code), the password
 * for a user without a second factor, or — with an external identity server — a new sign-in there. Loaded
 * lazily when the server first asks.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/inputs';
import { errorText } from '../../../lib/api-client';
import { goToSignIn } from '../../../lib/session';
import { useStepUp } from '../api/second-factor';

export type StepUpMethod = 'code' | 'password' | 'issuer';

interface StepUpDialogProps {
  method: StepUpMethod;
  /** Confirmed (the refused request is sent again) or given up. */
  onDone: (confirmed: boolean) => void;
}

export function StepUpDialog({ method, onDone }: StepUpDialogProps) {
  const { t } = useTranslation();
  const stepUp = useStepUp();
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      setMissing(true);
      return;
    }
    stepUp.mutate(method === 'code' ? { code: typed } : { password: value }, {
      onSuccess: () => onDone(true),
    });
  }

  const fieldError = missing
    ? t(method === 'code' ? 'account.stepUp.codeMissing' : 'account.stepUp.passwordMissing')
    : stepUp.error
      ? errorText(stepUp.error, t)
      : undefined;
  const input = {
    value,
    error: fieldError,
    required: true,
    'data-autofocus': true,
    onChange: (event: { currentTarget: { value: string } }) => {
      setValue(event.currentTarget.value);
      setMissing(false);
      stepUp.reset();
    },
  };

  return (
    <Modal opened onClose={() => onDone(false)} title={t('account.stepUp.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t(`account.stepUp.explanation.${method}`)}</Text>
          {method === 'code' && (
            <TextInput
              {...input}
              label={t('account.stepUp.code')}
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={64}
            />
          )}
          {method === 'password' && (
            <PasswordField {...input} label={t('account.stepUp.password')} autoComplete="current-password" />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onDone(false)}>
              {t('common.cancel')}
            </Button>
            {method === 'issuer' ? (
              <Button onClick={() => goToSignIn(window.location, { stepUp: true })}>
                {t('account.stepUp.signInAgain')}
              </Button>
            ) : (
              <Button type="submit" loading={stepUp.isPending}>
                {t('account.stepUp.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
