/**
 * The screens of the product (spec §2, and the jobs screen of decision 025) as URL patterns. The web router
 * is built from the same table, and the server uses it to answer unknown paths with 404 while still serving
 * the app's not-found page. `:id?` marks a route that works with or without its id.
 */
export const screenPatterns = [
  '/',
  '/logout',
  '/bridges/manage',
  '/bridges/manage/create',
  '/bridges/manage/:id',
  '/casinos/integration-options',
  '/casinos/integration-options/create',
  '/casinos/integration-options/:id?',
  '/casinos/manage',
  '/casinos/manage/create',
  '/casinos/manage/:id',
  '/cpv/allowed-hashes',
  '/cpv/allowed-hashes/add',
  '/cpv/checks',
  '/cpv/checks/trigger',
  '/game-providers/manage',
  '/game-providers/manage/create',
  '/game-providers/manage/:id?',
  '/game-studios/manage',
  '/game-studios/manage/create',
  '/game-studios/manage/:id?',
  '/games/integrations',
  '/games/manage',
  '/games/manage/create',
  '/games/manage/:id',
  '/games/versions',
  '/games/versions/create',
  '/games/versions/:id',
  '/games/versions/:id/copy',
  '/integrations/games',
  '/integrations/games/:id',
  '/integrations/manage',
  '/integrations/manage/create',
  '/integrations/manage/:id',
  '/integrations/manage/:id/push',
  '/masterdata/configuration',
  '/masterdata/jobs',
  '/masterdata/jurisdictions',
  '/masterdata/jurisdictions/create',
  '/masterdata/jurisdictions/:id',
  '/reporting/audit-entries',
  '/reporting/casino-performance-report',
  '/reporting/game-performance-report',
  '/reporting/game-rounds',
  '/reporting/ggr-report',
  '/reporting/integration-game-performance-report',
  '/reporting/reports',
  '/reporting/significant-events',
  '/reporting/significant-events/create',
  '/support/last-game-rounds',
  '/support/last-game-rounds/:id?',
  '/support/player',
  '/users/account',
  '/users/manage',
  '/users/manage/create',
  '/users/manage/:id',
] as const;

export type ScreenPattern = (typeof screenPatterns)[number];

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === ':id?') return '(?:/[^/]+)?';
      if (segment.startsWith(':')) return '/[^/]+';
      return '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

const screenMatchers = screenPatterns.map(patternToRegExp);

/** True when the path (without query) is one of the product's screens. */
export function isScreenPath(path: string): boolean {
  const clean = path === '' ? '/' : path;
  return screenMatchers.some((matcher) => matcher.test(clean));
}
