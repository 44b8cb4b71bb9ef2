/**
 * A decimal field (spec §5): a comma or a dot as decimal separator, `decimals` places (default 2). Emits
 * the number rounded to the decimals (half away from zero), or `null` when the text is empty or not a
 * number. On blur the text shows the rounded value in the UI language (e.g. `1,24` in German).
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassThroughTextInputProps } from './number-input';
import { useFieldRules, type FieldProps } from './use-field-rules';
import { ReadOnlyValue, useReadOnly } from './read-only';

export const DEFAULT_DECIMALS = 2;

export interface DecimalInputProps extends PassThroughTextInputProps, FieldProps {
  value: number | null;
  onChange: (value: number | null) => void;
  /** Decimal places of the emitted value; default {@link DEFAULT_DECIMALS}. */
  decimals?: number;
  /** How the value is shown; default the UI language. */
  locale?: string;
}

const DECIMAL_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** Rounds half away from zero to `decimals` places, without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, decimals: number): number {
  const shift = (number: number, places: number) => {
    const [mantissa, exponent = '0'] = String(number).split('e');
    return Number(`${mantissa}e${Number(exponent) + places}`);
  };
  const rounded = Math.sign(value) * shift(Math.round(shift(Math.abs(value), decimals)), -decimals);
  return rounded === 0 ? 0 : rounded;
}

/** The number a text means (comma or dot), rounded to the decimals, or `null` (empty or not a number). */
export function parseDecimal(text: string, decimals: number = DEFAULT_DECIMALS): number | null {
  const trimmed = text.trim();
  if (!DECIMAL_TEXT.test(trimmed)) return null;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? roundTo(number, decimals) : null;
}

export function formatDecimal(
  value: number | null,
  locale: string,
  decimals: number = DEFAULT_DECIMALS,
): string {
  if (value === null) return '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false }).format(value);
}

/** Inside a read-only record: the value as text (see read-only.tsx). */
export function DecimalInput(props: DecimalInputProps) {
  const { i18n } = useTranslation();
  if (useReadOnly())
    return (
      <ReadOnlyValue
        label={props.label}
        value={formatDecimal(props.value, props.locale ?? i18n.language, props.decimals)}
      />
    );
  return <EditableDecimalInput {...props} />;
}

function EditableDecimalInput({
  value,
  onChange,
  decimals = DEFAULT_DECIMALS,
  locale,
  rules,
  customRules,
  description,
  error,
  onBlur,
  ...others
}: DecimalInputProps) {
  const { i18n } = useTranslation();
  const shownLocale = locale ?? i18n.language;
  const [text, setText] = useState(() => formatDecimal(value, shownLocale, decimals));
  const field = useFieldRules({ value, rules, customRules, description, error });
  const shown = parseDecimal(text, decimals) === value ? text : formatDecimal(value, shownLocale, decimals);

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...others}
      {...field.wrapperProps}
      value={shown}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        field.touch();
        onChange(parseDecimal(next, decimals));
      }}
      onBlur={(event) => {
        const parsed = parseDecimal(shown, decimals);
        if (parsed !== null) setText(formatDecimal(parsed, shownLocale, decimals));
        field.touch();
        onBlur?.(event);
      }}
    />
  );
}
