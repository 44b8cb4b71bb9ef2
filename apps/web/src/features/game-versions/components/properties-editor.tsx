/**
 * The version's properties as key/value rows. The game's required keys that the rows leave unset or empty
 * are listed above them, with a button that adds an empty row for each required key without a row.
 */
import { ActionIcon, Alert, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useGame } from '../api/lookups';
import { missingKeys, type GameVersionFormValues } from './form-schema';

interface PropertiesEditorProps {
  form: UseFormReturnType<GameVersionFormValues>;
  readOnly: boolean;
}

export function PropertiesEditor({ form, readOnly }: PropertiesEditorProps) {
  const { t } = useTranslation();
  const { gameId, properties: rows } = form.getValues();
  const game = useGame(gameId);
  const missing = game.data ? missingKeys(game.data.requiredPropertyKeys, rows) : [];
  const withoutRow = missing.filter((key) => !rows.some((row) => row.key.trim() === key));

  return (
    <Input.Wrapper label={t('gameVersions.fields.properties')}>
      <Stack gap="xs" mt={4}>
        {missing.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            title={t('gameVersions.missingTitle', { count: missing.length })}
            data-testid="missing-properties"
          >
            <Text size="sm">
              {t('gameVersions.missingText', { game: game.data?.name ?? '' })} <b>{missing.join(', ')}</b>
            </Text>
            {!readOnly && withoutRow.length > 0 && (
              <Button
                mt="xs"
                size="compact-sm"
                variant="light"
                color="orange"
                onClick={() => {
                  for (const key of withoutRow) form.insertListItem('properties', { key, value: '' });
                }}
              >
                {t('gameVersions.addMissing', { count: withoutRow.length })}
              </Button>
            )}
          </Alert>
        )}
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('gameVersions.noProperties')}
          </Text>
        )}
        {rows.map((row, index) => (
          <Group key={index} align="flex-start" wrap="nowrap" gap="xs">
            <TextInput
              aria-label={t('gameVersions.propertyKey')}
              placeholder={t('gameVersions.propertyKey')}
              w={240}
              maxLength={100}
              readOnly={readOnly}
              key={form.key(`properties.${index}.key`)}
              {...form.getInputProps(`properties.${index}.key`)}
            />
            <TextInput
              aria-label={t('gameVersions.propertyValue', { key: row.key.trim() || '…' })}
              placeholder={t('gameVersions.propertyValuePlaceholder')}
              style={{ flex: 1 }}
              maxLength={2000}
              readOnly={readOnly}
              key={form.key(`properties.${index}.value`)}
              {...form.getInputProps(`properties.${index}.value`)}
            />
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('gameVersions.removeProperty', { key: row.key.trim() || '…' })}
                onClick={() => form.removeListItem('properties', index)}
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
              onClick={() => form.insertListItem('properties', { key: '', value: '' })}
            >
              {t('gameVersions.addProperty')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
