/**
 * The value of a casino integration option: the spec's input (§5) for the option's data type, holding the
 * value as the string the API stores, in the formats of `optionValueRules` — text as typed, a number with
 * a dot, `true`/`false`, `yyyy-MM-dd`, an ISO duration `PT{h}H{m}M` (a leading minus allowed) and a
 * currency amount `EUR 12.50`. An empty field is the empty string (a switch is always `true` or `false`).
 */
import { localeOf, type IntegrationOptionDataType } from '@backoffice/contracts';
import { useState, type ReactNode } from 'react';
import { useLanguage } from '../lib/use-language';
import { CurrencyInput, DEFAULT_CURRENCY, parseCurrencyValue } from './inputs/currency-input';
import { DateInput } from './inputs/date-input';
import { DurationInput } from './inputs/duration-input';
import { SwitchField, TextField } from './inputs/fields';
import { NumberInput, parseNumber } from './inputs/number-input';

/** The most characters a text value may have (`optionValueRules.text`). */
export const OPTION_TEXT_MAX = 2000;
/** Durations allow up to four digits of hours (`optionValueRules.duration`). */
export const OPTION_DURATION_MAX_HOURS = 9999;

export interface OptionValueInputProps {
  dataType: IntegrationOptionDataType;
  /** The value as stored: '' when there is none. */
  value: string;
  onChange: (value: string) => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  readOnly?: boolean;
  disabled?: boolean;
  withAsterisk?: boolean;
}

/** A number as the option value stores it: a plain decimal with a dot, never an exponent. */
export function numberToOptionValue(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  const plain = String(value);
  if (!/e/i.test(plain)) return plain;
  return value.toFixed(10).replace(/\.?0+$/, '') || '0';
}

export function OptionValueInput({
  dataType,
  value,
  onChange,
  label,
  description,
  error,
  readOnly,
  disabled,
  withAsterisk,
}: OptionValueInputProps) {
  const locale = localeOf[useLanguage()];
  const field = { label, description, error, readOnly, disabled };

  switch (dataType) {
    case 'number':
      return (
        <NumberInput
          {...field}
          withAsterisk={withAsterisk}
          value={value === '' ? null : parseNumber(value)}
          onChange={(next) => onChange(numberToOptionValue(next))}
        />
      );
    case 'boolean':
      return (
        <SwitchField
          label={label}
          description={description}
          error={error}
          disabled={disabled || readOnly}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'date':
      return (
        <DateInput
          {...field}
          withAsterisk={withAsterisk}
          value={value === '' ? null : value}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'duration':
      return (
        <DurationInput
          {...field}
          withAsterisk={withAsterisk}
          allowNegative
          maxHours={OPTION_DURATION_MAX_HOURS}
          value={value === '' ? null : value}
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'currency':
      return (
        <CurrencyValueInput
          {...field}
          withAsterisk={withAsterisk}
          locale={locale}
          value={value}
          onChange={onChange}
        />
      );
    case 'text':
    default:
      return (
        <TextField
          {...field}
          withAsterisk={withAsterisk}
          maxLength={OPTION_TEXT_MAX}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/** An amount in the currency of the stored value (EUR for a new one), kept while the field is empty. */
function CurrencyValueInput({
  value,
  onChange,
  ...field
}: Omit<OptionValueInputProps, 'dataType'> & { locale: string }) {
  const stored = parseCurrencyValue(value)?.currency;
  const [currency, setCurrency] = useState(stored ?? DEFAULT_CURRENCY);
  if (stored && stored !== currency) setCurrency(stored);
  return (
    <CurrencyInput
      {...field}
      currency={stored ?? currency}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
