/**
 * A year from a list of {@link YEAR_SPAN} years (spec §5): next year first, back to 100 years before it
 * (current year + 1 down to current year − 99). Value: the year as a number, or `null`.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useFieldRules, type FieldProps } from './use-field-rules';

/** How many years the list offers. */
export const YEAR_SPAN = 101;

/** The years offered, newest first: `currentYear + 1` down to `currentYear + 1 - (YEAR_SPAN - 1)`. */
export function yearOptions(currentYear: number = new Date().getFullYear()): number[] {
  return Array.from({ length: YEAR_SPAN }, (_, index) => currentYear + 1 - index);
}

/** The Mantine Select props a select of this folder passes through. */
export type PassThroughSelectProps = Omit<
  SelectProps,
  'value' | 'defaultValue' | 'onChange' | 'data' | 'error' | 'description' | 'label' | 'inputWrapperOrder'
>;

export interface YearSelectProps extends PassThroughSelectProps, FieldProps {
  value: number | null;
  onChange: (value: number | null) => void;
}

export function YearSelect({
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
}: YearSelectProps) {
  const field = useFieldRules({ value, rules, customRules, description, error });
  return (
    <Select
      {...others}
      {...field.wrapperProps}
      readOnly={readOnly}
      disabled={disabled}
      // Read-only shows no menu (Mantine would open an empty one).
      dropdownOpened={readOnly || disabled ? false : dropdownOpened}
      data={yearOptions().map(String)}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        field.touch();
        onChange(next === null ? null : Number(next));
      }}
      onBlur={(event) => {
        field.touch();
        onBlur?.(event);
      }}
    />
  );
}
