import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, loadWithReload, type ReloadEnvironment } from './chunk-reload';

/** A controllable stand-in for sessionStorage, location.reload and the clock. */
function fakeEnvironment(startAt = Date.UTC(2025, 5, 1, 9, 0, 0)) {
  const stored = new Map<string, string>();
  let now = startAt;
  const env = {
    storage: {
      getItem: vi.fn((key: string) => stored.get(key) ?? null),
      setItem: vi.fn((key: string, value: string) => void stored.set(key, value)),
    },
    reload: vi.fn(),
    now: () => now,
  } satisfies ReloadEnvironment;
  return {
    env,
    stored,
    advance: (ms: number) => {
      now += ms;
    },
    get now() {
      return now;
    },
  };
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x-abc.js');

/** Resolves with 'pending' when the promise does not settle within a few microtask turns. */
async function settledState(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  const marker = Symbol('pending');
  const result = await Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise<typeof marker>((resolve) => setTimeout(() => resolve(marker), 20)),
  ]);
  return result === marker ? 'pending' : result;
}

describe('loadWithReload', () => {
  it('passes a successful load through without touching storage or reloading', async () => {
    const fake = fakeEnvironment();
    const module = { Page: () => null };

    await expect(loadWithReload(async () => module, fake.env)).resolves.toBe(module);

    expect(fake.env.reload).not.toHaveBeenCalled();
    expect(fake.env.storage.setItem).not.toHaveBeenCalled();
  });

  it('reloads the page once on the first failure, records when, and never settles', async () => {
    const fake = fakeEnvironment();

    const pending = loadWithReload(() => Promise.reject(chunkError()), fake.env);

    expect(await settledState(pending)).toBe('pending');
    expect(fake.env.reload).toHaveBeenCalledTimes(1);
    expect(fake.env.storage.setItem).toHaveBeenCalledTimes(1);
    expect([...fake.stored.values()]).toEqual([String(fake.now)]);
  });

  it('rethrows without reloading when the last reload was less than 60 seconds ago', async () => {
    const fake = fakeEnvironment();
    void loadWithReload(() => Promise.reject(chunkError()), fake.env);
    await vi.waitFor(() => expect(fake.env.reload).toHaveBeenCalledTimes(1));

    fake.advance(CHUNK_RELOAD_GUARD_MS - 1);
    const error = chunkError();
    await expect(loadWithReload(() => Promise.reject(error), fake.env)).rejects.toBe(error);

    expect(fake.env.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once 60 seconds have passed since the last reload', async () => {
    const fake = fakeEnvironment();
    void loadWithReload(() => Promise.reject(chunkError()), fake.env);
    await vi.waitFor(() => expect(fake.env.reload).toHaveBeenCalledTimes(1));

    fake.advance(CHUNK_RELOAD_GUARD_MS);
    const second = loadWithReload(() => Promise.reject(chunkError()), fake.env);

    expect(await settledState(second)).toBe('pending');
    expect(fake.env.reload).toHaveBeenCalledTimes(2);
    expect([...fake.stored.values()]).toEqual([String(fake.now)]);
  });

  it('uses a 60 second guard, as the spec requires', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });

  it('still loads, and fails without looping, when the browser blocks session storage', async () => {
    const blocked = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    try {
      await expect(loadWithReload(() => Promise.resolve('screen'))).resolves.toBe('screen');
      const error = chunkError();
      await expect(loadWithReload(() => Promise.reject(error))).rejects.toBe(error);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      blocked.mockRestore();
      reload.mockRestore();
    }
  });
});
