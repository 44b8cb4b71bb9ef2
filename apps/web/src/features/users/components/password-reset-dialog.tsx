import { passwordResetSchema, type PasswordReset } from '@backoffice/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { useResetUserPassword } from '../api/reset-user-password';
import { PasswordField } from './password-field';
import { serverFieldErrors, withScreenMessages } from '../utils/form-validation';

interface PasswordResetDialogProps {
  opened: boolean;
  userId: string;
  username: string;
  onClose: () => void;
}

const emptyPasswords: PasswordReset = { password: '', passwordRepeat: '' };

/** An administrator sets a new password for a user: typed twice, then confirmed by typing the username. */
export function PasswordResetDialog({ opened, userId, username, onClose }: PasswordResetDialogProps) {
  const { t } = useTranslation();
  const reset = useResetUserPassword();
  // The passwords wait here while the typed confirmation is asked for.
  const [pending, setPending] = useState<PasswordReset | null>(null);
  const form = useForm<PasswordReset>({
    mode: 'controlled',
    initialValues: emptyPasswords,
    validate: schemaResolver(withScreenMessages(passwordResetSchema, t), { sync: true }),
    validateInputOnBlur: true,
  });

  function close() {
    form.reset();
    reset.reset();
    setPending(null);
    onClose();
  }

  function confirm(values: PasswordReset) {
    reset.mutate(
      { id: userId, ...values },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('users.resetPassword.done', { username }) });
          close();
        },
        onError: (error) => {
          setPending(null);
          const fieldErrors = serverFieldErrors(error, Object.keys(emptyPasswords), t);
          if (fieldErrors) {
            reset.reset();
            form.setErrors(fieldErrors);
          }
        },
      },
    );
  }

  return (
    <>
      <Modal
        opened={opened && pending === null}
        onClose={close}
        title={t('users.resetPassword.title')}
        centered
      >
        <form
          onSubmit={form.onSubmit((values) => {
            reset.reset();
            setPending(passwordResetSchema.parse(values));
          })}
          noValidate
        >
          <Stack>
            {reset.error && <ErrorAlert error={reset.error} />}
            <Text size="sm">{t('users.resetPassword.description', { username })}</Text>
            <PasswordField
              kind="new"
              label={t('users.fields.password')}
              data-autofocus
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordField
              kind="repeat"
              label={t('users.fields.passwordRepeat')}
              key={form.key('passwordRepeat')}
              {...form.getInputProps('passwordRepeat')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t('users.resetPassword.submit')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={opened && pending !== null}
        title={t('users.resetPassword.confirmTitle')}
        confirmText={username}
        confirmLabel={t('users.resetPassword.submit')}
        busy={reset.isPending}
        onConfirm={() => pending && confirm(pending)}
        // Back to the passwords, as typed.
        onClose={() => setPending(null)}
      />
    </>
  );
}
