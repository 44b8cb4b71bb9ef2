import { PasswordField, TextField } from '../../../components/inputs';
/**
 * A bridge's name, router URL, shared signing secret and properties. The secret is write-only: once
 * stored it is never shown, an empty field keeps it (docs/bridge-protocol.md: it signs every request).
 */
import {
  BRIDGE_NAME_MAX,
  BRIDGE_SECRET_MIN,
  bridgeCreateSchema,
  bridgeUpdateSchema,
  SECRET_MASK,
} from '@backoffice/contracts';

import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PropertiesEditor } from '../../../components/properties-editor';
import { RecordForm } from '../../../components/record-form';
import { propertyRowsSchema, type PropertyRow } from '../../../lib/form-schemas';

const createFields = bridgeCreateSchema.shape;
const updateFields = bridgeUpdateSchema.shape;

/** On create the secret is required; on change an empty one keeps the stored secret. */
function bridgeFormSchema(secretStored: boolean) {
  return z.object({
    name: createFields.name,
    routerUrl: createFields.routerUrl,
    secret: secretStored ? updateFields.secret : createFields.secret,
    properties: propertyRowsSchema.pipe(createFields.properties),
  });
}

export type BridgeFormValues = z.input<ReturnType<typeof bridgeFormSchema>> & { properties: PropertyRow[] };

export type BridgeFormResult = z.output<ReturnType<typeof bridgeFormSchema>>;

interface BridgeFormProps {
  initialValues: BridgeFormValues;
  /** Whether a secret is stored already (edit). */
  secretStored: boolean;
  submitLabel: string;
  confirmText: (values: BridgeFormResult) => string;
  onSave: (values: BridgeFormResult) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
}

export function BridgeForm({ secretStored, readOnly = false, ...props }: BridgeFormProps) {
  const { t } = useTranslation();
  return (
    <RecordForm
      schema={bridgeFormSchema(secretStored)}
      fieldErrors={{ BRIDGE_NAME_TAKEN: 'name' }}
      readOnly={readOnly}
      {...props}
    >
      {(form) => (
        <>
          <TextField
            label={t('bridges.fields.name')}
            withAsterisk
            maxLength={BRIDGE_NAME_MAX}
            readOnly={readOnly}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextField
            label={t('bridges.fields.routerUrl')}
            description={t('bridges.routerUrlHint')}
            placeholder="https://…"
            withAsterisk
            readOnly={readOnly}
            key={form.key('routerUrl')}
            {...form.getInputProps('routerUrl')}
          />
          {!readOnly && (
            <PasswordField
              label={t('bridges.fields.secret')}
              description={
                secretStored ? t('secrets.stored') : t('bridges.secretHint', { min: BRIDGE_SECRET_MIN })
              }
              placeholder={secretStored ? `${SECRET_MASK} ${t('secrets.kept')}` : undefined}
              withAsterisk={!secretStored}
              autoComplete="new-password"
              key={form.key('secret')}
              {...form.getInputProps('secret')}
            />
          )}
          <PropertiesEditor form={form} readOnly={readOnly} />
        </>
      )}
    </RecordForm>
  );
}
