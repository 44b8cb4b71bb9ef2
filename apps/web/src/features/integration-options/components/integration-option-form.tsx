import {
  integrationOptionCreateSchema,
  integrationOptionDataTypes,
  INTEGRATION_OPTION_NAME_MAX,
  type IntegrationOptionCreate,
  type IntegrationOptionDataType,
} from '@backoffice/contracts';
import { Code, Fieldset, Text } from '@mantine/core';
import { SelectField, TextField } from '../../../components/inputs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionValueInput } from '../../../components/option-value-input';
import { RecordForm } from '../../../components/record-form';

interface IntegrationOptionFormProps {
  initialValues: IntegrationOptionCreate;
  submitLabel: string;
  confirmText: (values: IntegrationOptionCreate) => string;
  onSave: (values: IntegrationOptionCreate) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
  /** Casinos giving the option a value: while there are any, its data type stays. */
  casinoCount?: number;
}

export function IntegrationOptionForm({
  readOnly = false,
  casinoCount = 0,
  ...props
}: IntegrationOptionFormProps) {
  const { t } = useTranslation();
  const locked = casinoCount > 0;
  return (
    <RecordForm
      schema={integrationOptionCreateSchema}
      fieldErrors={{ INTEGRATION_OPTION_NAME_TAKEN: 'name', INTEGRATION_OPTION_IN_USE: 'dataType' }}
      readOnly={readOnly}
      maw={520}
      {...props}
    >
      {(form) => (
        <>
          <TextField
            label={t('integrationOptions.fields.name')}
            withAsterisk
            maxLength={INTEGRATION_OPTION_NAME_MAX}
            readOnly={readOnly}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <SelectField
            label={t('integrationOptions.fields.dataType')}
            withAsterisk
            allowDeselect={false}
            readOnly={readOnly}
            disabled={locked && !readOnly}
            description={locked ? t('integrationOptions.dataTypeLocked', { count: casinoCount }) : undefined}
            data={integrationOptionDataTypes.map((dataType) => ({
              value: dataType,
              label: t(`integrationOptions.dataTypes.${dataType}`),
            }))}
            key={form.key('dataType')}
            {...form.getInputProps('dataType')}
          />
          <ValuePreview key={form.values.dataType} dataType={form.values.dataType} />
        </>
      )}
    </RecordForm>
  );
}

/** The input casinos will give the option's value with, to try out (nothing of it is saved). */
function ValuePreview({ dataType }: { dataType: IntegrationOptionDataType }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <Fieldset legend={t('integrationOptions.preview.title')} variant="filled">
      <Text size="sm" c="dimmed" mb="sm">
        {t('integrationOptions.preview.hint')}
      </Text>
      <OptionValueInput
        dataType={dataType}
        label={t('integrationOptions.preview.value')}
        value={value}
        onChange={setValue}
      />
      <Text size="sm" mt="sm" data-testid="preview-stored">
        {t('integrationOptions.preview.stored')}{' '}
        {value === '' ? (
          <Text span c="dimmed">
            {t('integrationOptions.preview.empty')}
          </Text>
        ) : (
          <Code>{value}</Code>
        )}
      </Text>
    </Fieldset>
  );
}
