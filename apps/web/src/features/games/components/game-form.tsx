import {
  CODE_ID_MAX,
  gameCreateSchema,
  GAME_NAME_MAX,
  localeOf,
  propertyKeySchema,
  type GameCreate,
} from '@backoffice/contracts';

import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CurrencyInput,
  DecimalInput,
  formatCurrencyValue,
  NumberInput,
  parseCurrencyValue,
  TagsField,
  TextField,
} from '../../../components/inputs';
import { RecordForm } from '../../../components/record-form';
import { i18n } from '../../../i18n';
import { useLanguage } from '../../../lib/use-language';
import { useProvider, useProviderSearch, useStudio, useStudioSearch } from '../api/lookups';
import { required, withPatternMessage } from '../../../lib/form-schemas';
import { RecordSelect } from '../../../components/record-select';

const fields = gameCreateSchema.shape;

/** The form's values: selects and numbers are `null` while empty; the minimum bet in cents. */
export const gameFormSchema = z.object({
  gameId: withPatternMessage(fields.gameId, () => i18n.t('games.gameIdPattern')),
  name: fields.name,
  studioId: required(fields.studioId),
  providerId: required(fields.providerId),
  gameProviderGameId: fields.gameProviderGameId,
  theoreticalRtp: required(fields.theoreticalRtp),
  maxExposureFactor: required(fields.maxExposureFactor),
  minBetCents: required(fields.minBetCents),
  requiredPropertyKeys: z
    .array(z.string())
    .superRefine((keys, ctx) => {
      const invalid = keys.find((key) => !propertyKeySchema.safeParse(key).success);
      if (invalid !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: i18n.t('games.propertyKeyPattern', { key: invalid }),
          input: keys,
        });
      }
    })
    .pipe(fields.requiredPropertyKeys),
}) satisfies z.ZodType<GameCreate>;

export type GameFormValues = z.input<typeof gameFormSchema>;

export const emptyGameForm: GameFormValues = {
  gameId: '',
  name: '',
  studioId: null,
  providerId: null,
  gameProviderGameId: '',
  theoreticalRtp: null,
  maxExposureFactor: null,
  minBetCents: null,
  requiredPropertyKeys: [],
};

/** The stored euro cents as the currency input's value ("EUR 0.10"), and back. */
function centsToCurrency(cents: number | null): string | null {
  return cents === null ? null : formatCurrencyValue(cents / 100, 'EUR');
}

function currencyToCents(value: string | null): number | null {
  const parsed = parseCurrencyValue(value);
  return parsed === null ? null : Math.round(parsed.amount * 100);
}

interface GameFormProps {
  initialValues: GameFormValues;
  /** Editing: the game id is the key and cannot change. */
  editing?: boolean;
  submitLabel: string;
  confirmText: (values: GameCreate) => string;
  onSave: (values: GameCreate) => Promise<unknown>;
  onReload?: () => void;
  readOnly?: boolean;
}

export function GameForm({ readOnly = false, editing = false, ...props }: GameFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <RecordForm
      schema={gameFormSchema}
      fieldErrors={{
        GAME_ID_TAKEN: 'gameId',
        GAME_STUDIO_NOT_FOUND: 'studioId',
        GAME_PROVIDER_BOUND_NOT_FOUND: 'providerId',
      }}
      readOnly={readOnly}
      {...props}
    >
      {(form) => {
        const minBet = form.getInputProps('minBetCents');
        const gameId = form.getValues().gameId.trim();
        return (
          <>
            <TextField
              label={t('games.fields.gameId')}
              description={editing ? t('games.gameIdFixed') : t('games.gameIdHint')}
              withAsterisk={!editing}
              maxLength={CODE_ID_MAX}
              readOnly={readOnly || editing}
              key={form.key('gameId')}
              {...form.getInputProps('gameId')}
            />
            <TextField
              label={t('games.fields.name')}
              withAsterisk
              maxLength={GAME_NAME_MAX}
              readOnly={readOnly}
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <RecordSelect
              label={t('games.fields.studio')}
              placeholder={t('games.studioPlaceholder')}
              withAsterisk
              readOnly={readOnly}
              useSearch={useStudioSearch}
              useRecord={useStudio}
              toOption={(studio) => ({ value: studio.id, label: studio.name })}
              key={form.key('studioId')}
              {...form.getInputProps('studioId')}
              value={form.getValues().studioId}
            />
            <RecordSelect
              label={t('games.fields.provider')}
              placeholder={t('games.providerPlaceholder')}
              withAsterisk
              readOnly={readOnly}
              useSearch={useProviderSearch}
              useRecord={useProvider}
              toOption={(provider) => ({ value: provider.id, label: provider.name })}
              key={form.key('providerId')}
              {...form.getInputProps('providerId')}
              value={form.getValues().providerId}
            />
            <TextField
              label={t('games.fields.gameProviderGameId')}
              placeholder={
                gameId
                  ? t('games.gameProviderGameIdPlaceholderOf', { gameId })
                  : t('games.gameProviderGameIdPlaceholder')
              }
              description={t('games.gameProviderGameIdHint')}
              maxLength={128}
              readOnly={readOnly}
              key={form.key('gameProviderGameId')}
              {...form.getInputProps('gameProviderGameId')}
            />
            <DecimalInput
              label={t('games.fields.theoreticalRtp')}
              description={t('games.theoreticalRtpHint')}
              withAsterisk
              rightSection="%"
              readOnly={readOnly}
              key={form.key('theoreticalRtp')}
              {...form.getInputProps('theoreticalRtp')}
              value={form.getValues().theoreticalRtp}
            />
            <NumberInput
              label={t('games.fields.maxExposureFactor')}
              description={t('games.maxExposureFactorHint')}
              withAsterisk
              inputMode="numeric"
              readOnly={readOnly}
              key={form.key('maxExposureFactor')}
              {...form.getInputProps('maxExposureFactor')}
              value={form.getValues().maxExposureFactor}
            />
            <CurrencyInput
              label={t('games.fields.minBet')}
              withAsterisk
              locale={localeOf[language]}
              readOnly={readOnly}
              key={form.key('minBetCents')}
              {...minBet}
              value={centsToCurrency(form.getValues().minBetCents)}
              onChange={(value) => minBet.onChange(currencyToCents(value))}
            />
            <TagsField
              label={t('games.fields.requiredPropertyKeys')}
              description={t('games.requiredPropertyKeysHint')}
              placeholder={readOnly ? undefined : t('games.requiredPropertyKeysPlaceholder')}
              splitChars={[',', ' ', ';']}
              clearable={!readOnly}
              readOnly={readOnly}
              key={form.key('requiredPropertyKeys')}
              {...form.getInputProps('requiredPropertyKeys')}
            />
          </>
        );
      }}
    </RecordForm>
  );
}
