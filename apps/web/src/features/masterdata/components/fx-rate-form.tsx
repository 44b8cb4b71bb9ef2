import { fxRateCreateSchema, type FxRateCreate } from '@backoffice/contracts';
import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/inputs/date-input';
import { RecordForm } from '../../../components/record-form';

interface FxRateFormProps {
  title: string;
  initialValues: FxRateCreate;
  /** Changing a stored rate: its day and currency stay. */
  existing?: boolean;
  submitLabel: string;
  onSave: (values: FxRateCreate) => Promise<unknown>;
  onCancel: () => void;
  onReload?: () => void;
}

/** The text to type to confirm a change of a rate, and its id in the audit trail: `2025-01-31/USD`. */
export const fxRateKey = (rate: { day: string; currency: string }) => `${rate.day}/${rate.currency}`;

export function FxRateForm({ title, existing = false, onCancel, ...props }: FxRateFormProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <RecordForm
        schema={fxRateCreateSchema}
        fieldErrors={{ FX_RATE_EXISTS: 'day' }}
        confirmText={fxRateKey}
        maw={420}
        {...props}
      >
        {(form) => (
          <>
            <DateInput
              label={t('masterdata.fxRates.fields.day')}
              withAsterisk
              readOnly={existing}
              value={form.values.day || null}
              error={form.errors.day}
              onChange={(value) => form.setFieldValue('day', value ?? '')}
            />
            <TextInput
              label={t('masterdata.fxRates.fields.currency')}
              description={t('masterdata.fxRates.currencyHint')}
              withAsterisk
              maxLength={3}
              readOnly={existing}
              key={form.key('currency')}
              {...form.getInputProps('currency')}
              onChange={(event) => form.setFieldValue('currency', event.currentTarget.value.toUpperCase())}
            />
            <TextInput
              label={t('masterdata.fxRates.fields.rateToEur')}
              description={t('masterdata.fxRates.rateHint')}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              key={form.key('rateToEur')}
              {...form.getInputProps('rateToEur')}
              // A decimal comma is taken as the dot the rate is stored with.
              onChange={(event) =>
                form.setFieldValue('rateToEur', event.currentTarget.value.replace(',', '.'))
              }
            />
          </>
        )}
      </RecordForm>
      <Group mt="sm">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
