/**
 * The bet sizes as tags. Like every field of spec §5 it validates on input and on blur: each added or
 * removed entry, and the entry being typed, is checked at once, and the field's error says the first
 * problem — not only when the form is sent.
 */
import { TagsInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { betSizesError, type GameVersionFormValues } from './form-schema';

interface BetSizesInputProps {
  form: UseFormReturnType<GameVersionFormValues>;
  readOnly: boolean;
}

export function BetSizesInput({ form, readOnly }: BetSizesInputProps) {
  const { t } = useTranslation();
  // The text being typed, read in the same event that adds it as an entry (state would lag a render).
  const draft = useRef('');
  const input = form.getInputProps('betSizes');

  const check = (entries: readonly string[]) => {
    const typed = draft.current.trim();
    const error = betSizesError(typed ? [...entries, typed] : entries);
    // As an update of the errors rather than setFieldError: one event (blur adding the typed entry) clears
    // and sets the error several times, and setFieldError compares with the errors of the last render.
    form.setErrors((errors) => ({ ...errors, betSizes: error }));
  };

  return (
    <TagsInput
      label={t('gameVersions.fields.betSizes')}
      description={t('gameVersions.betSizesHint')}
      placeholder={readOnly ? undefined : t('gameVersions.betSizesPlaceholder')}
      // A comma is a decimal separator here, not a separator of entries.
      splitChars={[' ', ';']}
      clearable={!readOnly}
      readOnly={readOnly}
      key={form.key('betSizes')}
      {...input}
      onSearchChange={(text) => {
        draft.current = text;
        if (!readOnly) check(form.getValues().betSizes);
      }}
      onChange={(entries) => {
        input.onChange(entries);
        check(entries);
      }}
      // The form's own blur check would see the entries without the typed one, which the input adds on
      // blur (and then checks through onChange).
      onBlur={() => {
        if (!readOnly) check(form.getValues().betSizes);
      }}
    />
  );
}
