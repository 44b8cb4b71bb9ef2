/** The chosen operator API's configuration fields, on the shared API-configuration fields. */
import {
  isOperatorSecretField,
  operatorApis,
  operatorUrlFields,
  type OperatorSecretField,
} from '@backoffice/contracts';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiConfigFields } from '../../../components/api-config-fields';
import type { CasinoFormValues } from './form-schema';

interface OperatorConfigFieldsProps {
  form: UseFormReturnType<CasinoFormValues>;
  /** The secrets stored now (edit only): shown masked. */
  secretsSet: readonly OperatorSecretField[];
  readOnly: boolean;
}

export function OperatorConfigFields({ form, secretsSet, readOnly }: OperatorConfigFieldsProps) {
  const { t } = useTranslation();
  const { api } = form.getValues();
  return (
    <ApiConfigFields
      form={form}
      legend={t('casinos.configLegend', { api: t(`casinos.apis.${api}`) })}
      fields={operatorApis[api]}
      isSecret={isOperatorSecretField}
      urlFields={operatorUrlFields}
      labelOf={(field) => t(`casinos.config.${field}`)}
      secretsSet={secretsSet}
      readOnly={readOnly}
    />
  );
}
