import { describe, expect, it } from 'vitest';
import { isScreenPath, screenPatterns } from './routes';

/**
 * The route table of spec §2, written out here independently of `screenPatterns`.
 * `{id}` is a route parameter; `optional` marks routes that work with or without it.
 */
const specRoutes: { route: string; optionalId?: true }[] = [
  { route: '/' },
  { route: '/logout' },
  { route: '/bridges/manage' },
  { route: '/bridges/manage/create' },
  { route: '/bridges/manage/{id}' },
  { route: '/casinos/integration-options' },
  { route: '/casinos/integration-options/create' },
  { route: '/casinos/integration-options/{id}', optionalId: true },
  { route: '/casinos/manage' },
  { route: '/casinos/manage/create' },
  { route: '/casinos/manage/{id}' },
  { route: '/cpv/allowed-hashes' },
  { route: '/cpv/allowed-hashes/add' },
  { route: '/cpv/checks' },
  { route: '/cpv/checks/trigger' },
  { route: '/game-providers/manage' },
  { route: '/game-providers/manage/create' },
  { route: '/game-providers/manage/{id}', optionalId: true },
  { route: '/game-studios/manage' },
  { route: '/game-studios/manage/create' },
  { route: '/game-studios/manage/{id}', optionalId: true },
  { route: '/games/integrations' },
  { route: '/games/manage' },
  { route: '/games/manage/create' },
  { route: '/games/manage/{id}' },
  { route: '/games/versions' },
  { route: '/games/versions/create' },
  { route: '/games/versions/{id}' },
  { route: '/games/versions/{id}/copy' },
  { route: '/integrations/games' },
  { route: '/integrations/games/{id}' },
  { route: '/integrations/manage' },
  { route: '/integrations/manage/create' },
  { route: '/integrations/manage/{id}' },
  { route: '/integrations/manage/{id}/push' },
  { route: '/masterdata/configuration' },
  { route: '/masterdata/jurisdictions' },
  { route: '/masterdata/jurisdictions/create' },
  { route: '/masterdata/jurisdictions/{id}' },
  { route: '/reporting/audit-entries' },
  { route: '/reporting/casino-performance-report' },
  { route: '/reporting/game-performance-report' },
  { route: '/reporting/game-rounds' },
  { route: '/reporting/ggr-report' },
  { route: '/reporting/integration-game-performance-report' },
  { route: '/reporting/reports' },
  { route: '/reporting/significant-events' },
  { route: '/reporting/significant-events/create' },
  { route: '/support/last-game-rounds' },
  { route: '/support/last-game-rounds/{id}', optionalId: true },
  { route: '/support/player' },
  { route: '/users/account' },
  { route: '/users/manage' },
  { route: '/users/manage/create' },
  { route: '/users/manage/{id}' },
];

/** Screens the spec's table has no place for (decision 025: the background jobs). */
const beyondSpec = ['/masterdata/jobs'];

const SAMPLE_ID = '3f2b8c1e-7d4a-4e59-9b0c-1a2b3c4d5e6f';

function withId(route: string, id: string): string {
  return route.replace('{id}', id);
}

/** Concrete URLs for every spec route: with a sample id, and without it where the id is optional. */
const concretePaths = specRoutes.flatMap(({ route, optionalId }) => {
  const paths = [withId(route, SAMPLE_ID)];
  if (route.includes('{id}')) paths.push(withId(route, '42'));
  if (optionalId) paths.push(route.replace('/{id}', ''));
  return paths;
});

describe('screenPatterns', () => {
  it('holds exactly the routes of the spec table, with ":id?" for optional ids, and those beyond it', () => {
    const expected = specRoutes.map(({ route, optionalId }) =>
      route.replace('{id}', optionalId ? ':id?' : ':id'),
    );
    expect([...screenPatterns].sort()).toEqual([...expected, ...beyondSpec].sort());
  });
});

describe('isScreenPath', () => {
  it.each(concretePaths)('matches %s', (path) => {
    expect(isScreenPath(path)).toBe(true);
  });

  it.each(concretePaths.filter((path) => path !== '/'))('matches %s with a trailing slash', (path) => {
    expect(isScreenPath(`${path}/`)).toBe(true);
  });

  it('treats the empty path as the index', () => {
    expect(isScreenPath('')).toBe(true);
  });

  it.each([
    '/casinos/integration-options',
    '/game-providers/manage',
    '/game-studios/manage',
    '/support/last-game-rounds',
  ])('opens the optional-id route %s both without and with an id', (base) => {
    expect(isScreenPath(base)).toBe(true);
    expect(isScreenPath(`${base}/17`)).toBe(true);
    expect(isScreenPath(`${base}/17/`)).toBe(true);
    expect(isScreenPath(`${base}/17/more`)).toBe(false);
  });

  it.each([
    ['an unknown top-level path', '/foo'],
    ['an area without a screen of its own', '/casinos'],
    ['an extra segment after an id', '/casinos/manage/1/extra'],
    ['two segments after a jurisdiction list', '/masterdata/jurisdictions/x/y'],
    ['an id on a route that takes none', '/cpv/allowed-hashes/123'],
    ['an id on a report', '/reporting/ggr-report/1'],
    ['an unknown action after an id', '/games/versions/1/delete'],
    ['push without an integration id', '/integrations/manage/push/extra'],
    ['a double slash', '//'],
    ['a doubled trailing slash', '/casinos/manage//'],
    ['an empty id segment', '/games/versions//copy'],
    ['a prefix of a real route', '/masterdata/jurisdiction'],
    ['a real route with a suffix glued on', '/masterdata/jurisdictionsx'],
    ['an API path', '/api/jurisdictions'],
    ['an asset path', '/assets/app.js'],
  ])('does not match %s (%s)', (_label, path) => {
    expect(isScreenPath(path)).toBe(false);
  });
});
