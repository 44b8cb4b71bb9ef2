import { GAME_VERSION_MAX, type GameVersionCreate } from '@backoffice/contracts';
import { Group } from '@mantine/core';
import { MultiSelectField, SwitchField, TextField } from '../../../components/inputs';
import { useTranslation } from 'react-i18next';
import { RecordForm } from '../../../components/record-form';
import { gameOption, useGame, useGameSearch, useJurisdictionOptions } from '../api/lookups';
import { BetSizesInput } from './bet-sizes-input';
import { gameVersionFormSchema, type GameVersionFormValues } from './form-schema';
import { PropertiesEditor } from './properties-editor';
import { RecordSelect } from '../../../components/record-select';

interface GameVersionFormProps {
  initialValues: GameVersionFormValues;
  /** Editing a stored version: it belongs to its game for good (shown, not chosen). */
  fixedGame?: { gameId: string; gameName: string } | undefined;
  /** Known jurisdictions (e.g. the version's own), labelled even when the options do not hold them. */
  knownJurisdictions?: { id: string; name: string }[];
  /** Shown under the version number (e.g. the number of the version copied). */
  versionNumberHint?: string | undefined;
  submitLabel: string;
  confirmText: (values: GameVersionCreate) => string;
  onSave: (values: GameVersionCreate) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
}

export function GameVersionForm({
  fixedGame,
  knownJurisdictions = [],
  versionNumberHint,
  readOnly = false,
  ...props
}: GameVersionFormProps) {
  const { t } = useTranslation();
  const jurisdictions = useJurisdictionOptions();
  const jurisdictionOptions = [...(jurisdictions.data ?? [])];
  for (const known of knownJurisdictions) {
    if (!jurisdictionOptions.some((option) => option.value === known.id)) {
      jurisdictionOptions.push({ value: known.id, label: known.name });
    }
  }

  return (
    <RecordForm
      schema={gameVersionFormSchema}
      fieldErrors={{ GAME_VERSION_TAKEN: 'versionNumber', GAME_NOT_FOUND: 'gameId' }}
      readOnly={readOnly}
      maw={760}
      {...props}
    >
      {(form) => (
        <>
          {fixedGame ? (
            <TextField
              label={t('gameVersions.fields.game')}
              description={t('gameVersions.gameFixed')}
              readOnly
              value={gameOption({ gameId: fixedGame.gameId, name: fixedGame.gameName }).label}
            />
          ) : (
            <RecordSelect
              label={t('gameVersions.fields.game')}
              placeholder={t('gameVersions.gamePlaceholder')}
              withAsterisk
              readOnly={readOnly}
              useSearch={useGameSearch}
              useRecord={useGame}
              toOption={gameOption}
              key={form.key('gameId')}
              {...form.getInputProps('gameId')}
              value={form.getValues().gameId}
            />
          )}
          <TextField
            label={t('gameVersions.fields.versionNumber')}
            placeholder={t('gameVersions.versionNumberPlaceholder')}
            description={versionNumberHint}
            withAsterisk
            maxLength={GAME_VERSION_MAX}
            readOnly={readOnly}
            key={form.key('versionNumber')}
            {...form.getInputProps('versionNumber')}
          />
          <MultiSelectField
            label={t('gameVersions.fields.jurisdictions')}
            placeholder={readOnly ? undefined : t('gameVersions.jurisdictionsPlaceholder')}
            data={jurisdictionOptions}
            searchable
            clearable={!readOnly}
            readOnly={readOnly}
            nothingFoundMessage={t('common.noEntries')}
            key={form.key('jurisdictionIds')}
            {...form.getInputProps('jurisdictionIds')}
          />
          <BetSizesInput form={form} readOnly={readOnly} />
          <Group>
            <SwitchField
              label={t('gameVersions.fields.supportsVouchers')}
              disabled={readOnly}
              key={form.key('supportsVouchers')}
              {...form.getInputProps('supportsVouchers', { type: 'checkbox' })}
            />
            <SwitchField
              label={t('gameVersions.fields.supportsFeatureTriggerVouchers')}
              disabled={readOnly}
              key={form.key('supportsFeatureTriggerVouchers')}
              {...form.getInputProps('supportsFeatureTriggerVouchers', { type: 'checkbox' })}
            />
          </Group>
          <PropertiesEditor form={form} readOnly={readOnly} />
          <TextField
            label={t('gameVersions.fields.frontendUrl')}
            placeholder="https://"
            maxLength={2000}
            readOnly={readOnly}
            key={form.key('frontendUrl')}
            {...form.getInputProps('frontendUrl')}
          />
          <TextField
            label={t('gameVersions.fields.backendUrl')}
            placeholder="https://"
            maxLength={2000}
            readOnly={readOnly}
            key={form.key('backendUrl')}
            {...form.getInputProps('backendUrl')}
          />
        </>
      )}
    </RecordForm>
  );
}
