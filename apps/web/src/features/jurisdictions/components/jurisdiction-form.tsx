import {
  jurisdictionCreateSchema,
  JURISDICTION_NAME_MAX,
  type JurisdictionCreate,
} from '@backoffice/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs';
import { RecordForm } from '../../../components/record-form';

interface JurisdictionFormProps {
  initialValues: JurisdictionCreate;
  submitLabel: string;
  confirmText: (values: JurisdictionCreate) => string;
  onSave: (values: JurisdictionCreate) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
}

export function JurisdictionForm({ readOnly = false, ...props }: JurisdictionFormProps) {
  const { t } = useTranslation();
  return (
    <RecordForm
      schema={jurisdictionCreateSchema}
      fieldErrors={{ JURISDICTION_NAME_TAKEN: 'name' }}
      readOnly={readOnly}
      maw={520}
      {...props}
    >
      {(form) => (
        <TextField
          label={t('jurisdictions.fields.name')}
          placeholder={t('jurisdictions.namePlaceholder')}
          withAsterisk
          maxLength={JURISDICTION_NAME_MAX}
          readOnly={readOnly}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
      )}
    </RecordForm>
  );
}
