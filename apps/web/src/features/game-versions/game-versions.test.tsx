import { errorCatalogue, type Language, type Role } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeCatalogueApi } from '../../test/fake-catalogue-api';
import { fieldError, renderRoutes, shownValue } from '../../test/render';
import { testSession } from '../../test/sessions';
import {
  GameVersionCopyPage,
  GameVersionCreatePage,
  GameVersionDetailPage,
  GameVersionsListPage,
} from './index';

const LIST = '/games/versions';
const CREATE = '/games/versions/create';
const detailUrl = (id: string) => `/games/versions/${id}`;
const copyUrl = (id: string) => `/games/versions/${id}/copy`;

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

/** The feature's screens as the app mounts them (features do not import the app's route table). */
const routes: RouteObject[] = [
  {
    path: '/games',
    ...crumb('nav.groups.games', false),
    children: [
      {
        path: 'versions',
        ...crumb('nav.gameVersions'),
        children: [
          { index: true, element: <GameVersionsListPage /> },
          { path: 'create', ...crumb('crumbs.create'), element: <GameVersionCreatePage /> },
          { path: ':id', ...crumb('crumbs.details'), element: <GameVersionDetailPage /> },
          { path: ':id/copy', ...crumb('crumbs.copy'), element: <GameVersionCopyPage /> },
        ],
      },
      { path: 'manage/*', ...crumb('nav.games'), element: <p>games screen</p> },
    ],
  },
];

const texts = {
  de: { create: 'Anlegen', saveTitle: 'Änderungen speichern?', versionNumber: 'Versionsnummer' },
  en: { create: 'Create', saveTitle: 'Save changes?', versionNumber: 'Version number' },
} as const;

/** Two games (one requiring two properties), three jurisdictions, three versions. */
function catalogue(): FakeCatalogueApi {
  const api = new FakeCatalogueApi();
  api.addGame({
    gameId: 'book-of-stars',
    name: 'Book of Stars',
    requiredPropertyKeys: ['reelSet', 'paytable'],
  });
  api.addGame({ gameId: 'cosmic-cash', name: 'Cosmic Cash' });
  for (const name of ['Malta', 'Gibraltar', 'Curaçao']) api.addJurisdiction(name);
  api.addVersion({
    gameId: 'book-of-stars',
    versionNumber: '1.0.0',
    jurisdictions: ['Malta', 'Gibraltar'],
    betSizes: [0.2, 1],
    supportsVouchers: true,
    properties: { reelSet: 'A', theme: 'space' },
    frontendUrl: 'https://games.example.com/book-of-stars/1.0.0',
  });
  api.addVersion({
    gameId: 'book-of-stars',
    versionNumber: '1.1.0',
    supportsFeatureTriggerVouchers: true,
  });
  api.addVersion({ gameId: 'cosmic-cash', versionNumber: '2.0.0', jurisdictions: ['Curaçao'] });
  return api;
}

async function openScreen(
  api: FakeCatalogueApi,
  url: string,
  language: Language = 'de',
  role: Role = 'admin',
) {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession(role) });
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

/** Picks an option of a Mantine Select or MultiSelect. */
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

/** "game version" of each row. */
const listedVersions = () => listedRows().map((cells) => `${cells[0]} ${cells[1]}`);

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

/** The pills of a TagsInput or MultiSelect, as text. */
function pills(input: HTMLElement): string[] {
  const root = input.closest('.mantine-InputWrapper-root') as HTMLElement;
  return [...root.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent ?? '');
}

const missingAlert = () => screen.queryByTestId('missing-properties');

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('game versions list', { timeout: 20_000 }, () => {
  it('shows game, number, jurisdictions, voucher flags and missing properties', async () => {
    const api = catalogue();
    await openScreen(api, LIST);

    expect(await screen.findByRole('link', { name: '1.0.0' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Spielversionen' })).toBeTruthy();
    expect(listedRows().map((cells) => cells.slice(0, 5))).toEqual([
      ['Book of Starsbook-of-stars', '1.0.0', 'Gibraltar, Malta', 'Gutscheine', '1 fehltpaytable'],
      ['Book of Starsbook-of-stars', '1.1.0', '', 'Feature-Trigger', '2 fehlenreelSet, paytable'],
      ['Cosmic Cashcosmic-cash', '2.0.0', 'Curaçao', '', '—'],
    ]);
    const id = api.versionByNumber('book-of-stars', '1.1.0')!.id;
    expect(screen.getByRole('link', { name: '1.1.0' }).getAttribute('href')).toBe(detailUrl(id));
    expect(screen.getAllByRole('link', { name: 'Book of Stars' })[0]!.getAttribute('href')).toBe(
      '/games/manage/book-of-stars',
    );
    // The count shows as a badge (orange for one, red for more), the keys beside it.
    const badge = screen.getByText('2 fehlen');
    expect(badge.closest('.mantine-Badge-root')!.getAttribute('title')).toBe('reelSet, paytable');
    expect(Object.fromEntries(api.sent('GET', '/api/game-versions')[0]!.url.searchParams)).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'gameId',
      order: 'asc',
    });
  });

  it('sorts by version number, descending on the second click', async () => {
    const api = catalogue();
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: '1.0.0' });

    await user.click(screen.getByRole('button', { name: 'Nach Versionsnummer sortieren' }));
    await user.click(screen.getByRole('button', { name: 'Nach Versionsnummer sortieren' }));

    await waitFor(() => expect(listedRows().map((cells) => cells[1])).toEqual(['2.0.0', '1.1.0', '1.0.0']));
    expect(router.state.location.search).toBe('?sort=versionNumber&order=desc');
  });

  it('filters by a game found by typing, through the URL', async () => {
    const api = catalogue();
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: '1.0.0' });

    await user.click(field('Spiel'));
    await user.type(field('Spiel'), 'cosm');
    await waitFor(() =>
      expect(
        api.sent('GET', '/api/games').some((request) => request.url.searchParams.get('q') === 'cosm'),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'Book of Stars (book-of-stars)' })).toBeNull(),
    );
    await user.click(await screen.findByRole('option', { name: 'Cosmic Cash (cosmic-cash)' }));

    await waitFor(() => expect(listedVersions()).toEqual(['Cosmic Cashcosmic-cash 2.0.0']));
    expect(router.state.location.search).toBe('?gameId=cosmic-cash');
    expect(api.sent('GET', '/api/game-versions').at(-1)!.url.searchParams.get('gameId')).toBe('cosmic-cash');
  });

  it('filters by jurisdiction and by a search', async () => {
    const api = catalogue();
    const malta = api.addJurisdiction('Malta').id;
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: '1.0.0' });

    await choose(user, field('Jurisdiktion'), 'Malta');
    await waitFor(() => expect(listedRows().map((cells) => cells[1])).toEqual(['1.0.0']));
    expect(router.state.location.search).toBe(`?jurisdictionId=${malta}`);

    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), '2.0');
    await waitFor(() => expect(screen.getByText('Nichts passt zur Suche.')).toBeTruthy());
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('2.0');
  });

  it('shows the state of each version and filters by it, through the URL', async () => {
    const api = catalogue();
    const inactive = api.versionByNumber('book-of-stars', '1.1.0')!.id;
    api.changeVersionBehindTheScenes(inactive, { active: false });
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: '1.0.0' });
    expect(listedRows().map((cells) => `${cells[1]} ${cells[5]}`)).toEqual([
      '1.0.0 Aktiv',
      '1.1.0 Inaktiv',
      '2.0.0 Aktiv',
    ]);

    await choose(user, field('Status'), 'Inaktiv');
    await waitFor(() => expect(listedRows().map((cells) => cells[1])).toEqual(['1.1.0']));
    expect(router.state.location.search).toBe('?active=false');
    expect(api.sent('GET', '/api/game-versions').at(-1)!.url.searchParams.get('active')).toBe('false');

    await choose(user, field('Status'), 'Alle');
    await waitFor(() => expect(listedRows()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  it('opens with the game of the URL (as the game screen links to it)', async () => {
    const api = catalogue();
    await openScreen(api, `${LIST}?gameId=book-of-stars`);
    await screen.findByRole('link', { name: '1.0.0' });
    expect(listedRows().map((cells) => cells[1])).toEqual(['1.0.0', '1.1.0']);
    await waitFor(() => expect(field('Spiel').value).toBe('Book of Stars (book-of-stars)'));
    expect(screen.getByRole('link', { name: 'Anlegen' }).getAttribute('href')).toBe(
      '/games/versions/create?gameId=book-of-stars',
    );
  });
});

describe('creating a game version', { timeout: 30_000 }, () => {
  it('starts with the game of the URL, offers its missing properties, and sends the version', async () => {
    const api = catalogue();
    const { user, router } = await openScreen(api, `${CREATE}?gameId=book-of-stars`);
    await screen.findByRole('heading', { name: 'Spielversion anlegen' });
    await waitFor(() => expect(field('Spiel').value).toBe('Book of Stars (book-of-stars)'));

    // The game requires two properties: listed, with a button adding a row for each.
    const alert = within(await screen.findByTestId('missing-properties'));
    expect(alert.getByText('2 erforderliche Eigenschaften fehlen')).toBeTruthy();
    expect(alert.getByText('reelSet, paytable')).toBeTruthy();
    await user.click(alert.getByRole('button', { name: 'Zeilen für die 2 fehlenden Schlüssel hinzufügen' }));
    expect(screen.getAllByLabelText('Schlüssel').map((input) => (input as HTMLInputElement).value)).toEqual([
      'reelSet',
      'paytable',
    ]);
    await enter(user, field('Wert von reelSet'), 'B');
    await waitFor(() => expect(within(missingAlert()!).getByText('paytable')).toBeTruthy());
    await enter(user, field('Wert von paytable'), 'standard');
    await waitFor(() => expect(missingAlert()).toBeNull());

    await enter(user, field('Versionsnummer'), '2.0.0');
    await choose(user, field('Jurisdiktionen'), 'Malta');
    await choose(user, field('Jurisdiktionen'), 'Curaçao');
    await user.type(field('Einsatzhöhen'), '2{Enter}0,5{Enter}0.10{Enter}');
    expect(pills(field('Einsatzhöhen'))).toEqual(['2', '0,5', '0.10']);
    await user.click(screen.getByRole('switch', { name: 'Unterstützt Gutscheine' }));
    await enter(user, field('Frontend-URL'), 'https://games.example.com/book-of-stars/2.0.0');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'book-of-stars 2.0.0', 'Anlegen');

    await waitFor(() => expect(api.sent('POST', '/api/game-versions')).toHaveLength(1));
    expect(api.sent('POST', '/api/game-versions')[0]!.body).toEqual({
      gameId: 'book-of-stars',
      versionNumber: '2.0.0',
      jurisdictionIds: [api.addJurisdiction('Malta').id, api.addJurisdiction('Curaçao').id],
      betSizes: [0.1, 0.5, 2],
      supportsVouchers: true,
      supportsFeatureTriggerVouchers: false,
      properties: { reelSet: 'B', paytable: 'standard' },
      frontendUrl: 'https://games.example.com/book-of-stars/2.0.0',
      backendUrl: '',
    });
    const created = api.versionByNumber('book-of-stars', '2.0.0')!;
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book of Stars – Version 2.0.0' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(detailUrl(created.id));
  });

  it('shows a bad bet size clearly and sends nothing', async () => {
    const api = catalogue();
    const { user } = await openScreen(api, `${CREATE}?gameId=cosmic-cash`);
    await screen.findByRole('heading', { name: 'Spielversion anlegen' });

    await enter(user, field('Versionsnummer'), '3.0.0');
    await user.type(field('Einsatzhöhen'), '1{Enter}1,234{Enter}');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    expect(fieldError(field('Einsatzhöhen'))).toBe(
      '„1,234“ ist keine gültige Einsatzhöhe: Geben Sie einen positiven Betrag mit höchstens 2 Nachkommastellen ein.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
  });

  it.each([
    [
      'de',
      'Spielversion anlegen',
      'Einsatzhöhen',
      '„1,234“ ist keine gültige Einsatzhöhe: Geben Sie einen positiven Betrag mit höchstens 2 Nachkommastellen ein.',
      'Die Einsatzhöhe 2,00 ist doppelt eingetragen.',
    ],
    [
      'en',
      'Create game version',
      'Bet sizes',
      '“1,234” is not a valid bet size: enter a positive amount with at most 2 decimal places.',
      'The bet size 2,00 is entered twice.',
    ],
  ] as const)(
    'says what is wrong with a bet size while typing and on blur, before anything is sent (%s)',
    async (language, heading, label, invalid, duplicate) => {
      const api = catalogue();
      const { user } = await openScreen(api, `${CREATE}?gameId=cosmic-cash`, language);
      await screen.findByRole('heading', { level: 1, name: heading });
      const betSizes = () => field(label);

      // While typing: "1,23" is a bet size, "1,234" is not — the sentence shows at once.
      await user.click(betSizes());
      await user.keyboard('1,23');
      expect(fieldError(betSizes())).toBeUndefined();
      await user.keyboard('4');
      expect(fieldError(betSizes())).toBe(invalid);
      expect(betSizes().getAttribute('aria-invalid')).toBe('true');

      // Leaving the field keeps the entry as a tag, and the sentence under it.
      await user.tab();
      expect(pills(betSizes())).toEqual(['1,234']);
      expect(fieldError(betSizes())).toBe(invalid);
      expect(fieldError(betSizes())).not.toMatch(/expected|invalid input|too (small|big)/i);

      // Removing it clears the error; an amount entered twice is said on blur as well.
      await user.click(betSizes());
      await user.keyboard('{Backspace}');
      expect(pills(betSizes())).toEqual([]);
      expect(fieldError(betSizes())).toBeUndefined();
      await user.keyboard('2{Enter}2,00');
      await user.tab();
      expect(pills(betSizes())).toEqual(['2', '2,00']);
      expect(fieldError(betSizes())).toBe(duplicate);

      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.sent('POST')).toHaveLength(0);
    },
  );

  it('asks for the game and the version number', async () => {
    const api = catalogue();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Spielversion anlegen' });

    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    expect(fieldError(field('Spiel'))).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(fieldError(field('Versionsnummer'))).toBeTruthy();
    expect(api.sent('POST')).toHaveLength(0);
  });

  it.each([
    ['de', 'Die Versionsnummer des Spiels ist bereits vergeben.'],
    ['en', 'Game version number already taken.'],
  ] as const)('shows a taken version number under the field (%s)', async (language, message) => {
    const api = catalogue();
    const { user, router } = await openScreen(api, `${CREATE}?gameId=book-of-stars`, language);
    const t = texts[language];
    await screen.findByRole('heading', {
      name: language === 'de' ? 'Spielversion anlegen' : 'Create game version',
    });

    await enter(user, field(t.versionNumber), '1.0.0');
    await user.click(screen.getByRole('button', { name: t.create }));
    await confirmInDialog(user, t.saveTitle, 'book-of-stars 1.0.0', t.create);

    await waitFor(() => expect(fieldError(field(t.versionNumber))).toBe(message));
    expect(errorCatalogue.GAME_VERSION_TAKEN.messages[language]).toBe(message);
    expect(field(t.versionNumber).getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe(CREATE);
    expect(api.versions.size).toBe(3);
  });
});

describe('game version detail', { timeout: 30_000 }, () => {
  it('shows the version of its game with what is missing, and links to copying it', async () => {
    const api = catalogue();
    const { id } = api.versionByNumber('book-of-stars', '1.0.0')!;
    await openScreen(api, detailUrl(id));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book of Stars – Version 1.0.0' }),
    ).toBeTruthy();
    expect(field('Spiel').value).toBe('Book of Stars (book-of-stars)');
    expect(field('Spiel')).toHaveProperty('readOnly', true);
    expect(field('Versionsnummer').value).toBe('1.0.0');
    await waitFor(() => expect(pills(field('Jurisdiktionen'))).toEqual(['Gibraltar', 'Malta']));
    expect(pills(field('Einsatzhöhen'))).toEqual(['0,20', '1,00']);
    expect(screen.getByRole('switch', { name: 'Unterstützt Gutscheine' })).toHaveProperty('checked', true);
    expect(field('Wert von theme').value).toBe('space');
    const alert = within(await screen.findByTestId('missing-properties'));
    expect(alert.getByText('1 erforderliche Eigenschaft fehlt')).toBeTruthy();
    expect(alert.getByText('paytable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kopieren' }).getAttribute('href')).toBe(copyUrl(id));
  });

  it('saves changed settings at the revision read, sorting the bet sizes', async () => {
    const api = catalogue();
    const { id } = api.versionByNumber('book-of-stars', '1.0.0')!;
    const { user } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Book of Stars – Version 1.0.0' });

    await user.type(field('Einsatzhöhen'), '0,05{Enter}');
    await user.click(screen.getByRole('button', { name: 'Eigenschaft theme entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Eigenschaft hinzufügen' }));
    const keys = screen.getAllByLabelText('Schlüssel');
    await enter(user, keys.at(-1)!, 'paytable');
    await enter(user, field('Wert von paytable'), 'high');
    await waitFor(() => expect(missingAlert()).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'book-of-stars 1.0.0', 'Speichern');

    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const [put] = api.sent('PUT');
    expect(put!.url.pathname).toBe(`/api/game-versions/${id}`);
    expect(put!.body).toEqual({
      versionNumber: '1.0.0',
      jurisdictionIds: api.version(id)!.jurisdictions.map((jurisdiction) => jurisdiction.id),
      betSizes: [0.05, 0.2, 1],
      supportsVouchers: true,
      supportsFeatureTriggerVouchers: false,
      properties: { reelSet: 'A', paytable: 'high' },
      frontendUrl: 'https://games.example.com/book-of-stars/1.0.0',
      backendUrl: '',
      version: 1,
    });
    expect(await screen.findByText(/Version 2$/)).toBeTruthy();
  });

  it('marks a property key that is not valid, in its row', async () => {
    const api = catalogue();
    const { id } = api.versionByNumber('cosmic-cash', '2.0.0')!;
    const { user } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Cosmic Cash – Version 2.0.0' });

    await user.click(screen.getByRole('button', { name: 'Eigenschaft hinzufügen' }));
    await enter(user, screen.getByLabelText('Schlüssel'), '1st');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(fieldError(screen.getByLabelText('Schlüssel'))).toBe(
      'Nur Buchstaben, Ziffern und . _ -, beginnend mit einem Buchstaben.',
    );
    expect(api.sent('PUT')).toHaveLength(0);
  });

  it('deletes the version after "game version number" is typed', async () => {
    const api = catalogue();
    const { id } = api.versionByNumber('cosmic-cash', '2.0.0')!;
    const { user, router } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Cosmic Cash – Version 2.0.0' });

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await confirmInDialog(user, 'Spielversion löschen', 'cosmic-cash 2.0.0', 'Löschen');

    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(api.sent('DELETE')[0]!.url.search).toBe('?version=1');
    expect(api.versions.has(id)).toBe(false);
    await waitFor(() => expect(listedRows()).toHaveLength(2));
  });

  it('shows the not-found page for a version that does not exist or an id that cannot be one', async () => {
    await openScreen(catalogue(), detailUrl('00000000-0000-4000-8000-999999999999'));
    await screen.findByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' });
    await openScreen(catalogue(), copyUrl('not-a-uuid'));
    expect(
      await screen.findAllByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' }),
    ).toHaveLength(2);
  });
});

describe('game version state', { timeout: 30_000 }, () => {
  const state = () => screen.getByTestId('game-version-state').textContent;
  const inactiveNote = () => screen.queryByTestId('game-version-inactive');

  it('shows an inactive version with a note pointing to the audit trail, and activates it after confirming', async () => {
    const api = catalogue();
    const { id } = api.versionByNumber('book-of-stars', '1.0.0')!;
    // A CPV check deactivated it: the next revision.
    api.changeVersionBehindTheScenes(id, { active: false });
    const { user } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Book of Stars – Version 1.0.0' });

    expect(state()).toBe('Inaktiv');
    const note = within(inactiveNote()!);
    expect(note.getByText('Diese Version ist inaktiv')).toBeTruthy();
    expect(note.getByText(/offene Runden können zu Ende gespielt werden/)).toBeTruthy();
    expect(note.getByRole('link', { name: 'In den Audit-Einträgen anzeigen' }).getAttribute('href')).toBe(
      `/reporting/audit-entries?entityType=game-version&entityId=${id}`,
    );
    expect(screen.queryByRole('button', { name: 'Deaktivieren' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Aktivieren' }));
    await confirmInDialog(
      user,
      'Version 1.0.0 von Book of Stars aktivieren?',
      'book-of-stars 1.0.0',
      'Aktivieren',
    );

    await waitFor(() => expect(api.sent('POST', `/api/game-versions/${id}/activate`)).toHaveLength(1));
    expect(api.sent('POST', `/api/game-versions/${id}/activate`)[0]!.body).toEqual({ version: 2 });
    await waitFor(() => expect(state()).toBe('Aktiv'));
    expect(inactiveNote()).toBeNull();
    expect(await screen.findByText('Spielversion aktiviert.')).toBeTruthy();
    expect(await screen.findByText(/Version 3$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deaktivieren' })).toBeTruthy();
    expect(api.sent('PUT')).toHaveLength(0);
  });

  it('deactivates an active version after confirming (English)', async () => {
    const api = catalogue();
    const { id } = api.versionByNumber('cosmic-cash', '2.0.0')!;
    const { user } = await openScreen(api, detailUrl(id), 'en');
    await screen.findByRole('heading', { name: 'Cosmic Cash – version 2.0.0' });
    expect(state()).toBe('Active');
    expect(inactiveNote()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Deactivate version 2.0.0 of Cosmic Cash?' }),
    );
    expect(
      dialog.getByText('No new rounds start with this version; open rounds can still be finished.'),
    ).toBeTruthy();
    await confirmInDialog(
      user,
      'Deactivate version 2.0.0 of Cosmic Cash?',
      'cosmic-cash 2.0.0',
      'Deactivate',
    );

    await waitFor(() => expect(state()).toBe('Inactive'));
    expect(api.sent('POST', `/api/game-versions/${id}/deactivate`)[0]!.body).toEqual({ version: 1 });
    expect(api.version(id)).toMatchObject({ active: false, version: 2 });
    expect(within(inactiveNote()!).getByText('This version is inactive')).toBeTruthy();
    expect(await screen.findByText('Game version deactivated.')).toBeTruthy();
  });

  it('shows the conflict when someone else changed the version meanwhile, and reloads on retry', async () => {
    const api = catalogue();
    const { id } = api.versionByNumber('cosmic-cash', '2.0.0')!;
    const { user } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Cosmic Cash – Version 2.0.0' });
    api.changeVersionBehindTheScenes(id, { active: false });

    await user.click(screen.getByRole('button', { name: 'Deaktivieren' }));
    await confirmInDialog(
      user,
      'Version 2.0.0 von Cosmic Cash deaktivieren?',
      'cosmic-cash 2.0.0',
      'Deaktivieren',
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(errorCatalogue.STALE_VERSION.messages.de);
    expect(state()).toBe('Aktiv');
    await user.click(within(alert).getByRole('button'));
    await waitFor(() => expect(state()).toBe('Inaktiv'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the state without the buttons to those who may only look', async () => {
    const api = catalogue();
    const { id } = api.versionByNumber('cosmic-cash', '2.0.0')!;
    api.changeVersionBehindTheScenes(id, { active: false });
    // Support may see versions but not the audit trail: the note names it without a link.
    await openScreen(api, detailUrl(id), 'de', 'support');
    await screen.findByRole('heading', { name: 'Cosmic Cash – Version 2.0.0' });

    expect(state()).toBe('Inaktiv');
    expect(inactiveNote()).toBeTruthy();
    expect(within(inactiveNote()!).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aktivieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deaktivieren' })).toBeNull();
  });
});

describe('copying a game version', { timeout: 30_000 }, () => {
  it('prefills every setting but the number, and creates a new version', async () => {
    const api = catalogue();
    const source = api.versionByNumber('book-of-stars', '1.0.0')!;
    const { user, router } = await openScreen(api, copyUrl(source.id));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book of Stars – Version 1.0.0 kopieren' }),
    ).toBeTruthy();
    await waitFor(() => expect(field('Spiel').value).toBe('Book of Stars (book-of-stars)'));
    expect(field('Versionsnummer').value).toBe('');
    expect(
      screen.getByText('Kopie von Version 1.0.0: Geben Sie die Nummer der neuen Version ein.'),
    ).toBeTruthy();
    await waitFor(() => expect(pills(field('Jurisdiktionen'))).toEqual(['Gibraltar', 'Malta']));
    expect(pills(field('Einsatzhöhen'))).toEqual(['0,20', '1,00']);
    expect(field('Wert von reelSet').value).toBe('A');
    expect(field('Frontend-URL').value).toBe('https://games.example.com/book-of-stars/1.0.0');

    await enter(user, field('Versionsnummer'), '1.0.1');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'book-of-stars 1.0.1', 'Anlegen');

    await waitFor(() => expect(api.sent('POST', '/api/game-versions')).toHaveLength(1));
    expect(api.sent('POST', '/api/game-versions')[0]!.body).toEqual({
      gameId: 'book-of-stars',
      versionNumber: '1.0.1',
      jurisdictionIds: source.jurisdictions.map((jurisdiction) => jurisdiction.id),
      betSizes: [0.2, 1],
      supportsVouchers: true,
      supportsFeatureTriggerVouchers: false,
      properties: { reelSet: 'A', theme: 'space' },
      frontendUrl: 'https://games.example.com/book-of-stars/1.0.0',
      backendUrl: '',
    });
    expect(api.sent('PUT')).toHaveLength(0);
    const copy = api.versionByNumber('book-of-stars', '1.0.1')!;
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book of Stars – Version 1.0.1' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(detailUrl(copy.id));
    expect(api.version(source.id)!.version).toBe(1);
  });

  it('says "Game version number already taken" under the field for a number in use', async () => {
    const api = catalogue();
    const source = api.versionByNumber('book-of-stars', '1.0.0')!;
    const { user, router } = await openScreen(api, copyUrl(source.id), 'en');
    await screen.findByRole('heading', { level: 1, name: 'Copy Book of Stars – version 1.0.0' });

    await enter(user, field('Version number'), '1.1.0');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await confirmInDialog(user, 'Save changes?', 'book-of-stars 1.1.0', 'Create');

    await waitFor(() =>
      expect(fieldError(field('Version number'))).toBe('Game version number already taken.'),
    );
    expect(router.state.location.pathname).toBe(copyUrl(source.id));
    expect(api.versions.size).toBe(3);
  });
});

describe('game versions for a role that may only look', { timeout: 20_000 }, () => {
  it('shows no Create, Save, Delete, Copy or Deactivate, and the form read-only', async () => {
    const api = catalogue();
    await openScreen(api, LIST, 'de', 'visitor');
    await screen.findByRole('link', { name: '1.0.0' });
    expect(screen.queryByRole('link', { name: 'Anlegen' })).toBeNull();

    const { id } = api.versionByNumber('book-of-stars', '1.0.0')!;
    await renderRoutes(routes, { initialEntries: [detailUrl(id)], session: testSession('visitor') });
    await screen.findByRole('heading', { name: 'Book of Stars – Version 1.0.0' });
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Kopieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deaktivieren' })).toBeNull();
    expect(screen.getByTestId('game-version-state').textContent).toBe('Aktiv');
    expect(screen.queryByRole('button', { name: 'Eigenschaft hinzufügen' })).toBeNull();
    expect(await shownValue('Versionsnummer')).toBe('1.0.0');
    expect(screen.queryByRole('textbox', { name: /Versionsnummer/ })).toBeNull();
    // Properties show as text: the key and its value, no input box.
    expect(screen.queryByLabelText(/^Wert von reelSet/)).toBeNull();
    expect(screen.getAllByText('reelSet').length).toBeGreaterThan(0);
    // What is missing shows to those who may only look too, without the button to add rows.
    const alert = within(await screen.findByTestId('missing-properties'));
    expect(alert.getByText('paytable')).toBeTruthy();
    expect(alert.queryByRole('button')).toBeNull();
  });
});
