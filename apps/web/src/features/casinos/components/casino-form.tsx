/**
 * A casino's settings: name, bridge, jurisdiction, the operator API with only that API's configuration
 * (write-only secrets masked, kept when left empty, removable), the flags, the game round validity period,
 * properties, the settings at game providers and the values of integration options.
 */
import {
  CASINO_NAME_MAX,
  CODE_ID_MAX,
  operatorApiNames,
  VALIDITY_PERIOD_MAX_DAYS,
  type CasinoCreate,
  type OperatorApi,
  type OperatorSecretField,
} from '@backoffice/contracts';
import { Divider, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberInput, SelectField, SwitchField, TextField } from '../../../components/inputs';
import { PropertiesEditor } from '../../../components/properties-editor';
import { RecordForm } from '../../../components/record-form';
import { useBridgeOptions, useJurisdictionOptions, type KnownRecord } from '../api/lookups';
import { casinoFormSchema, configFor, forApi, type CasinoFormValues } from './form-schema';
import { OperatorConfigFields } from './operator-config-fields';
import { OptionValuesEditor } from './option-values-editor';
import { ProviderConfigsEditor } from './provider-configs-editor';

interface CasinoFormProps {
  initialValues: CasinoFormValues;
  /** The secrets stored now (edit only): shown masked. */
  secretsSet?: readonly OperatorSecretField[];
  /** The casino's own bridge and jurisdiction, labelled even when the options do not hold them. */
  known?: { bridge?: KnownRecord; jurisdiction?: KnownRecord };
  /** The id is chosen once, on create. */
  idEditable: boolean;
  submitLabel: string;
  confirmText: (values: CasinoCreate) => string;
  onSave: (values: CasinoCreate) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
}

export function CasinoForm({
  secretsSet = [],
  known = {},
  idEditable,
  readOnly = false,
  onSave,
  ...props
}: CasinoFormProps) {
  const { t } = useTranslation();
  const bridges = useBridgeOptions(known.bridge ? [known.bridge] : []);
  const jurisdictions = useJurisdictionOptions(known.jurisdiction ? [known.jurisdiction] : []);

  return (
    <RecordForm
      schema={casinoFormSchema}
      fieldErrors={{
        CASINO_ID_TAKEN: 'id',
        BRIDGE_NOT_FOUND: 'bridgeId',
        JURISDICTION_NOT_FOUND: 'jurisdictionId',
      }}
      readOnly={readOnly}
      maw={760}
      onSave={(values) => onSave(forApi(values))}
      {...props}
    >
      {(form) => (
        <>
          <TextField
            label={t('casinos.fields.id')}
            description={idEditable ? t('casinos.idHint') : t('casinos.idFixed')}
            withAsterisk={idEditable}
            maxLength={CODE_ID_MAX}
            readOnly={readOnly || !idEditable}
            key={form.key('id')}
            {...form.getInputProps('id')}
          />
          <TextField
            label={t('casinos.fields.name')}
            withAsterisk
            maxLength={CASINO_NAME_MAX}
            readOnly={readOnly}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <SelectField
            label={t('casinos.fields.bridge')}
            placeholder={t('casinos.bridgePlaceholder')}
            withAsterisk
            searchable
            allowDeselect={false}
            readOnly={readOnly}
            data={bridges}
            nothingFoundMessage={t('common.noEntries')}
            key={form.key('bridgeId')}
            {...form.getInputProps('bridgeId')}
          />
          <SelectField
            label={t('casinos.fields.jurisdiction')}
            placeholder={t('casinos.jurisdictionPlaceholder')}
            withAsterisk
            searchable
            allowDeselect={false}
            readOnly={readOnly}
            data={jurisdictions}
            nothingFoundMessage={t('common.noEntries')}
            key={form.key('jurisdictionId')}
            {...form.getInputProps('jurisdictionId')}
          />
          <SelectField
            label={t('casinos.fields.api')}
            withAsterisk
            allowDeselect={false}
            readOnly={readOnly}
            data={operatorApiNames.map((api) => ({ value: api, label: t(`casinos.apis.${api}`) }))}
            key={form.key('api')}
            {...form.getInputProps('api')}
            onChange={(value) => {
              if (!value) return;
              const api = value as OperatorApi;
              form.setFieldValue('api', api);
              // Fields of the previous API are dropped, not sent (they would be refused).
              form.setFieldValue('config', configFor(api, form.getValues().config));
            }}
          />
          <OperatorConfigFields form={form} secretsSet={secretsSet} readOnly={readOnly} />
          <Group>
            <SwitchField
              label={t('casinos.fields.showGameLaunchPage')}
              disabled={readOnly}
              key={form.key('showGameLaunchPage')}
              {...form.getInputProps('showGameLaunchPage', { type: 'checkbox' })}
            />
            <SwitchField
              label={t('casinos.fields.cheatingAllowed')}
              disabled={readOnly}
              key={form.key('cheatingAllowed')}
              {...form.getInputProps('cheatingAllowed', { type: 'checkbox' })}
            />
            <SwitchField
              label={t('casinos.fields.sendEventMessages')}
              disabled={readOnly}
              key={form.key('sendEventMessages')}
              {...form.getInputProps('sendEventMessages', { type: 'checkbox' })}
            />
          </Group>
          <NumberInput
            label={t('casinos.fields.gameRoundValidityPeriodDays')}
            description={t('casinos.validityHint', { max: VALIDITY_PERIOD_MAX_DAYS })}
            placeholder={t('casinos.validityPlaceholder')}
            inputMode="numeric"
            rules={`integer|minValue:1|maxValue:${VALIDITY_PERIOD_MAX_DAYS}`}
            readOnly={readOnly}
            key={form.key('gameRoundValidityPeriodDays')}
            {...form.getInputProps('gameRoundValidityPeriodDays')}
            value={form.getValues().gameRoundValidityPeriodDays}
          />
          <Divider />
          <PropertiesEditor form={form} label={t('casinos.fields.properties')} readOnly={readOnly} />
          <Divider />
          <ProviderConfigsEditor form={form} readOnly={readOnly} />
          <Divider />
          <OptionValuesEditor form={form} readOnly={readOnly} />
        </>
      )}
    </RecordForm>
  );
}
