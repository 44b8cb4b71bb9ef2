import { errorCatalogue, type Language } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeCatalogueApi } from '../../test/fake-catalogue-api';
import { fieldError, renderRoutes, shownValue } from '../../test/render';
import { testSession } from '../../test/sessions';
import { GameCreatePage, GameDetailPage, GameIntegrationsPage, GamesListPage } from './index';

const LIST = '/games/manage';
const CREATE = '/games/manage/create';
const detailUrl = (gameId: string) => `/games/manage/${gameId}`;

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

/** The feature's screens as the app mounts them (features do not import the app's route table). */
const routes: RouteObject[] = [
  {
    path: '/games',
    ...crumb('nav.groups.games', false),
    children: [
      { path: 'integrations', ...crumb('nav.gameIntegrations'), element: <GameIntegrationsPage /> },
      {
        path: 'manage',
        ...crumb('nav.games'),
        children: [
          { index: true, element: <GamesListPage /> },
          { path: 'create', ...crumb('crumbs.create'), element: <GameCreatePage /> },
          { path: ':id', ...crumb('crumbs.details'), element: <GameDetailPage /> },
        ],
      },
      { path: 'versions/*', ...crumb('nav.gameVersions'), element: <p>versions screen</p> },
    ],
  },
];

const texts = {
  de: { create: 'Anlegen', saveTitle: 'Änderungen speichern?', confirmInput: 'Bestätigungstext' },
  en: { create: 'Create', saveTitle: 'Save changes?', confirmInput: 'Confirmation text' },
} as const;

/** Two studios, two providers, three games (one with two versions). */
function catalogue(): FakeCatalogueApi {
  const api = new FakeCatalogueApi();
  api.addStudio('Aurora Games');
  api.addProvider('relax', 'Relax Gaming');
  api.addGame({
    gameId: 'book-of-stars',
    name: 'Book of Stars',
    studio: 'Nordlicht Studio',
    provider: 'internal',
    theoreticalRtp: 96.5,
    requiredPropertyKeys: ['reelSet'],
  });
  api.addGame({
    gameId: 'aurora-fruits',
    name: 'Aurora Fruits',
    studio: 'Aurora Games',
    provider: 'relax',
    theoreticalRtp: 94.25,
  });
  api.addGame({ gameId: 'cosmic-cash', name: 'Cosmic Cash', studio: 'Nordlicht Studio', provider: 'relax' });
  api.addVersion({ gameId: 'book-of-stars', versionNumber: '1.0.0' });
  api.addVersion({ gameId: 'book-of-stars', versionNumber: '1.1.0' });
  return api;
}

async function openScreen(api: FakeCatalogueApi, url: string, language: Language = 'de', role = 'admin') {
  api.install();
  return renderRoutes(routes, {
    initialEntries: [url],
    language,
    session: testSession(role as 'admin'),
  });
}

function field(label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}(\\s*\\*)?$`), {
    selector: 'input',
  }) as HTMLInputElement;
}

/** Enters a text in one go (as pasting does). */
async function enter(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Picks an option of a Mantine Select. */
async function choose(user: UserEvent, select: HTMLElement, option: string) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The cells of the list's body rows, as text. */
function listedRows(): string[][] {
  const table = screen.getByRole('table');
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!)
    .queryAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

const listedIds = () => listedRows().map((cells) => cells[0]);

/** Types the confirmation text into the open dialog and presses its confirm button. */
async function confirmInDialog(user: UserEvent, title: string, typed: string, confirmLabel: string) {
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  const button = dialog.getByRole('button', { name: confirmLabel }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  await user.click(dialog.getByTestId('confirm-input'));
  await user.paste(typed);
  expect(button.disabled).toBe(false);
  await user.click(button);
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('games list', { timeout: 20_000 }, () => {
  it('shows the games by game id with studio, provider, RTP and version count', async () => {
    const api = catalogue();
    await openScreen(api, LIST);

    expect(await screen.findByRole('link', { name: 'book-of-stars' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Spiele' })).toBeTruthy();
    expect(listedRows().map((cells) => cells.slice(0, 6))).toEqual([
      ['aurora-fruits', 'Aurora Fruits', 'Aurora Games', 'Relax Gaming', '94,25', '0'],
      ['book-of-stars', 'Book of Stars', 'Nordlicht Studio', 'INTERNAL', '96,5', '2'],
      ['cosmic-cash', 'Cosmic Cash', 'Nordlicht Studio', 'Relax Gaming', '96', '0'],
    ]);
    expect(screen.getByTestId('list-total').textContent).toBe('3 Einträge');
    expect(screen.getByRole('link', { name: 'book-of-stars' }).getAttribute('href')).toBe(
      detailUrl('book-of-stars'),
    );
    const [request] = api.sent('GET', '/api/games');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'gameId',
      order: 'asc',
    });
  });

  it('sorts by RTP and then descending, keeping the order in the URL', async () => {
    const api = catalogue();
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: 'book-of-stars' });

    await user.click(screen.getByRole('button', { name: 'Nach RTP % sortieren' }));
    await waitFor(() => expect(listedIds()).toEqual(['aurora-fruits', 'cosmic-cash', 'book-of-stars']));
    expect(router.state.location.search).toBe('?sort=theoreticalRtp');

    await user.click(screen.getByRole('button', { name: 'Nach RTP % sortieren' }));
    await waitFor(() => expect(listedIds()).toEqual(['book-of-stars', 'cosmic-cash', 'aurora-fruits']));
    expect(router.state.location.search).toBe('?sort=theoreticalRtp&order=desc');
    expect(Object.fromEntries(api.sent('GET', '/api/games').at(-1)!.url.searchParams)).toMatchObject({
      sort: 'theoreticalRtp',
      order: 'desc',
    });
  });

  it('filters by studio through the URL', async () => {
    const api = catalogue();
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: 'book-of-stars' });

    await choose(user, field('Studio'), 'Nordlicht Studio');

    await waitFor(() => expect(listedIds()).toEqual(['book-of-stars', 'cosmic-cash']));
    const studioId = api.addStudio('Nordlicht Studio').id;
    expect(router.state.location.search).toBe(`?studioId=${studioId}`);
    expect(api.sent('GET', '/api/games').at(-1)!.url.searchParams.get('studioId')).toBe(studioId);
    // The studios to choose from come from the studios API, the largest page, by name.
    expect(Object.fromEntries(api.sent('GET', '/api/game-studios')[0]!.url.searchParams)).toEqual({
      page: '1',
      pageSize: '100',
      sort: 'name',
      order: 'asc',
    });
  });

  it('opens with the provider filter of the URL, naming the provider', async () => {
    const api = catalogue();
    const { user, router } = await openScreen(api, `${LIST}?providerId=relax`);

    expect(await screen.findByRole('link', { name: 'cosmic-cash' })).toBeTruthy();
    expect(listedIds()).toEqual(['aurora-fruits', 'cosmic-cash']);
    await waitFor(() => expect(field('Anbieter').value).toBe('Relax Gaming'));

    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'cosmic');
    await waitFor(() => expect(listedIds()).toEqual(['cosmic-cash']));
    expect(new URLSearchParams(router.state.location.search).get('providerId')).toBe('relax');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('cosmic');
  });
});

describe('creating a game', { timeout: 20_000 }, () => {
  async function fill(user: UserEvent, gameId: string) {
    await enter(user, field('Spiel-ID'), gameId);
    await enter(user, field('Name'), 'Lucky Comet');
    await choose(user, field('Studio'), 'Aurora Games');
    await choose(user, field('Anbieter'), 'Relax Gaming');
    await enter(user, field('Theoretischer RTP'), '96,45');
    await enter(user, field('Maximaler Expositionsfaktor'), '2500');
    await enter(user, field('Mindesteinsatz'), '0,10');
    await user.type(field('Erforderliche Eigenschaften'), 'reelSet{Enter}paytable{Enter}');
  }

  it('sends the game only after the game id is typed, then opens it', async () => {
    const api = catalogue();
    const { user, router } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Spiel anlegen' });

    await fill(user, 'lucky-comet');
    expect(field('Spiel-ID beim Anbieter').placeholder).toBe('Leer: wie die Spiel-ID (lucky-comet)');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Änderungen speichern?' }));
    expect(dialog.getByText('lucky-comet').tagName).toBe('STRONG');
    await user.type(dialog.getByTestId('confirm-input'), 'lucky-come');
    expect((dialog.getByRole('button', { name: 'Anlegen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.sent('POST')).toHaveLength(0);
    await user.type(dialog.getByTestId('confirm-input'), 't');
    await user.click(dialog.getByRole('button', { name: 'Anlegen' }));

    await waitFor(() => expect(api.sent('POST', '/api/games')).toHaveLength(1));
    expect(api.sent('POST', '/api/games')[0]!.body).toEqual({
      gameId: 'lucky-comet',
      name: 'Lucky Comet',
      studioId: api.addStudio('Aurora Games').id,
      providerId: 'relax',
      gameProviderGameId: '',
      theoreticalRtp: 96.45,
      maxExposureFactor: 2500,
      minBetCents: 10,
      requiredPropertyKeys: ['reelSet', 'paytable'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lucky Comet' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(detailUrl('lucky-comet'));
    expect(field('Mindesteinsatz').value).toBe('0,10');
    expect(field('Theoretischer RTP').value).toBe('96,45');
  });

  it('says which fields are missing and sends nothing', async () => {
    const api = catalogue();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Spiel anlegen' });

    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    // Each sentence names its field (issue 17).
    for (const [label, message] of [
      ['Studio', 'Wählen Sie ein Studio.'],
      ['Anbieter', 'Wählen Sie einen Anbieter.'],
      ['Theoretischer RTP', 'Geben Sie den RTP ein.'],
      ['Mindesteinsatz', 'Geben Sie einen Mindesteinsatz ein.'],
    ]) {
      expect(fieldError(field(label!)), label).toBe(message);
    }
    expect(fieldError(field('Spiel-ID'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
  });

  it('refuses an RTP above 100 and an invalid required key, in the field', async () => {
    const api = catalogue();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Spiel anlegen' });

    await fill(user, 'lucky-comet');
    await user.clear(field('Theoretischer RTP'));
    await enter(user, field('Theoretischer RTP'), '101');
    await user.type(field('Erforderliche Eigenschaften'), '9lives{Enter}');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    expect(fieldError(field('Theoretischer RTP'))).toBeTruthy();
    expect(fieldError(field('Erforderliche Eigenschaften'))).toContain(
      '„9lives“ ist kein gültiger Schlüssel',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
  });

  it.each([
    ['de', 'Die Spiel-ID wird bereits verwendet.'],
    ['en', 'Game id already used.'],
  ] as const)('shows a taken game id under the field (%s)', async (language, message) => {
    const api = catalogue();
    const { user, router } = await openScreen(api, CREATE, language);
    const t = texts[language];
    await screen.findByRole('heading', { name: language === 'de' ? 'Spiel anlegen' : 'Create game' });

    if (language === 'de') await fill(user, 'cosmic-cash');
    else {
      await enter(user, field('Game id'), 'cosmic-cash');
      await enter(user, field('Name'), 'Lucky Comet');
      await choose(user, field('Studio'), 'Aurora Games');
      await choose(user, field('Provider'), 'Relax Gaming');
      await enter(user, field('Theoretical RTP'), '96.45');
      await enter(user, field('Max exposure factor'), '2500');
      await enter(user, field('Minimum bet'), '0.10');
    }
    await user.click(screen.getByRole('button', { name: t.create }));
    await confirmInDialog(user, t.saveTitle, 'cosmic-cash', t.create);

    const gameIdField = field(language === 'de' ? 'Spiel-ID' : 'Game id');
    await waitFor(() => expect(fieldError(gameIdField)).toBe(message));
    expect(errorCatalogue.GAME_ID_TAKEN.messages[language]).toBe(message);
    expect(api.sent('POST', '/api/games')[0]!.body).toMatchObject({ minBetCents: 10, theoreticalRtp: 96.45 });
    expect(router.state.location.pathname).toBe(CREATE);
    expect(api.games.get('cosmic-cash')!.name).toBe('Cosmic Cash');
  });
});

describe('game detail', { timeout: 20_000 }, () => {
  it('shows the game with its id fixed, and links to its versions', async () => {
    const api = catalogue();
    await openScreen(api, detailUrl('book-of-stars'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Book of Stars' })).toBeTruthy();
    expect(field('Spiel-ID')).toHaveProperty('readOnly', true);
    expect(field('Spiel-ID').value).toBe('book-of-stars');
    await waitFor(() => expect(field('Studio').value).toBe('Nordlicht Studio'));
    expect(field('Anbieter').value).toBe('INTERNAL');
    expect(field('Mindesteinsatz').value).toBe('0,10');
    expect(field('Theoretischer RTP').value).toBe('96,5');
    expect(screen.getByRole('link', { name: '2 Versionen' }).getAttribute('href')).toBe(
      '/games/versions?gameId=book-of-stars',
    );
    expect(screen.getByRole('link', { name: 'Neue Version' }).getAttribute('href')).toBe(
      '/games/versions/create?gameId=book-of-stars',
    );
  });

  it('saves the changes at the revision read, without the game id, after typing the game id', async () => {
    const api = catalogue();
    const { user } = await openScreen(api, detailUrl('cosmic-cash'));
    await screen.findByRole('heading', { name: 'Cosmic Cash' });

    await user.clear(field('Name'));
    await enter(user, field('Name'), 'Cosmic Cash Deluxe');
    await user.clear(field('Mindesteinsatz'));
    await enter(user, field('Mindesteinsatz'), '1,5');
    await enter(user, field('Spiel-ID beim Anbieter'), 'cc-01');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'cosmic-cash', 'Speichern');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cosmic Cash Deluxe' })).toBeTruthy();
    const [put] = api.sent('PUT');
    expect(put!.url.pathname).toBe('/api/games/cosmic-cash');
    expect(put!.body).toEqual({
      name: 'Cosmic Cash Deluxe',
      studioId: api.addStudio('Nordlicht Studio').id,
      providerId: 'relax',
      gameProviderGameId: 'cc-01',
      theoreticalRtp: 96,
      maxExposureFactor: 5000,
      minBetCents: 150,
      requiredPropertyKeys: [],
      version: 1,
    });
  });

  it('deletes the game with its versions after the game id is typed', async () => {
    const api = catalogue();
    const { user, router } = await openScreen(api, detailUrl('book-of-stars'));
    await screen.findByRole('heading', { name: 'Book of Stars' });

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await confirmInDialog(user, 'Spiel und seine 2 Versionen löschen', 'book-of-stars', 'Löschen');

    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    const [request] = api.sent('DELETE');
    expect(request!.url.pathname).toBe('/api/games/book-of-stars');
    expect(request!.url.search).toBe('?version=1');
    expect(api.games.has('book-of-stars')).toBe(false);
    expect(api.versions.size).toBe(0);
    await waitFor(() => expect(listedIds()).toEqual(['aurora-fruits', 'cosmic-cash']));
  });

  it('shows the not-found page for a game that does not exist', async () => {
    await openScreen(catalogue(), detailUrl('no-such-game'));
    await screen.findByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' });
  });
});

describe('games for a role that may only look', { timeout: 20_000 }, () => {
  it('shows no Create, Save, Delete or New version, and the form read-only', async () => {
    const api = catalogue();
    await openScreen(api, LIST, 'de', 'visitor');
    await screen.findByRole('link', { name: 'book-of-stars' });
    expect(screen.queryByRole('link', { name: 'Anlegen' })).toBeNull();

    await renderRoutes(routes, {
      initialEntries: [detailUrl('book-of-stars')],
      session: testSession('visitor'),
    });
    await screen.findByRole('heading', { name: 'Book of Stars' });
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Neue Version' })).toBeNull();
    expect(screen.getByRole('link', { name: '2 Versionen' })).toBeTruthy();
    expect(await shownValue('Name')).toBe('Book of Stars');
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    // The shared inputs show their value as text in a read-only record.
    expect(screen.queryByLabelText(/^Theoretischer RTP/)).toBeNull();
    expect(screen.getByText('Theoretischer RTP', { selector: 'dt' })).toBeTruthy();
  });
});

describe('game integrations', () => {
  it('is still the planned screen', async () => {
    await openScreen(catalogue(), '/games/integrations');
    expect(await screen.findByRole('heading', { name: 'Integrationen je Spiel' })).toBeTruthy();
  });
});
