import {
  jurisdictionCreateSchema,
  JURISDICTION_NAME_MAX,
  type JurisdictionCreate,
} from '@backoffice/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';

interface JurisdictionFormProps {
  initialValues: JurisdictionCreate;
  submitLabel: string;
  /** The text to type before saving: the record's current name, or the new one when creating. */
  confirmText: (values: JurisdictionCreate) => string;
  onSave: (values: JurisdictionCreate) => Promise<unknown>;
  /** Offered when the record changed meanwhile (409): reload the current state. */
  onReload?: () => void;
  /** For roles that may look but not change. */
  readOnly?: boolean;
}

export function JurisdictionForm({
  initialValues,
  submitLabel,
  confirmText,
  onSave,
  onReload,
  readOnly = false,
}: JurisdictionFormProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<JurisdictionCreate | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<JurisdictionCreate>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(jurisdictionCreateSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  async function save(values: JurisdictionCreate) {
    setSaving(true);
    setError(null);
    try {
      await onSave(values);
      setPending(null);
    } catch (caught) {
      setPending(null);
      if (caught instanceof ApiError && caught.code === 'JURISDICTION_NAME_TAKEN') {
        form.setFieldError('name', t('errors.JURISDICTION_NAME_TAKEN'));
      } else {
        setError(caught);
      }
    } finally {
      setSaving(false);
    }
  }

  const stale = error instanceof ApiError && error.code === 'STALE_VERSION';
  return (
    <>
      <form
        onSubmit={form.onSubmit((values) => setPending(jurisdictionCreateSchema.parse(values)))}
        noValidate
      >
        <Stack maw={520}>
          {error !== null && <ErrorAlert error={error} onRetry={stale ? onReload : undefined} />}
          <TextInput
            label={t('jurisdictions.fields.name')}
            placeholder={t('jurisdictions.namePlaceholder')}
            withAsterisk
            maxLength={JURISDICTION_NAME_MAX}
            readOnly={readOnly}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          {!readOnly && (
            <Group>
              <Button type="submit">{submitLabel}</Button>
            </Group>
          )}
        </Stack>
      </form>
      {/* Outside the form: the dialog's own submit must not bubble into the form through the portal. */}
      <ConfirmDialog
        opened={pending !== null}
        title={t('confirm.saveTitle')}
        confirmText={pending ? confirmText(pending) : ''}
        confirmLabel={submitLabel}
        busy={saving}
        onConfirm={() => pending && void save(pending)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
