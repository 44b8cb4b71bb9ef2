import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox({ current: 'current-key-of-at-least-32-characters!' });

  it('seals with a fresh nonce each time and opens again; the sealed text holds no plaintext', () => {
    const first = box.seal('bridge-secret-123');
    const second = box.seal('bridge-secret-123');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^sb1:[\w-]{8}:/);
    expect(first).not.toContain('bridge-secret-123');
    expect(box.open(first)).toBe('bridge-secret-123');
    expect(box.isSealed(first)).toBe(true);
    expect(box.isCurrent(first)).toBe(true);
    expect(box.isSealed('bridge-secret-123')).toBe(false);
  });

  it('refuses a changed value (authenticated encryption) and plaintext', () => {
    const sealed = box.seal('secret');
    const [prefix, id, body] = sealed.split(':');
    const [iv, data, tag] = body!.split('.');
    const flipped = `${data!.slice(0, -1)}${data!.endsWith('A') ? 'B' : 'A'}`;
    expect(() => box.open(`${prefix}:${id}:${iv}.${flipped}.${tag}`)).toThrow();
    expect(() => box.open('secret')).toThrow('not a sealed secret');
  });

  it('opens values of a previous key after a rotation, but not of an unknown one', () => {
    const old = createSecretBox({ current: 'old-key-of-at-least-32-characters!!!' });
    const sealed = old.seal('operator-secret');
    const rotated = createSecretBox({
      current: 'new-key-of-at-least-32-characters!!!',
      previous: ['old-key-of-at-least-32-characters!!!'],
    });
    expect(rotated.open(sealed)).toBe('operator-secret');
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('x'))).toBe(true);
    const stranger = createSecretBox({ current: 'another-key-of-at-least-32-characters' });
    expect(() => stranger.open(sealed)).toThrow(/unknown key/);
  });
});
