import { describe, expect, it } from 'vitest';
import {
  currencyCodePattern,
  currencyCodeSchema,
  isCurrencyCode,
  typedCurrencyCodeSchema,
} from './currencies';
import { fxRateCreateSchema } from './masterdata';
import { optionValueRules } from './integration-options';

describe('currency codes (ISO 4217)', () => {
  it.each(['EUR', 'SEK', 'GBP', 'USD', 'DKK', 'JPY', 'CHF', 'XAF'])('takes %s', (code) => {
    expect(isCurrencyCode(code)).toBe(true);
    expect(currencyCodePattern.test(code)).toBe(true);
    expect(currencyCodeSchema.safeParse(code).success).toBe(true);
  });

  it.each([
    'NaN',
    'NAN',
    'XXX',
    'XTS',
    'XAU',
    'ABC',
    'eur',
    'EURO',
    'EU',
    '',
    ' EUR',
    '__proto__',
    'toString',
  ])('refuses %j', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
    expect(currencyCodePattern.test(code)).toBe(false);
    expect(currencyCodeSchema.safeParse(code).success).toBe(false);
  });

  it('takes typed codes trimmed and in any case, and nothing else', () => {
    expect(typedCurrencyCodeSchema.parse(' sek ')).toBe('SEK');
    expect(typedCurrencyCodeSchema.safeParse('nan').success).toBe(false);
  });

  it('refuses an exchange rate for a currency that does not exist', () => {
    expect(fxRateCreateSchema.safeParse({ day: '2026-03-10', currency: 'NaN', rateToEur: '1' }).success).toBe(
      false,
    );
    expect(
      fxRateCreateSchema.safeParse({ day: '2026-03-10', currency: 'sek', rateToEur: '0.09' }).success,
    ).toBe(true);
  });

  it('checks the code of a currency option value too', () => {
    expect(optionValueRules.currency('EUR 12.50')).toBe(true);
    expect(optionValueRules.currency('NAN 12.50')).toBe(false);
  });
});
