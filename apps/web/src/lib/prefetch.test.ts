import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchAllowed, whenIdle } from './prefetch';

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

describe('whenIdle', () => {
  /** The idle API as something a test may remove (happy-dom has none; browsers mostly do). */
  interface IdleApi {
    requestIdleCallback?: Window['requestIdleCallback'] | undefined;
    cancelIdleCallback?: Window['cancelIdleCallback'] | undefined;
  }
  const idleWindow = window as unknown as IdleApi;
  const original = {
    request: idleWindow.requestIdleCallback,
    cancel: idleWindow.cancelIdleCallback,
  };

  afterEach(() => {
    idleWindow.requestIdleCallback = original.request;
    idleWindow.cancelIdleCallback = original.cancel;
    vi.useRealTimers();
  });

  describe('with requestIdleCallback', () => {
    let request: ReturnType<typeof vi.fn>;
    let cancel: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      request = vi.fn(() => 42);
      cancel = vi.fn();
      idleWindow.requestIdleCallback = request as unknown as Window['requestIdleCallback'];
      idleWindow.cancelIdleCallback = cancel as unknown as Window['cancelIdleCallback'];
    });

    it('schedules the task for idle time with a 2 second timeout', () => {
      const task = vi.fn();
      whenIdle(task);
      expect(request).toHaveBeenCalledTimes(1);
      expect(request).toHaveBeenCalledWith(task, { timeout: 2000 });
    });

    it('cancels the idle callback through the returned function', () => {
      const cancelTask = whenIdle(vi.fn());
      expect(cancel).not.toHaveBeenCalled();
      cancelTask();
      expect(cancel).toHaveBeenCalledWith(42);
    });
  });

  describe('without requestIdleCallback', () => {
    beforeEach(() => {
      idleWindow.requestIdleCallback = undefined;
      idleWindow.cancelIdleCallback = undefined;
      vi.useFakeTimers();
    });

    it('falls back to a timer that runs the task within 2 seconds, not synchronously', () => {
      const task = vi.fn();
      whenIdle(task);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2000);
      expect(task).toHaveBeenCalledTimes(1);
    });

    it('never runs the task once cancelled', () => {
      const task = vi.fn();
      const cancelTask = whenIdle(task);
      cancelTask();
      vi.advanceTimersByTime(10_000);
      expect(task).not.toHaveBeenCalled();
    });
  });
});
