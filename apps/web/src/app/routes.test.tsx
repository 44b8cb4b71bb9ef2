import { screenPatterns } from '@backoffice/contracts';
import { screen, within } from '@testing-library/react';
import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubEmptyApi } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { testSession } from '../test/sessions';
import { NotFoundPage } from '../components/not-found-page';
import { navigation } from '../config/navigation';
import { accessOfMatches } from '../lib/route-handle';
import { routes } from './routes';

const SAMPLE_ID = '3f2b9c4e-1111-4222-8333-444455556666';
/** Lazy screens load on first use; give the first import of an area some time. */
const LOAD = { timeout: 5000 };

/** The concrete paths of a spec pattern: ':id' filled in, ':id?' both with and without an id. */
function samplePaths(pattern: string): string[] {
  if (pattern.endsWith('/:id?')) {
    const base = pattern.slice(0, -'/:id?'.length);
    return [base, `${base}/${SAMPLE_ID}`];
  }
  return [pattern.replace(':id', SAMPLE_ID)];
}

function rendersNotFound(route: RouteObject): boolean {
  return isValidElement(route.element) && route.element.type === NotFoundPage;
}

function lastRoute(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

const screenPaths = screenPatterns.flatMap((pattern) =>
  samplePaths(pattern).map((path) => [pattern, path] as const),
);

describe('route table', () => {
  it('covers the spec screens (sanity check of the sample paths)', () => {
    expect(screenPatterns.length).toBeGreaterThan(50);
    expect(screenPaths).toContainEqual(['/support/last-game-rounds/:id?', '/support/last-game-rounds']);
    expect(screenPaths).toContainEqual(['/games/versions/:id/copy', `/games/versions/${SAMPLE_ID}/copy`]);
  });

  it.each(screenPaths)('%s: %s resolves to a screen, not to the not-found page', (_pattern, path) => {
    const matches = matchRoutes(routes, path);
    expect(matches, path).not.toBeNull();
    const route = matches!.at(-1)!.route;

    expect(route.path).not.toBe('*');
    expect(rendersNotFound(route)).toBe(false);
    // Every screen is a lazily loaded page of its area.
    expect(typeof route.lazy).toBe('function');
  });

  it.each(screenPaths.filter(([pattern]) => pattern.includes(':id')))(
    '%s: %s passes the id to the screen',
    (_pattern, path) => {
      const match = matchRoutes(routes, path)!.at(-1)!;
      if (path.includes(SAMPLE_ID)) expect(match.params.id).toBe(SAMPLE_ID);
      else expect(match.params.id).toBeUndefined();
    },
  );

  it('keeps "create" and "add" apart from ids', () => {
    expect(matchRoutes(routes, '/masterdata/jurisdictions/create')!.at(-1)!.params.id).toBeUndefined();
    expect(matchRoutes(routes, '/casinos/manage/create')!.at(-1)!.route.path).toBe('create');
  });

  it.each([
    '/nowhere',
    '/casinos',
    '/masterdata',
    '/reporting',
    '/casinos/manage/1/extra',
    '/games/versions/1/copy/2',
    '/cpv/allowed-hashes/add/x',
    '/reporting/ggr-report/1',
  ])('%s resolves to the not-found page', (path) => {
    const route = lastRoute(path);
    expect(route).toBeDefined();
    expect(rendersNotFound(route!)).toBe(true);
  });

  it('shows the not-found page inside the layout, under the error boundary', () => {
    const matches = matchRoutes(routes, '/nowhere')!;
    expect(matches[0]!.route.path).toBe('/');
    expect(matches[0]!.route.element).toBeTruthy();
    expect(matches.some((match) => match.route.errorElement)).toBe(true);
  });
});

describe('the app at a URL', () => {
  beforeAll(async () => {
    // Warm the module cache of the areas rendered below.
    await Promise.all([
      import('../features/jurisdictions'),
      import('../features/home'),
      import('../features/games'),
    ]);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows breadcrumbs and heading of the jurisdiction create screen', async () => {
    stubEmptyApi();
    await renderRoutes(routes, {
      initialEntries: ['/masterdata/jurisdictions/create'],
      session: testSession(),
    });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Jurisdiktion anlegen' }, LOAD);
    expect(heading).toBeTruthy();

    const crumbs = within(screen.getByLabelText('Brotkrumen'));
    expect(crumbs.getByText('Stammdaten')).toBeTruthy();
    expect(crumbs.queryByRole('link', { name: 'Stammdaten' })).toBeNull();
    expect(crumbs.getByRole('link', { name: 'Jurisdiktionen' }).getAttribute('href')).toBe(
      '/masterdata/jurisdictions',
    );
    expect(crumbs.getByText('Anlegen')).toBeTruthy();
    expect(crumbs.queryByRole('link', { name: 'Anlegen' })).toBeNull();
    expect(document.title).toBe('Jurisdiktion anlegen · Back Office');
  });

  it('shows the crumbs of a screen under a group, the group not linked', async () => {
    stubEmptyApi();
    await renderRoutes(routes, { initialEntries: ['/cpv/allowed-hashes/add'], session: testSession() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Erlaubten Hash hinzufügen' }, LOAD),
    ).toBeTruthy();
    const crumbs = within(screen.getByLabelText('Brotkrumen'));
    expect(crumbs.getByText('CPV')).toBeTruthy();
    expect(crumbs.queryByRole('link', { name: 'CPV' })).toBeNull();
    expect(crumbs.getByText('Hinzufügen')).toBeTruthy();
    expect(crumbs.getByRole('link', { name: 'Erlaubte Hashes' }).getAttribute('href')).toBe(
      '/cpv/allowed-hashes',
    );
  });

  it('shows the German not-found page with a way home for an unknown path', async () => {
    stubEmptyApi();
    await renderRoutes(routes, { initialEntries: ['/nowhere'], session: testSession() });

    expect(
      await screen.findByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' }, LOAD),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/');
    // Still inside the layout: the main navigation is there.
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
  });

  it('shows the English not-found page when the language is English', async () => {
    stubEmptyApi();
    await renderRoutes(routes, { initialEntries: ['/nowhere'], language: 'en', session: testSession() });

    expect(await screen.findByRole('heading', { name: 'This page could not be found' }, LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('This page could not be found · Back Office');
  });

  it('shows the not-found page for a grouping segment without a page of its own', async () => {
    stubEmptyApi();
    await renderRoutes(routes, { initialEntries: ['/masterdata'], session: testSession() });
    expect(
      await screen.findByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' }, LOAD),
    ).toBeTruthy();
  });

  it('takes the user home from the not-found page', async () => {
    stubEmptyApi();
    const { user, router } = await renderRoutes(routes, {
      initialEntries: ['/nowhere'],
      session: testSession(),
    });
    await user.click(await screen.findByRole('link', { name: 'Zurück zur Startseite' }, LOAD));

    expect(await screen.findByRole('heading', { name: 'Willkommen im Back Office' }, LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('access by role', () => {
  it('gives every menu item the access of the screen it opens', () => {
    for (const item of navigation.flatMap((group) => group.items)) {
      const matches = matchRoutes(routes, item.to) ?? [];
      expect(accessOfMatches(matches.map((match) => ({ handle: match.route.handle }))), item.to).toBe(
        item.access,
      );
    }
  });

  it('shows "No permission." for a screen the role may not use', async () => {
    await renderRoutes(routes, { initialEntries: ['/users/manage'], session: testSession('visitor') });
    await screen.findByRole('heading', { name: 'Keine Berechtigung.' });
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/');
  });

  it('hides the menu items a role may not use', async () => {
    await renderRoutes(routes, { initialEntries: ['/nowhere'], session: testSession('accountant') });
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).queryByRole('link', { name: 'Benutzer' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Jurisdiktionen' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'GGR-Bericht' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Mein Konto' })).toBeTruthy();
  });

  it('keeps the background jobs to admins: in the menu, and by URL', async () => {
    stubEmptyApi();
    await renderRoutes(routes, { initialEntries: ['/masterdata/jobs'], session: testSession('developer') });
    await screen.findByRole('heading', { name: 'Keine Berechtigung.' }, LOAD);
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Jurisdiktionen' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Hintergrundaufgaben' })).toBeNull();
  });

  it('shows admins the background jobs under master data', async () => {
    stubEmptyApi();
    await renderRoutes(routes, { initialEntries: ['/masterdata/jobs'], session: testSession('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hintergrundaufgaben' }, LOAD)).toBeTruthy();
    const masterdata = within(screen.getByRole('group', { name: 'Stammdaten' }));
    expect(masterdata.getByRole('link', { name: 'Hintergrundaufgaben' }).getAttribute('href')).toBe(
      '/masterdata/jobs',
    );
    vi.unstubAllGlobals();
  });
});
