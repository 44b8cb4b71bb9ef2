import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie, writeCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others, ignoring spaces after the separators', () => {
    expect(readCookie('lang', 'theme=dark; lang=en;  other=1')).toBe('en');
  });

  it('does not match a cookie whose name merely starts or ends with the name', () => {
    expect(readCookie('lang', 'language=de; xlang=fr')).toBeUndefined();
  });

  it('decodes the value and keeps "=" inside it', () => {
    expect(readCookie('token', 'token=a%20b%3Dc==')).toBe('a b=c==');
  });

  it('is undefined when the cookie is absent or there are no cookies', () => {
    expect(readCookie('lang', 'theme=dark')).toBeUndefined();
    expect(readCookie('lang', '')).toBeUndefined();
  });

  it('reads document.cookie by default', () => {
    document.cookie = 'probe=yes; Path=/';
    expect(readCookie('probe')).toBe('yes');
    document.cookie = 'probe=; Max-Age=0; Path=/';
  });
});

describe('writeCookie', () => {
  afterEach(() => vi.restoreAllMocks());

  function captureCookieWrites() {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    return written;
  }

  it('writes an encoded value with Max-Age in seconds, Path=/ and SameSite=Lax', () => {
    const written = captureCookieWrites();
    writeCookie('lang', 'de en', 365);
    expect(written).toHaveLength(1);
    const [pair, ...attributes] = written[0]!.split(/;\s*/);
    expect(pair).toBe('lang=de%20en');
    expect(attributes).toEqual(expect.arrayContaining(['Max-Age=31536000', 'Path=/', 'SameSite=Lax']));
  });

  it('does not mark the cookie Secure on plain http', () => {
    const written = captureCookieWrites();
    expect(window.location.protocol).toBe('http:');
    writeCookie('lang', 'en', 1);
    expect(written[0]).not.toMatch(/Secure/);
    expect(written[0]).toContain('Max-Age=86400');
  });

  it('stores a value that readCookie gets back', () => {
    writeCookie('roundtrip', 'ä/ö', 1);
    expect(readCookie('roundtrip')).toBe('ä/ö');
  });
});
