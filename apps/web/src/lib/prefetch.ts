/**
 * When prefetching pays off: not on 2g or with data saver. The menu prefetches a screen when the user
 * points at or tabs to its entry — never all screens at start, which a first visit would pay for.
 */
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
