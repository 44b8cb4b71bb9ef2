/**
 * The chosen API's configuration fields (game providers, casinos' operator APIs): text and URL fields,
 * and write-only secrets — a stored secret shows masked, stays when left empty, and can be removed
 * (decision 014). The form holds `config` (field → text) and `clearSecrets`.
 */
import { SECRET_MASK } from '@backoffice/contracts';
import { Checkbox, Fieldset, Group, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from './inputs/fields';

interface ApiConfigValues {
  config: Partial<Record<string, string>>;
  clearSecrets?: string[] | undefined;
}

export interface ApiConfigFieldsProps<Values extends ApiConfigValues> {
  form: UseFormReturnType<Values>;
  legend: string;
  /** The chosen API's fields; the first one is required. */
  fields: readonly string[];
  isSecret: (field: string) => boolean;
  urlFields: readonly string[];
  labelOf: (field: string) => string;
  /** The secrets stored now (edit only): shown masked. */
  secretsSet: readonly string[];
  readOnly: boolean;
  /** Shown instead of the fieldset when the API has no fields. */
  emptyText?: string;
}

export function ApiConfigFields<Values extends ApiConfigValues>({
  form,
  legend,
  fields,
  isSecret,
  urlFields,
  labelOf,
  secretsSet,
  readOnly,
  emptyText,
}: ApiConfigFieldsProps<Values>) {
  const { t } = useTranslation();
  const { config, clearSecrets = [] } = form.getValues();
  const setClearSecrets = (next: string[]) =>
    (form.setFieldValue as (path: string, value: unknown) => void)('clearSecrets', next);
  if (fields.length === 0) return <Text c="dimmed">{emptyText}</Text>;

  return (
    <Fieldset legend={legend}>
      {fields.map((field, index) => {
        const label = labelOf(field);
        const inputProps = { ...form.getInputProps(`config.${field}`), value: config[field] ?? '' };
        if (!isSecret(field)) {
          return (
            <TextField
              key={field}
              mt={index ? 'sm' : 0}
              label={label}
              withAsterisk={index === 0}
              readOnly={readOnly}
              placeholder={urlFields.includes(field) ? 'https://…' : undefined}
              {...inputProps}
            />
          );
        }
        const stored = secretsSet.includes(field);
        const clearing = clearSecrets.includes(field);
        return (
          <Group key={field} mt={index ? 'sm' : 0} align="flex-end" wrap="nowrap">
            <PasswordField
              flex={1}
              label={label}
              readOnly={readOnly}
              disabled={clearing}
              autoComplete="new-password"
              placeholder={stored ? `${SECRET_MASK} ${t('secrets.kept')}` : undefined}
              description={stored ? t('secrets.stored') : t('secrets.notSet')}
              {...inputProps}
            />
            {stored && !readOnly && (
              <Checkbox
                mb={8}
                label={t('secrets.remove')}
                aria-label={t('secrets.removeOf', { field: label })}
                checked={clearing}
                onChange={(event) =>
                  setClearSecrets(
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
