/**
 * After a deployment, old lazy chunks disappear. When one fails to load, reload the page once to fetch
 * the new build; if that happened less than 60 seconds ago, give up and let the error page show.
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'backoffice:chunk-reload-at';

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

/** Session storage may be blocked (site data disabled): then the guard cannot remember and gives up. */
const guardedSessionStorage: ReloadEnvironment['storage'] = {
  getItem: (key) => {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return String(Date.now());
    }
  },
  setItem: (key, value) => {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // nothing to remember with
    }
  },
};

const browserEnvironment: ReloadEnvironment = {
  storage: guardedSessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

export async function loadWithReload<T>(
  load: () => Promise<T>,
  env: ReloadEnvironment = browserEnvironment,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const last = Number(env.storage.getItem(STORAGE_KEY) ?? 0);
    const now = env.now();
    if (now - last < CHUNK_RELOAD_GUARD_MS) throw error;
    env.storage.setItem(STORAGE_KEY, String(now));
    env.reload();
    // The page is going away; never settle so nothing renders an error in between.
    return new Promise<T>(() => {});
  }
}
