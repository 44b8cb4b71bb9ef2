/**
 * The casino's values of integration options: add an option, give it a value in the input of its data
 * type, remove it again. Each option has at most one value.
 */
import type { IntegrationOptionDataType } from '@backoffice/contracts';
import { ActionIcon, Box, Group, Input, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionValueInput } from '../../../components/option-value-input';
import { useIntegrationOptions } from '../api/lookups';
import type { CasinoFormValues } from './form-schema';

interface OptionValuesEditorProps {
  form: UseFormReturnType<CasinoFormValues>;
  readOnly: boolean;
}

/** What a newly added option starts with. */
function initialValue(dataType: IntegrationOptionDataType): string {
  return dataType === 'boolean' ? 'false' : '';
}

export function OptionValuesEditor({ form, readOnly }: OptionValuesEditorProps) {
  const { t } = useTranslation();
  const rows = form.getValues().optionValues;
  const options = useIntegrationOptions();
  const [search, setSearch] = useState('');
  const addable = (options.data?.items ?? []).filter(
    (option) => !rows.some((row) => row.optionId === option.id),
  );

  return (
    <Input.Wrapper label={t('casinos.fields.optionValues')} description={t('casinos.options.hint')}>
      <Stack gap="xs" mt={4}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('casinos.options.none')}
          </Text>
        )}
        {rows.map((row, index) => {
          const path = `optionValues.${index}.value`;
          return (
            <Group key={row.optionId} align="flex-start" wrap="nowrap" gap="xs">
              <Box flex={1}>
                <OptionValueInput
                  dataType={row.dataType}
                  label={row.optionName}
                  description={t(`casinos.options.dataTypes.${row.dataType}`)}
                  readOnly={readOnly}
                  error={form.errors[path]}
                  value={row.value}
                  onChange={(value) => form.setFieldValue(path, value)}
                />
              </Box>
              {!readOnly && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={24}
                  aria-label={t('casinos.options.remove', { option: row.optionName })}
                  onClick={() => form.removeListItem('optionValues', index)}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          );
        })}
        {!readOnly && (
          <Select
            aria-label={t('casinos.options.add')}
            placeholder={t('casinos.options.add')}
            w={320}
            searchable
            // The select only adds: it stays empty, ready for the next option.
            value={null}
            searchValue={search}
            onSearchChange={setSearch}
            data={addable.map((option) => ({
              value: option.id,
              label: `${option.name} (${t(`casinos.options.dataTypes.${option.dataType}`)})`,
            }))}
            nothingFoundMessage={t('casinos.options.nothingToAdd')}
            onChange={(optionId) => {
              const option = addable.find((candidate) => candidate.id === optionId);
              setSearch('');
              if (!option) return;
              form.insertListItem('optionValues', {
                optionId: option.id,
                optionName: option.name,
                dataType: option.dataType,
                value: initialValue(option.dataType),
              });
            }}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
