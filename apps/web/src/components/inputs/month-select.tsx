/**
 * A month of the year (spec §5): the 12 months, named in the UI language. Value: 1 to 12, or `null`.
 */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFieldRules, type FieldProps } from './use-field-rules';
import type { PassThroughSelectProps } from './year-select';

export const MONTHS_IN_YEAR = 12;

/** The month names in the locale, January first. */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: MONTHS_IN_YEAR }, (_, index) => format.format(Date.UTC(2000, index, 1)));
}

export interface MonthSelectProps extends PassThroughSelectProps, FieldProps {
  value: number | null;
  onChange: (value: number | null) => void;
  /** The language of the month names; default the UI language. */
  locale?: string;
}

export function MonthSelect({
  value,
  onChange,
  locale,
  rules,
  customRules,
  description,
  error,
  onBlur,
  readOnly,
  disabled,
  dropdownOpened,
  ...others
}: MonthSelectProps) {
  const { i18n } = useTranslation();
  const field = useFieldRules({ value, rules, customRules, description, error });
  const data = monthNames(locale ?? i18n.language).map((name, index) => ({
    value: String(index + 1),
    label: name,
  }));
  return (
    <Select
      {...others}
      {...field.wrapperProps}
      readOnly={readOnly}
      disabled={disabled}
      // Read-only shows no menu (Mantine would open an empty one).
      dropdownOpened={readOnly || disabled ? false : dropdownOpened}
      data={data}
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
