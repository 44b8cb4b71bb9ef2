import {
  roles,
  userCreateSchema,
  userUpdateSchema,
  type UserCreate,
  type UserUpdate,
} from '@backoffice/contracts';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SelectField, SwitchField, TextField } from '../../../components/inputs';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { RecordMultiSelect } from '../../../components/record-multi-select';
import { ApiError } from '../../../lib/api-client';
import { useCasinoSearch, useIntegrationSearch } from '../api/scope-lookups';
import { PasswordField } from './password-field';
import { ScopeEffect } from './scope-effect';
import { serverFieldErrors, withScreenMessages, type IssueMessage } from '../utils/form-validation';

/** What the user form edits of a stored user (everything but the password). */
export type UserFields = Omit<UserUpdate, 'version'>;
const userFieldsSchema = userUpdateSchema.omit({ version: true });

/** The form's values: a new user's, including the password typed twice (unused when editing). */
export type UserFormValues = UserCreate;

export const emptyUser: UserFormValues = {
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  role: 'visitor',
  active: true,
  casinoIds: [],
  integrationIds: [],
  password: '',
  passwordRepeat: '',
};

/** The form's values for a stored user (the password is not part of it). */
export function userFormValues(user: UserFields): UserFormValues {
  const { username, email, firstName, lastName, role, active, casinoIds, integrationIds } = user;
  return { ...emptyUser, username, email, firstName, lastName, role, active, casinoIds, integrationIds };
}

interface CommonProps {
  initialValues: UserFormValues;
  submitLabel: string;
  /** The text to type before saving: the stored username, or the new one when creating. */
  confirmText: (values: UserFields) => string;
  /** Offered when the record changed meanwhile (409): reload the current state. */
  onReload?: () => void;
}

type UserFormProps = CommonProps &
  (
    | { mode: 'create'; onSave: (values: UserCreate) => Promise<unknown> }
    | {
        mode: 'edit';
        onSave: (values: UserFields) => Promise<unknown>;
        /** The signed-in user's own record: role, active flag and scope cannot change (spec §6). */
        ownUser: boolean;
      }
  );

export function UserForm(props: UserFormProps) {
  const { initialValues, submitLabel, confirmText, onReload } = props;
  const { t } = useTranslation();
  const ownUser = props.mode === 'edit' && props.ownUser;
  const [pending, setPending] = useState<UserFormValues | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The form does not re-render as it is typed in; what the scope opens follows these three fields.
  const [access, setAccess] = useState(() => {
    const { role, casinoIds, integrationIds } = initialValues;
    return { role, casinoIds, integrationIds };
  });

  const messages: IssueMessage = (issue) => {
    const [field] = issue.path;
    if (field === 'username' && issue.code === 'invalid_format') return t('users.form.usernameFormat');
    if ((field === 'casinoIds' || field === 'integrationIds') && issue.path.length > 1) {
      return t('users.form.scopeIdFormat');
    }
    return undefined;
  };
  const schema = props.mode === 'create' ? userCreateSchema : userFieldsSchema;
  const form = useForm<UserFormValues>({
    // A long form: typing in one field should not re-render all the others.
    mode: 'uncontrolled',
    initialValues,
    validate: schemaResolver(withScreenMessages(schema, t, messages), { sync: true }),
    validateInputOnBlur: true,
    onValuesChange: ({ role, casinoIds, integrationIds }, previous) => {
      if (
        role !== previous.role ||
        casinoIds !== previous.casinoIds ||
        integrationIds !== previous.integrationIds
      ) {
        setAccess({ role, casinoIds, integrationIds });
      }
    },
  });

  async function save(values: UserFormValues) {
    setSaving(true);
    setError(null);
    try {
      if (props.mode === 'create') await props.onSave(userCreateSchema.parse(values));
      else await props.onSave(userFieldsSchema.parse(values));
      setPending(null);
    } catch (caught) {
      setPending(null);
      const fieldErrors = serverFieldErrors(caught, Object.keys(initialValues), t);
      if (fieldErrors) form.setErrors(fieldErrors);
      else setError(caught);
    } finally {
      setSaving(false);
    }
  }

  const stale = error instanceof ApiError && error.code === 'STALE_VERSION';
  return (
    <>
      <form onSubmit={form.onSubmit((values) => setPending(values))} noValidate>
        <Stack maw={640}>
          {error !== null && <ErrorAlert error={error} onRetry={stale ? onReload : undefined} />}
          <TextField
            label={t('users.fields.username')}
            withAsterisk
            maxLength={64}
            autoComplete="off"
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <TextField
            label={t('users.fields.email')}
            type="email"
            withAsterisk
            maxLength={254}
            autoComplete="off"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              label={t('users.fields.firstName')}
              maxLength={100}
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextField
              label={t('users.fields.lastName')}
              maxLength={100}
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>

          <Title order={2} size="h4" mt="sm">
            {t('users.form.accessTitle')}
          </Title>
          {ownUser && (
            <Text size="sm" c="dimmed" data-testid="own-user-note">
              {t('errors.OWN_USER')}
            </Text>
          )}
          <SelectField
            label={t('users.fields.role')}
            withAsterisk
            data={roles.map((role) => ({ value: role, label: t(`app.roles.${role}`) }))}
            allowDeselect={false}
            disabled={ownUser}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <SwitchField
            label={t('users.fields.active')}
            disabled={ownUser}
            key={form.key('active')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <RecordMultiSelect
            label={t('users.fields.casinoIds')}
            description={t('users.form.scopeHint')}
            placeholder={t('users.form.scopePlaceholder')}
            disabled={ownUser}
            clearable
            useSearch={useCasinoSearch}
            toOption={(casino) => ({ value: casino.id, label: `${casino.name} (${casino.id})` })}
            key={form.key('casinoIds')}
            {...form.getInputProps('casinoIds')}
            value={form.getValues().casinoIds}
          />
          <RecordMultiSelect
            label={t('users.fields.integrationIds')}
            description={t('users.form.scopeHint')}
            placeholder={t('users.form.scopePlaceholder')}
            disabled={ownUser}
            clearable
            useSearch={useIntegrationSearch}
            toOption={(integration) => ({
              value: integration.id,
              label: `${integration.name} (${integration.id})`,
            })}
            key={form.key('integrationIds')}
            {...form.getInputProps('integrationIds')}
            value={form.getValues().integrationIds}
          />
          <ScopeEffect {...access} />

          {props.mode === 'create' && (
            <>
              <Title order={2} size="h4" mt="sm">
                {t('users.form.passwordTitle')}
              </Title>
              <PasswordField
                kind="new"
                label={t('users.fields.password')}
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
              <PasswordField
                kind="repeat"
                label={t('users.fields.passwordRepeat')}
                key={form.key('passwordRepeat')}
                {...form.getInputProps('passwordRepeat')}
              />
            </>
          )}
          <Group>
            <Button type="submit">{submitLabel}</Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: the dialog's own submit must not bubble into the form through the portal. */}
      <ConfirmDialog
        opened={pending !== null}
        title={t('confirm.saveTitle')}
        confirmText={pending ? confirmText(userFieldsSchema.parse(pending)) : ''}
        confirmLabel={submitLabel}
        busy={saving}
        onConfirm={() => pending && void save(pending)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
