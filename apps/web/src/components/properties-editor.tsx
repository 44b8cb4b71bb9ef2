/**
 * Properties as key/value rows inside a Mantine form (bridges, casinos, integrations, game versions).
 * The form holds the rows at `path`; `propertyRowsSchema` (lib/form-schemas) turns them into the
 * contract's record. `children` renders above the rows (e.g. which required keys are missing).
 */
import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyRow } from '../lib/form-schemas';
import { TextField } from './inputs/fields';

interface PropertiesEditorProps<Values> {
  form: UseFormReturnType<Values>;
  /** Where the rows live in the form's values. */
  path?: string;
  label?: string;
  readOnly: boolean;
  children?: ReactNode;
}

export function PropertiesEditor<Values>({
  form,
  path = 'properties',
  label,
  readOnly,
  children,
}: PropertiesEditorProps<Values>) {
  const { t } = useTranslation();
  const rows = ((form.getValues() as Record<string, unknown>)[path] ?? []) as PropertyRow[];
  const shown = (key: string) => key.trim() || '…';

  return (
    <Input.Wrapper label={label ?? t('properties.label')}>
      <Stack gap="xs" mt={4}>
        {children}
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('properties.none')}
          </Text>
        )}
        {rows.map((row, index) => (
          <Group key={index} align="flex-start" wrap="nowrap" gap="xs">
            <TextField
              aria-label={t('properties.key')}
              placeholder={t('properties.key')}
              w={240}
              maxLength={100}
              readOnly={readOnly}
              key={form.key(`${path}.${index}.key`)}
              {...form.getInputProps(`${path}.${index}.key`)}
            />
            <TextField
              aria-label={t('properties.value', { key: shown(row.key) })}
              placeholder={t('properties.valuePlaceholder')}
              style={{ flex: 1 }}
              maxLength={2000}
              readOnly={readOnly}
              key={form.key(`${path}.${index}.value`)}
              {...form.getInputProps(`${path}.${index}.value`)}
            />
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('properties.remove', { key: shown(row.key) })}
                onClick={() => form.removeListItem(path, index)}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {!readOnly && (
          <Group>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => form.insertListItem(path, { key: '', value: '' } as never)}
            >
              {t('properties.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
