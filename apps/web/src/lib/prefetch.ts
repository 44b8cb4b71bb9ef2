/** When prefetching pays off: not on 2g or with data saver, and only once the browser is idle. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

/** Runs `task` when the browser is idle, or after at most 2 seconds. Returns a cancel function. */
export function whenIdle(task: () => void, timeoutMs = PREFETCH_IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(handle);
}
