/**
 * An amount of money (spec §5). The field takes digits and one comma or dot as decimal separator (any
 * other character is dropped as typed). Value: the three-letter currency code, a space and the amount
 * with a dot and exactly `decimals` places — e.g. `"EUR 12.50"` — or `null` when empty. The emitted
 * amount is always rounded to the decimals; on blur the text too shows the rounded amount, formatted for
 * `locale` (e.g. `12,50` in de-DE). A value like `"USD 3.10"` is read back for display.
 */
import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_DECIMALS, roundTo } from './decimal-input';
import type { PassThroughTextInputProps } from './number-input';
import { useFieldRules, type FieldProps } from './use-field-rules';
import { ReadOnlyValue, useReadOnly } from './read-only';

export const DEFAULT_CURRENCY = 'EUR';
export const DEFAULT_LOCALE = 'de-DE';

export interface CurrencyAmount {
  currency: string;
  amount: number;
}

const CURRENCY_VALUE = /^([A-Z]{3}) (\d+(?:\.\d+)?)$/;

/** Reads a value like `"USD 3.10"`; `null` for anything else. */
export function parseCurrencyValue(value: string | null | undefined): CurrencyAmount | null {
  const match = value ? CURRENCY_VALUE.exec(value.trim()) : null;
  return match ? { currency: match[1]!, amount: Number(match[2]) } : null;
}

/** `"EUR 12.50"`: the code, a space, the amount rounded to the decimals with a dot. */
export function formatCurrencyValue(
  amount: number,
  currency: string,
  decimals: number = DEFAULT_DECIMALS,
): string {
  return `${currency} ${roundTo(amount, decimals).toFixed(decimals)}`;
}

/** Keeps the digits and the first comma or dot of a typed text. */
export function filterAmountText(text: string): string {
  let seenSeparator = false;
  let kept = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') kept += char;
    else if ((char === ',' || char === '.') && !seenSeparator) {
      seenSeparator = true;
      kept += char;
    }
  }
  return kept;
}

/** The amount of a (filtered) text, rounded to the decimals, or `null` when it holds no digit. */
export function parseAmountText(text: string, decimals: number = DEFAULT_DECIMALS): number | null {
  const filtered = filterAmountText(text);
  if (!/\d/.test(filtered)) return null;
  return roundTo(Number(filtered.replace(',', '.')), decimals);
}

/** The amount for display: exactly `decimals` places, the locale's separator, no grouping. */
export function formatAmount(amount: number, locale: string, decimals: number = DEFAULT_DECIMALS): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(amount);
}

export interface CurrencyInputProps extends PassThroughTextInputProps, FieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The three-letter code of the emitted value; default {@link DEFAULT_CURRENCY}. */
  currency?: string;
  /** How the amount is shown; default {@link DEFAULT_LOCALE}. */
  locale?: string;
  /** Decimal places of the amount; default {@link DEFAULT_DECIMALS}. */
  decimals?: number;
}

/** An amount as people read it, `EUR 12,50`; the stored text when it is none. */
function readableCurrency(value: string | null, locale: string = DEFAULT_LOCALE): string {
  const amount = parseCurrencyValue(value);
  return amount ? `${amount.currency} ${formatAmount(amount.amount, locale)}` : (value ?? '');
}

/** Inside a read-only record: the value as text (see read-only.tsx). */
export function CurrencyInput(props: CurrencyInputProps) {
  if (useReadOnly())
    return <ReadOnlyValue label={props.label} value={readableCurrency(props.value, props.locale)} />;
  return <EditableCurrencyInput {...props} />;
}

function EditableCurrencyInput({
  value,
  onChange,
  currency = DEFAULT_CURRENCY,
  locale = DEFAULT_LOCALE,
  decimals = DEFAULT_DECIMALS,
  rules,
  customRules,
  description,
  error,
  onBlur,
  rightSection,
  ...others
}: CurrencyInputProps) {
  const parsedValue = parseCurrencyValue(value);
  const valueFor = (text: string) => {
    const amount = parseAmountText(text, decimals);
    return amount === null ? null : formatCurrencyValue(amount, currency, decimals);
  };
  const display = (amount: CurrencyAmount | null) =>
    amount ? formatAmount(amount.amount, locale, decimals) : '';

  const [text, setText] = useState(() => display(parsedValue));
  const field = useFieldRules({ value, rules, customRules, description, error });
  const canonicalValue = parsedValue
    ? formatCurrencyValue(parsedValue.amount, parsedValue.currency, decimals)
    : null;
  const shown = valueFor(text) === canonicalValue ? text : display(parsedValue);

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      rightSection={
        rightSection ?? (
          <Text size="sm" c="dimmed">
            {parsedValue?.currency ?? currency}
          </Text>
        )
      }
      rightSectionWidth={48}
      rightSectionPointerEvents="none"
      {...others}
      {...field.wrapperProps}
      value={shown}
      onChange={(event) => {
        const next = filterAmountText(event.currentTarget.value);
        setText(next);
        field.touch();
        onChange(valueFor(next));
      }}
      onBlur={(event) => {
        const next = valueFor(shown);
        const amount = parseAmountText(shown, decimals);
        setText(amount === null ? '' : formatAmount(amount, locale, decimals));
        if (next !== value) onChange(next);
        field.touch();
        onBlur?.(event);
      }}
    />
  );
}
