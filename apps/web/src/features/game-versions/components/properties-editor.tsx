/**
 * The version's properties as key/value rows (the shared editor). The game's required keys that the rows leave unset or empty
 * are listed above them, with a button that adds an empty row for each required key without a row.
 */
import { Alert, Button, Text } from '@mantine/core';
import { PropertiesEditor as SharedPropertiesEditor } from '../../../components/properties-editor';
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
    <SharedPropertiesEditor form={form} label={t('gameVersions.fields.properties')} readOnly={readOnly}>
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
    </SharedPropertiesEditor>
  );
}
