/**
 * A text field with suggestions (spec §5), a thin wrapper over Mantine's Autocomplete: the menu opens on
 * focus and closes on focus-out or Escape; nothing opens while read-only or disabled. Value: the text,
 * `''` when empty.
 */
import {
  Autocomplete as MantineAutocomplete,
  type AutocompleteProps as MantineAutocompleteProps,
} from '@mantine/core';
import { useFieldRules, type FieldProps } from './use-field-rules';

export interface AutocompleteProps
  extends
    Omit<
      MantineAutocompleteProps,
      'value' | 'defaultValue' | 'onChange' | 'error' | 'description' | 'label' | 'inputWrapperOrder'
    >,
    FieldProps {
  value: string;
  onChange: (value: string) => void;
}

export function Autocomplete({
  value,
  onChange,
  rules,
  customRules,
  description,
  error,
  onBlur,
  readOnly,
  disabled,
  dropdownOpened,
  ...others
}: AutocompleteProps) {
  const field = useFieldRules({ value, rules, customRules, description, error });
  return (
    <MantineAutocomplete
      openOnFocus
      autoComplete="off"
      {...others}
      {...field.wrapperProps}
      readOnly={readOnly}
      disabled={disabled}
      // Read-only shows no menu (Mantine would open an empty one).
      dropdownOpened={readOnly || disabled ? false : dropdownOpened}
      value={value}
      onChange={(next) => {
        field.touch();
        onChange(next);
      }}
      onBlur={(event) => {
        field.touch();
        onBlur?.(event);
      }}
    />
  );
}
