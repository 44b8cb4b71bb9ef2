import { describe, expect, it } from 'vitest';
import { formatCoins, formatEur } from './format';

/** Intl puts (narrow) no-break spaces between amount and symbol; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCoins (plain decimal)', () => {
  it('groups thousands and uses a decimal comma in German', () => {
    expect(plain(formatCoins(1234.5, 'de'))).toBe('1.234,5');
  });

  it('groups thousands and uses a decimal point in English', () => {
    expect(plain(formatCoins(1234.5, 'en'))).toBe('1,234.5');
  });

  it('shows no currency symbol and at most two decimals', () => {
    expect(plain(formatCoins(1000000, 'en'))).toBe('1,000,000');
    expect(plain(formatCoins(0.129, 'de'))).toBe('0,13');
    expect(formatCoins(1234.5, 'de')).not.toMatch(/€|EUR/);
  });
});

describe('formatEur (currency)', () => {
  it('formats euros the German way: grouped, two decimals, symbol after', () => {
    expect(plain(formatEur(1234.5, 'de'))).toBe('1.234,50 €');
  });

  it('formats euros the English way: symbol first', () => {
    expect(plain(formatEur(1234.5, 'en'))).toBe('€1,234.50');
  });

  it('keeps the formats of both languages apart (no shared cache entry)', () => {
    const de = plain(formatEur(5, 'de'));
    const en = plain(formatEur(5, 'en'));
    expect(de).toBe('5,00 €');
    expect(en).toBe('€5.00');
    expect(plain(formatCoins(5.5, 'de'))).toBe('5,5');
  });
});
