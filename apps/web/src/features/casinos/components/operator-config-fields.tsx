/**
 * The chosen operator API's configuration fields (as the provider form shows its API's): text, URL and
 * write-only secrets — a stored secret shows masked, stays when left empty, and can be removed.
 */
import {
  isOperatorSecretField,
  operatorApis,
  operatorUrlFields,
  SECRET_MASK,
  type OperatorSecretField,
} from '@backoffice/contracts';
import { Checkbox, Fieldset, Group, PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CasinoFormValues } from './form-schema';

interface OperatorConfigFieldsProps {
  form: UseFormReturnType<CasinoFormValues>;
  /** The secrets stored now (edit only): shown masked. */
  secretsSet: readonly OperatorSecretField[];
  readOnly: boolean;
}

export function OperatorConfigFields({ form, secretsSet, readOnly }: OperatorConfigFieldsProps) {
  const { t } = useTranslation();
  const { api, clearSecrets = [] } = form.getValues();
  return (
    <Fieldset legend={t('casinos.configLegend', { api: t(`casinos.apis.${api}`) })}>
      {operatorApis[api].map((field, index) => {
        const label = t(`casinos.config.${field}`);
        const inputProps = {
          ...form.getInputProps(`config.${field}`),
          value: form.getValues().config[field] ?? '',
        };
        if (!isOperatorSecretField(field)) {
          return (
            <TextInput
              key={field}
              mt={index ? 'sm' : 0}
              label={label}
              withAsterisk={index === 0}
              readOnly={readOnly}
              placeholder={(operatorUrlFields as readonly string[]).includes(field) ? 'https://…' : undefined}
              {...inputProps}
            />
          );
        }
        const stored = secretsSet.includes(field);
        const clearing = clearSecrets.includes(field);
        return (
          <Group key={field} mt={index ? 'sm' : 0} align="flex-end" wrap="nowrap">
            <PasswordInput
              flex={1}
              label={label}
              readOnly={readOnly}
              disabled={clearing}
              autoComplete="new-password"
              placeholder={stored ? `${SECRET_MASK} ${t('casinos.secretKept')}` : undefined}
              description={stored ? t('casinos.secretStored') : t('casinos.secretNotSet')}
              {...inputProps}
            />
            {stored && !readOnly && (
              <Checkbox
                mb={8}
                label={t('casinos.removeSecret')}
                aria-label={t('casinos.removeSecretOf', { field: label })}
                checked={clearing}
                onChange={(event) =>
                  form.setFieldValue(
                    'clearSecrets',
                    event.currentTarget.checked
                      ? [...clearSecrets, field]
                      : clearSecrets.filter((cleared) => cleared !== field),
                  )
                }
              />
            )}
          </Group>
        );
      })}
    </Fieldset>
  );
}
