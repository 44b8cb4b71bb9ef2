import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../test/render';
import {
  CurrencyInput,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  filterAmountText,
  formatAmount,
  formatCurrencyValue,
  parseAmountText,
  parseCurrencyValue,
  type CurrencyInputProps,
} from './currency-input';
import { renderControlled } from './test-harness';

type Extra = Partial<Omit<CurrencyInputProps, 'value' | 'onChange'>>;

function renderCurrency(initial: string | null = null, props: Extra = {}, language: 'de' | 'en' = 'de') {
  return renderControlled<string | null, Extra>(
    initial,
    (controlled, current) => <CurrencyInput label="Einsatz" {...controlled} {...current} />,
    { props, language },
  );
}

const input = () => screen.getByLabelText('Einsatz') as HTMLInputElement;

describe('currency helpers', () => {
  it('defaults to EUR shown in de-DE', () => {
    expect(DEFAULT_CURRENCY).toBe('EUR');
    expect(DEFAULT_LOCALE).toBe('de-DE');
  });

  it('keeps digits and the first comma or dot only', () => {
    expect(filterAmountText('1a2,5€')).toBe('12,5');
    expect(filterAmountText('-3.5')).toBe('3.5');
    expect(filterAmountText('1.234,5')).toBe('1.2345');
    expect(filterAmountText('1,2,3')).toBe('1,23');
  });

  it('rounds the amount to the decimals', () => {
    expect(parseAmountText('12,345')).toBe(12.35);
    expect(parseAmountText('1.005')).toBe(1.01);
    expect(parseAmountText('12,345', 1)).toBe(12.3);
    expect(parseAmountText('')).toBeNull();
    expect(parseAmountText(',')).toBeNull();
  });

  it('writes the code, a space and the amount with a dot and exactly the decimals', () => {
    expect(formatCurrencyValue(12.5, 'EUR')).toBe('EUR 12.50');
    expect(formatCurrencyValue(3, 'USD', 0)).toBe('USD 3');
    expect(formatCurrencyValue(0.125, 'CHF', 2)).toBe('CHF 0.13');
  });

  it('reads such a value back', () => {
    expect(parseCurrencyValue('USD 3.10')).toEqual({ currency: 'USD', amount: 3.1 });
    expect(parseCurrencyValue('EUR 12')).toEqual({ currency: 'EUR', amount: 12 });
    for (const invalid of [null, '', '3.10', 'usd 3.10', 'USD3.10', 'USD 3,10', 'EURO 1.00'])
      expect(parseCurrencyValue(invalid)).toBeNull();
  });

  it('formats the amount for the locale', () => {
    expect(formatAmount(12.5, 'de-DE')).toBe('12,50');
    expect(formatAmount(12.5, 'en-US')).toBe('12.50');
    expect(formatAmount(1234.5, 'de-DE')).toBe('1234,50');
  });
});

describe('CurrencyInput', () => {
  it('drops anything but digits and one separator as typed', async () => {
    const { user } = await renderCurrency();
    await user.type(input(), 'a1-2,5x,0');
    expect(input().value).toBe('12,50');
  });

  it('rounds to two decimals on blur and emits "EUR 12.50", shown as 12,50 in de-DE', async () => {
    const { user, lastValue } = await renderCurrency();
    await user.type(input(), '12.499');
    fireEvent.blur(input());
    expect(lastValue()).toBe('EUR 12.50');
    expect(input().value).toBe('12,50');
  });

  it('emits a whole amount with the decimals', async () => {
    const { user, lastValue } = await renderCurrency();
    await user.type(input(), '7');
    fireEvent.blur(input());
    expect(lastValue()).toBe('EUR 7.00');
    expect(input().value).toBe('7,00');
  });

  it('uses the currency, locale and decimals given', async () => {
    const { user, lastValue } = await renderCurrency(null, { currency: 'USD', locale: 'en-US', decimals: 3 });
    await user.type(input(), '3,14159');
    fireEvent.blur(input());
    expect(lastValue()).toBe('USD 3.142');
    expect(input().value).toBe('3.142');
    expect(screen.getByText('USD')).toBeTruthy();
  });

  it('reads a value like "USD 3.10" back for display', async () => {
    const { setValue } = await renderCurrency('USD 3.10', { currency: 'USD' });
    expect(input().value).toBe('3,10');
    setValue('USD 1234.5');
    expect(input().value).toBe('1234,50');
  });

  it('emits null when emptied', async () => {
    const { user, onChange } = await renderCurrency('EUR 5.00');
    expect(input().value).toBe('5,00');
    await user.clear(input());
    fireEvent.blur(input());
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^EUR $/));
  });

  it('validates its rules, with currency values as numbers', async () => {
    const { user } = await renderCurrency(null, { rules: 'required|minValue:1' }, 'en');
    fireEvent.blur(input());
    expect(fieldError(input())).toBe('This field is required.');
    await user.type(input(), '0,5');
    expect(fieldError(input())).toBe('The value must be at least 1.');
    await user.type(input(), '0');
    expect(fieldError(input())).toBe('The value must be at least 1.');
    await user.clear(input());
    await user.type(input(), '1');
    expect(fieldError(input())).toBeUndefined();
  });

  it('is read-only or disabled on request', async () => {
    const { user, onChange, setProps } = await renderCurrency('EUR 1.00', { readOnly: true });
    await user.type(input(), '2');
    expect(onChange).not.toHaveBeenCalled();
    expect(input().value).toBe('1,00');
    setProps({ disabled: true });
    expect(input().disabled).toBe(true);
  });
});
