import { describe, expect, it } from 'vitest';
import { prefetchAllowed } from './prefetch';

function navigatorWith(connection?: { saveData?: boolean; effectiveType?: string }): Navigator {
  return (connection === undefined ? {} : { connection }) as unknown as Navigator;
}

describe('prefetchAllowed', () => {
  it('is false with data saver on, even on a fast connection', () => {
    expect(prefetchAllowed(navigatorWith({ saveData: true, effectiveType: '4g' }))).toBe(false);
  });

  it.each(['2g', 'slow-2g'])('is false on a %s connection', (effectiveType) => {
    expect(prefetchAllowed(navigatorWith({ effectiveType }))).toBe(false);
  });

  it.each(['3g', '4g'])('is true on a %s connection', (effectiveType) => {
    expect(prefetchAllowed(navigatorWith({ effectiveType, saveData: false }))).toBe(true);
  });

  it('is true when the browser gives no connection information', () => {
    expect(prefetchAllowed(navigatorWith())).toBe(true);
    expect(prefetchAllowed(navigatorWith({}))).toBe(true);
  });
});
