import { createContext, useContext } from 'react';

/** Loads the code of the screen at a path ahead of navigation; provided by the router. */
export const PrefetchContext = createContext<(path: string) => void>(() => {});

export function usePrefetch() {
  return useContext(PrefetchContext);
}
