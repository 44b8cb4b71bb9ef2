/**
 * The frame of every create and edit form: client-side validation with the contract's schema, the typed
 * confirmation before saving (spec §5), server errors shown on their field or above the form, and a reload
 * offer when someone else changed the record meanwhile (409). Read-only, it is no form at all: its fields
 * show their values as text (inputs/read-only.tsx), without placeholders, required marks or save button.
 */
import type { ErrorCode } from '@backoffice/contracts/errors';
import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { ReadOnlyProvider } from './inputs/read-only';

export interface RecordFormProps<Values extends Record<string, unknown>, Parsed> {
  schema: z.ZodType<Parsed, Values>;
  initialValues: Values;
  submitLabel: string;
  /** The text to type before saving: the record's current name, or the new one when creating. */
  confirmText: (values: Parsed) => string;
  /** The confirmation's title (default "Save changes?"), and what it shows of the values above the text. */
  confirmTitle?: string | undefined;
  confirmDetails?: ((values: Parsed) => ReactNode) | undefined;
  onSave: (values: Parsed) => Promise<unknown>;
  /** Server errors that belong to one field: shown under it instead of above the form. */
  fieldErrors?: Partial<Record<ErrorCode, string>>;
  /** Offered when the record changed meanwhile (409): reload the current state. */
  onReload?: (() => void) | undefined;
  /** For roles that may look but not change: the values as text, nothing to edit or save. */
  readOnly?: boolean;
  /** Whether the frame shows its save button (default); a form with a save button of its own says no. */
  withSubmit?: boolean;
  maw?: number;
  children: (form: UseFormReturnType<Values>) => ReactNode;
}

export function RecordForm<Values extends Record<string, unknown>, Parsed>({
  schema,
  initialValues,
  submitLabel,
  confirmText,
  confirmTitle,
  confirmDetails,
  onSave,
  fieldErrors = {},
  onReload,
  readOnly = false,
  withSubmit = true,
  maw = 640,
  children,
}: RecordFormProps<Values, Parsed>) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Parsed | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema as never, { sync: true }),
    validateInputOnBlur: true,
  });

  async function save(values: Parsed) {
    setSaving(true);
    setError(null);
    try {
      await onSave(values);
      setPending(null);
    } catch (caught) {
      setPending(null);
      const field = caught instanceof ApiError ? fieldErrors[caught.code] : undefined;
      if (field) form.setFieldError(field, t(`errors.${(caught as ApiError).code}`));
      else setError(caught);
    } finally {
      setSaving(false);
    }
  }

  if (readOnly) {
    return (
      <ReadOnlyProvider readOnly>
        <Stack maw={maw} data-testid="read-only-record">
          {children(form)}
        </Stack>
      </ReadOnlyProvider>
    );
  }

  const stale = error instanceof ApiError && error.code === 'STALE_VERSION';
  return (
    <ReadOnlyProvider readOnly={false}>
      <form onSubmit={form.onSubmit((values) => setPending(schema.parse(values)))} noValidate>
        <Stack maw={maw}>
          {error !== null && <ErrorAlert error={error} onRetry={stale ? onReload : undefined} />}
          {children(form)}
          {withSubmit && (
            <Group>
              <Button type="submit">{submitLabel}</Button>
            </Group>
          )}
        </Stack>
      </form>
      {/* Outside the form: the dialog's own submit must not bubble into the form through the portal. */}
      <ConfirmDialog
        opened={pending !== null}
        title={confirmTitle ?? t('confirm.saveTitle')}
        confirmText={pending !== null ? confirmText(pending) : ''}
        confirmLabel={submitLabel}
        busy={saving}
        onConfirm={() => pending !== null && void save(pending)}
        onClose={() => setPending(null)}
      >
        {pending !== null && confirmDetails?.(pending)}
      </ConfirmDialog>
    </ReadOnlyProvider>
  );
}
