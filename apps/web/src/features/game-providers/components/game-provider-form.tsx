import { SelectField, TextField } from '../../../components/inputs';
/**
 * A provider's name, API and that API's configuration. Only the chosen API's fields are shown and sent;
 * secrets are write-only: a stored secret shows masked, stays when left empty, and can be removed.
 */
import {
  gameProviderApiNames,
  gameProviderCreateSchema,
  GAME_PROVIDER_NAME_MAX,
  isProviderSecretField,
  providerFieldsOf,
  providerUrlFields,
  type GameProviderApi,
  type GameProviderCreate,
  type ProviderSecretField,
} from '@backoffice/contracts';

import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiConfigFields } from '../../../components/api-config-fields';
import { RecordForm } from '../../../components/record-form';

export type GameProviderFormValues = GameProviderCreate;

interface GameProviderFormProps {
  initialValues: GameProviderFormValues;
  /** The secrets stored now (edit only): shown masked. */
  secretsSet?: readonly ProviderSecretField[];
  /** The id is chosen once, on create. */
  idEditable: boolean;
  submitLabel: string;
  confirmText: (values: GameProviderCreate) => string;
  onSave: (values: GameProviderCreate) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
}

/** Keeps only the fields of `api`, so a hidden field of another API is never sent. */
function configFor(api: GameProviderApi, config: GameProviderFormValues['config']) {
  const fields = new Set<string>(providerFieldsOf(api));
  return Object.fromEntries(Object.entries(config).filter(([field]) => fields.has(field)));
}

export function GameProviderForm({
  initialValues,
  secretsSet = [],
  idEditable,
  readOnly = false,
  onSave,
  ...props
}: GameProviderFormProps) {
  const { t } = useTranslation();
  return (
    <RecordForm
      schema={gameProviderCreateSchema}
      initialValues={initialValues}
      fieldErrors={{ GAME_PROVIDER_ID_TAKEN: 'id', GAME_PROVIDER_NAME_TAKEN: 'name' }}
      readOnly={readOnly}
      onSave={(values) => onSave({ ...values, config: configFor(values.api, values.config) })}
      {...props}
    >
      {(form) => (
        <>
          <TextField
            label={t('gameProviders.fields.id')}
            description={idEditable ? t('gameProviders.idHint') : undefined}
            withAsterisk={idEditable}
            readOnly={readOnly || !idEditable}
            key={form.key('id')}
            {...form.getInputProps('id')}
          />
          <TextField
            label={t('gameProviders.fields.name')}
            withAsterisk
            maxLength={GAME_PROVIDER_NAME_MAX}
            readOnly={readOnly}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <SelectField
            label={t('gameProviders.fields.api')}
            withAsterisk
            allowDeselect={false}
            readOnly={readOnly}
            data={gameProviderApiNames.map((api) => ({ value: api, label: t(`gameProviders.apis.${api}`) }))}
            key={form.key('api')}
            {...form.getInputProps('api')}
            onChange={(value) => {
              if (!value) return;
              const api = value as GameProviderApi;
              form.setFieldValue('api', api);
              // Fields of the previous API are dropped, not sent (they would be refused).
              form.setFieldValue('config', configFor(api, form.getValues().config));
            }}
          />
          <ConfigFields form={form} secretsSet={secretsSet} readOnly={readOnly} />
        </>
      )}
    </RecordForm>
  );
}

function ConfigFields({
  form,
  secretsSet,
  readOnly,
}: {
  form: UseFormReturnType<GameProviderFormValues>;
  secretsSet: readonly ProviderSecretField[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { api } = form.getValues();
  return (
    <ApiConfigFields
      form={form}
      legend={t('gameProviders.configLegend', { api: t(`gameProviders.apis.${api}`) })}
      fields={providerFieldsOf(api)}
      isSecret={isProviderSecretField}
      urlFields={providerUrlFields}
      labelOf={(field) => t(`gameProviders.config.${field}`)}
      secretsSet={secretsSet}
      readOnly={readOnly}
      emptyText={t('gameProviders.noConfig')}
    />
  );
}
