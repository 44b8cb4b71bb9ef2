import { passwordChangeSchema, type PasswordChange } from '@backoffice/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';
import { serverFieldErrors, withScreenMessages } from '../utils/form-validation';

const emptyPasswords: PasswordChange = { currentPassword: '', password: '', passwordRepeat: '' };

/** The own password: the current one proves it is the user, the new one is typed twice. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<PasswordChange>({
    mode: 'controlled',
    initialValues: emptyPasswords,
    validate: schemaResolver(withScreenMessages(passwordChangeSchema, t), { sync: true }),
    validateInputOnBlur: true,
  });

  function save(values: PasswordChange) {
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifications.show({ color: 'green', message: t('account.password.changed') });
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, Object.keys(emptyPasswords), t);
        if (fieldErrors) {
          change.reset();
          form.setErrors(fieldErrors);
        }
      },
    });
  }

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        change.reset();
        save(passwordChangeSchema.parse(values));
      })}
      noValidate
    >
      <Stack>
        {change.error && <ErrorAlert error={change.error} />}
        <PasswordField
          kind="current"
          label={t('account.password.current')}
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          kind="new"
          label={t('account.password.new')}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          kind="repeat"
          label={t('account.password.repeat')}
          key={form.key('passwordRepeat')}
          {...form.getInputProps('passwordRepeat')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('account.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
