import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './text-guard';

describe('text the database can store', () => {
  it.each(['', 'plain', 'Zürich ß €', '💥 emoji (a surrogate pair)', 'tab\tand\nnew line', '\u0001\u007f'])(
    'takes %j',
    (text) => {
      expect(isStorableText(text)).toBe(true);
    },
  );

  it.each(['\u0000', 'a\u0000b', '\ud800', 'a\ud83dz', '\udfff', 'x\udca9', '💥'.slice(1)])(
    'refuses %j (NUL or a lone surrogate)',
    (text) => {
      expect(isStorableText(text)).toBe(false);
    },
  );

  it('names the path of the first bad value or key, anywhere in a body', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, 'x', { c: 'bad\u0000' }] }, 'body')).toBe('body.b.2.c');
    expect(findUnstorableText({ ok: { ['k\u0000ey']: 1 } }, 'body')).toBe('body.ok');
    expect(findUnstorableText({ a: ['fine', null, 3, true] }, 'query')).toBeUndefined();
    expect(findUnstorableText(undefined, 'params')).toBeUndefined();
  });

  it('walks very deep JSON without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(findUnstorableText(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});
