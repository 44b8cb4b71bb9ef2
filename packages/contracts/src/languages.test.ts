import { describe, expect, it } from 'vitest';
import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_DAYS,
  languageFromAcceptLanguage,
  languages,
  localeOf,
} from './languages';

describe('languages constants (spec §1, §9)', () => {
  it('offers exactly German and English', () => {
    expect([...languages].sort()).toEqual(['de', 'en']);
  });

  it('defaults to German', () => {
    expect(defaultLanguage).toBe('de');
  });

  it('keeps the language choice in the "lang" cookie for 365 days', () => {
    expect(LANGUAGE_COOKIE).toBe('lang');
    expect(LANGUAGE_COOKIE_MAX_AGE_DAYS).toBe(365);
  });

  it('formats German with de-DE and English with en-US', () => {
    expect(localeOf).toEqual({ de: 'de-DE', en: 'en-US' });
  });
});

describe('isLanguage', () => {
  it.each(['de', 'en'])('accepts %s', (value) => {
    expect(isLanguage(value)).toBe(true);
  });

  it.each([
    ['an unsupported language', 'fr'],
    ['an upper-case tag', 'DE'],
    ['a region tag', 'de-AT'],
    ['an empty string', ''],
    ['padded text', ' de'],
    ['undefined', undefined],
    ['null', null],
    ['a number', 1],
    ['an array holding a language', ['de']],
  ])('rejects %s', (_label, value) => {
    expect(isLanguage(value)).toBe(false);
  });
});

describe('languageFromAcceptLanguage', () => {
  it.each([
    ['a plain supported tag', 'en', 'en'],
    ['a region tag, by its base language', 'de-AT', 'de'],
    ['an upper-case region tag', 'EN-GB', 'en'],
    ['the first of equally ranked tags', 'en, de', 'en'],
    ['the first of equally ranked tags (reversed)', 'de, en', 'de'],
    ['the supported tag after an unsupported one', 'fr-FR, en-US;q=0.8', 'en'],
    ['the highest q-value, not the first listed', 'de;q=0.3, en;q=0.9', 'en'],
    ['the highest q-value among region tags', 'en-US;q=0.5, de-CH;q=0.7, fr;q=1', 'de'],
    ['an explicit q=1 over an implicit one listed later', 'en;q=1.0, de', 'en'],
    ['a tag with q=0 excluded', 'en;q=0, de;q=0.1', 'de'],
    ['q=0.0 excluded as well', 'de;q=0.0, en;q=0.2', 'en'],
    ['tolerating spaces around list items and after ";"', '  fr;q=0.9 ,  en; q=0.8 ', 'en'],
    ['a q-value after other parameters', 'de;level=1;q=0.2, en;q=0.5', 'en'],
    ['a wildcard ignored in favour of a real tag', '*, de;q=0.5', 'de'],
  ])('picks %s', (_label, header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  // Known bug: the tag is not trimmed, so "en ;q=0.8" (whitespace before ";", allowed by RFC 9110
  // `weight = OWS ";" OWS "q=" qvalue`) reads as the language "en " and is ignored. Flip to `it` once fixed.
  it('accepts whitespace between a tag and its ";q=" weight', () => {
    expect(languageFromAcceptLanguage('fr ;q=0.9, en ;q=0.8')).toBe('en');
  });

  it.each([
    ['a missing header', undefined],
    ['an empty header', ''],
    ['only unsupported languages', 'fr-FR, it;q=0.9, es;q=0.8'],
    ['only a wildcard', '*'],
    ['supported languages all refused with q=0', 'de;q=0, en;q=0'],
    ['a single refused language', 'en;q=0'],
  ])('gives undefined for %s', (_label, header) => {
    expect(languageFromAcceptLanguage(header)).toBeUndefined();
  });
});
