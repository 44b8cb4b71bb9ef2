import { accountUpdateSchema, type Account, type AccountUpdate } from '@backoffice/contracts';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { useUpdateAccount } from '../api/update-account';
import { serverFieldErrors, withScreenMessages } from '../utils/form-validation';

/** The own first and last name; saving asks for the own username to be typed (spec §5). */
export function AccountNameForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const [pending, setPending] = useState<AccountUpdate | null>(null);
  const form = useForm<AccountUpdate>({
    mode: 'controlled',
    initialValues: { firstName: account.firstName, lastName: account.lastName },
    validate: schemaResolver(withScreenMessages(accountUpdateSchema, t), { sync: true }),
    validateInputOnBlur: true,
  });

  function save(values: AccountUpdate) {
    update.mutate(values, {
      onSuccess: (saved) => {
        // The stored names (trimmed) become the form's new starting point.
        const names = { firstName: saved.firstName, lastName: saved.lastName };
        form.setInitialValues(names);
        form.setValues(names);
        notifications.show({ color: 'green', message: t('common.saved') });
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, ['firstName', 'lastName'], t);
        if (fieldErrors) {
          update.reset();
          form.setErrors(fieldErrors);
        }
      },
      onSettled: () => setPending(null),
    });
  }

  return (
    <>
      <form
        onSubmit={form.onSubmit((values) => {
          update.reset();
          setPending(accountUpdateSchema.parse(values));
        })}
        noValidate
      >
        <Stack>
          {update.error && <ErrorAlert error={update.error} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.fields.firstName')}
              maxLength={100}
              autoComplete="given-name"
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('users.fields.lastName')}
              maxLength={100}
              autoComplete="family-name"
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit">{t('account.name.submit')}</Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: the dialog's own submit must not bubble into the form through the portal. */}
      <ConfirmDialog
        opened={pending !== null}
        title={t('confirm.saveTitle')}
        confirmText={account.username}
        confirmLabel={t('account.name.submit')}
        busy={update.isPending}
        onConfirm={() => pending && save(pending)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
