import { errorCatalogue, type Language } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeJurisdictionsApi } from '../../test/fake-jurisdictions-api';
import { fieldError, renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { JurisdictionCreatePage, JurisdictionDetailPage, JurisdictionsListPage } from './index';

const LIST = '/masterdata/jurisdictions';
const CREATE = '/masterdata/jurisdictions/create';
const detailUrl = (id: string) => `/masterdata/jurisdictions/${id}`;

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

/** The feature's screens as the app mounts them (features do not import the app's route table). */
const routes: RouteObject[] = [
  {
    path: '/masterdata',
    ...crumb('nav.groups.masterdata', false),
    children: [
      {
        path: 'jurisdictions',
        ...crumb('nav.jurisdictions'),
        children: [
          { index: true, element: <JurisdictionsListPage /> },
          { path: 'create', ...crumb('crumbs.create'), element: <JurisdictionCreatePage /> },
          { path: ':id', ...crumb('crumbs.details'), element: <JurisdictionDetailPage /> },
        ],
      },
    ],
  },
];

const texts = {
  de: {
    create: 'Anlegen',
    save: 'Speichern',
    delete: 'Löschen',
    saveTitle: 'Änderungen speichern?',
    deleteTitle: 'Jurisdiktion löschen',
    confirmInput: 'Bestätigungstext',
    reload: 'Neu laden',
  },
  en: {
    create: 'Create',
    save: 'Save',
    delete: 'Delete',
    saveTitle: 'Save changes?',
    deleteTitle: 'Delete jurisdiction',
    confirmInput: 'Confirmation text',
    reload: 'Reload',
  },
} as const;

async function openScreen(api: FakeJurisdictionsApi, url: string, language: Language = 'de') {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession() });
}

const nameInput = () => screen.getByLabelText(/^Name/, { selector: 'input' }) as HTMLInputElement;

/** The body rows of the list, as the names shown in their first cell. */
function listedNames(): string[] {
  const table = screen.getByRole('table');
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!)
    .queryAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

/** Types the confirmation text into the open dialog and presses its confirm button. */
async function confirmInDialog(
  user: UserEvent,
  title: string,
  typed: string,
  confirmLabel: string,
  language: Language,
) {
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  const button = dialog.getByRole('button', { name: confirmLabel }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  await user.type(dialog.getByLabelText(texts[language].confirmInput), typed);
  expect(button.disabled).toBe(false);
  await user.click(button);
}

/** What an empty name is told, in the screen's language (German): a plain sentence (issue 17). */
const EMPTY_NAME = 'Geben Sie einen Namen ein.';

afterEach(() => {
  vi.unstubAllGlobals();
  // The notification store outlives a test; start each one without old toasts.
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

/** The red error alert of the screen (toasts are alerts too, so pick the one of Mantine's Alert). */
async function findErrorAlert(options = {}): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = screen
      .getAllByRole('alert')
      .find((element) => element.classList.contains('mantine-Alert-root'));
    if (!alert) throw new Error('no error alert shown');
    return alert;
  }, options);
}

const queryErrorAlert = () =>
  screen.queryAllByRole('alert').find((element) => element.classList.contains('mantine-Alert-root')) ?? null;

describe('jurisdictions list', () => {
  it('shows the jurisdictions sorted by name, and their total', async () => {
    const api = new FakeJurisdictionsApi(['Malta', 'Gibraltar', 'Curaçao']);
    await openScreen(api, LIST);

    expect(await screen.findByRole('link', { name: 'Malta' })).toBeTruthy();
    expect(listedNames()).toEqual(['Curaçao', 'Gibraltar', 'Malta']);
    expect(screen.getByTestId('list-total').textContent).toBe('3 Einträge');
    expect(screen.getByRole('heading', { level: 1, name: 'Jurisdiktionen' })).toBeTruthy();

    const [request] = api.sent('GET');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'name',
      order: 'asc',
    });
  });

  it('links each row to its detail screen', async () => {
    const api = new FakeJurisdictionsApi(['Malta']);
    await openScreen(api, LIST);
    const link = await screen.findByRole('link', { name: 'Malta' });
    expect(link.getAttribute('href')).toBe(detailUrl(api.byName('Malta')!.id));
  });

  it.each([
    ['de', 'Noch keine Jurisdiktionen.', 'Erste Jurisdiktion anlegen', '0 Einträge'],
    ['en', 'No jurisdictions yet.', 'Create the first jurisdiction', '0 entries'],
  ] as const)(
    'says when there are none, and offers to create the first (%s)',
    async (language, text, link, total) => {
      const { user, router } = await openScreen(new FakeJurisdictionsApi(), LIST, language);
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByTestId('list-total').textContent).toBe(total);
      await user.click(screen.getByRole('link', { name: link }));
      expect(router.state.location.pathname).toBe(CREATE);
    },
  );

  it.each([
    ['de', 'Nichts passt zur Suche.', 'Filter zurücksetzen'],
    ['en', 'Nothing matches the search.', 'Clear the filters'],
  ] as const)(
    'says when nothing matches the search, and clears it on request (%s)',
    async (language, text, clear) => {
      const { user, router } = await openScreen(
        new FakeJurisdictionsApi(['Malta']),
        `${LIST}?q=Narnia`,
        language,
      );
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole('link', { name: /Jurisdi/ })).toBeNull();

      await user.click(screen.getByRole('button', { name: clear }));
      expect(await screen.findByRole('link', { name: 'Malta' })).toBeTruthy();
      expect(router.state.location.search).toBe('');
      expect(screen.queryByText(text)).toBeNull();
    },
  );

  it('shows skeleton rows while the first page loads, not "0 entries"', async () => {
    const api = new FakeJurisdictionsApi(['Malta']);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    api.install();
    const fetchNow = globalThis.fetch;
    // The list's answer waits until released; anything else is answered at once.
    globalThis.fetch = async (input, init) => {
      if (String(input).includes('/api/jurisdictions')) await held;
      return fetchNow(input, init);
    };
    try {
      await renderRoutes(routes, { initialEntries: [LIST], session: testSession() });
      const table = await screen.findByRole('table');
      await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('true'));
      expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
      expect(screen.getByTestId('list-total').textContent).toBe('');
      expect(screen.queryByText('Keine Einträge gefunden.')).toBeNull();
    } finally {
      release();
      globalThis.fetch = fetchNow;
    }
    expect(await screen.findByRole('link', { name: 'Malta' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('sorts descending by name when the name header is clicked, and keeps that in the URL', async () => {
    const api = new FakeJurisdictionsApi(['Malta', 'Gibraltar', 'Curaçao']);
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: 'Malta' });

    await user.click(screen.getByRole('button', { name: 'Nach Name sortieren' }));

    await waitFor(() => expect(listedNames()).toEqual(['Malta', 'Gibraltar', 'Curaçao']));
    expect(router.state.location.search).toBe('?order=desc');
    expect(api.sent('GET').at(-1)!.url.searchParams.get('order')).toBe('desc');
  });

  it('searches by name once typing pauses', async () => {
    const api = new FakeJurisdictionsApi(['Malta', 'Gibraltar', 'Curaçao']);
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: 'Malta' });

    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'gib');

    await waitFor(() => expect(listedNames()).toEqual(['Gibraltar']));
    expect(screen.getByTestId('list-total').textContent).toBe('1 Eintrag');
    expect(router.state.location.search).toBe('?q=gib');
    // One request for the search, not one per letter.
    expect(api.sent('GET').filter((request) => request.url.searchParams.has('q'))).toHaveLength(1);
  });

  it('shows the connection error when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await renderRoutes(routes, { initialEntries: [LIST], session: testSession() });
    const alert = await findErrorAlert();
    expect(alert.textContent).toContain('Keine Verbindung zum Backoffice-Backend.');
  });
});

describe('creating a jurisdiction', () => {
  it('shows a validation message for an empty name and sends nothing', async () => {
    const api = new FakeJurisdictionsApi();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Jurisdiktion anlegen' });

    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    const message = fieldError(nameInput());
    expect(message).toBe(EMPTY_NAME);
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
  });

  it('treats a name of only spaces as empty', async () => {
    const api = new FakeJurisdictionsApi();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Jurisdiktion anlegen' });

    await user.type(nameInput(), '   ');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    expect(fieldError(nameInput())).toBe(EMPTY_NAME);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
  });

  it('asks to type the new name, then creates it and opens its detail screen', async () => {
    const api = new FakeJurisdictionsApi();
    const { user, router } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Jurisdiktion anlegen' });

    await user.type(nameInput(), '  Gibraltar ');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Änderungen speichern?' }));
    const save = dialog.getByRole('button', { name: 'Anlegen' }) as HTMLButtonElement;
    expect(dialog.getByText('Gibraltar').tagName).toBe('STRONG');
    expect(save.disabled).toBe(true);

    await user.type(dialog.getByLabelText('Bestätigungstext'), 'Gibralta');
    expect(save.disabled).toBe(true);
    expect(api.sent('POST')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Bestätigungstext'), 'r');
    expect(save.disabled).toBe(false);
    await user.click(save);

    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    const [post] = api.sent('POST');
    expect(post!.url.pathname).toBe('/api/jurisdictions');
    expect(post!.body).toEqual({ name: 'Gibraltar' });
    expect(post!.headers['x-requested-with']).toBe('backoffice');

    const created = api.byName('Gibraltar')!;
    expect(await screen.findByRole('heading', { level: 1, name: 'Gibraltar' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(detailUrl(created.id));
    expect(await screen.findByText('Angelegt.')).toBeTruthy();
  });

  it('does not create anything when the confirmation is cancelled', async () => {
    const api = new FakeJurisdictionsApi();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Jurisdiktion anlegen' });

    await user.type(nameInput(), 'Gibraltar');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Abbrechen' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
    expect(nameInput().value).toBe('Gibraltar');
  });

  it.each([
    ['de', 'Der Name der Jurisdiktion ist bereits vergeben.'],
    ['en', 'Jurisdiction name already taken.'],
  ] as const)('shows a taken name under the field (%s)', async (language, message) => {
    const api = new FakeJurisdictionsApi(['Malta']);
    const { user, router } = await openScreen(api, CREATE, language);
    const t = texts[language];
    await screen.findByRole('heading', {
      name: language === 'de' ? 'Jurisdiktion anlegen' : 'Create jurisdiction',
    });

    await user.type(nameInput(), 'Malta');
    await user.click(screen.getByRole('button', { name: t.create }));
    await confirmInDialog(user, t.saveTitle, 'Malta', t.create, language);

    await waitFor(() => expect(fieldError(nameInput())).toBe(message));
    expect(errorCatalogue.JURISDICTION_NAME_TAKEN.messages[language]).toBe(message);
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queryErrorAlert()).toBeNull();
    expect(router.state.location.pathname).toBe(CREATE);
    expect(api.sent('POST')).toHaveLength(1);
    expect(api.records.size).toBe(1);
  });
});

describe('jurisdiction detail', () => {
  it('shows the record with its name as heading and in the form', async () => {
    const api = new FakeJurisdictionsApi(['Malta']);
    const { id } = api.byName('Malta')!;
    await openScreen(api, detailUrl(id));

    expect(await screen.findByRole('heading', { level: 1, name: 'Malta' })).toBeTruthy();
    expect(nameInput().value).toBe('Malta');
    const crumbs = within(screen.getByLabelText('Brotkrumen'));
    expect(crumbs.getByText('Details')).toBeTruthy();
    expect(screen.getByText(/Version 1/)).toBeTruthy();
  });

  it('shows the not-found page for an id that does not exist', async () => {
    await openScreen(new FakeJurisdictionsApi(), detailUrl('00000000-0000-4000-8000-999999999999'));
    await screen.findByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' });
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found page for an id that fails validation, without asking the server', async () => {
    const api = new FakeJurisdictionsApi(['Malta']);
    await openScreen(api, detailUrl('not-a-uuid'));
    await screen.findByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' });
    expect(api.requests.filter((request) => request.url.pathname.includes('not-a-uuid'))).toEqual([]);
  });

  it('saves a new name at the version read, after typing the current name', async () => {
    const api = new FakeJurisdictionsApi(['Malta']);
    const { id } = api.byName('Malta')!;
    const { user } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Malta' });

    await user.clear(nameInput());
    await user.type(nameInput(), 'Malta (MGA)');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'Malta', 'Speichern', 'de');

    expect(await screen.findByRole('heading', { level: 1, name: 'Malta (MGA)' })).toBeTruthy();
    const [put] = api.sent('PUT');
    expect(put!.url.pathname).toBe(`/api/jurisdictions/${id}`);
    expect(put!.body).toEqual({ name: 'Malta (MGA)', version: 1 });
    expect(await screen.findByText(/Version 2/)).toBeTruthy();
  });

  it('reports a change made meanwhile (stale version) and reloads the current state on request', async () => {
    const api = new FakeJurisdictionsApi(['Malta']);
    const { id } = api.byName('Malta')!;
    const { user } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Malta' });

    api.changeBehindTheScenes(id, 'Malta Gaming Authority');

    await user.clear(nameInput());
    await user.type(nameInput(), 'Malta (MGA)');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'Malta', 'Speichern', 'de');

    const alert = await findErrorAlert();
    expect(alert.textContent).toContain(errorCatalogue.STALE_VERSION.messages.de);
    expect(api.sent('PUT')[0]!.body).toEqual({ name: 'Malta (MGA)', version: 1 });
    expect(api.records.get(id)!.name).toBe('Malta Gaming Authority');

    await user.click(within(alert).getByRole('button', { name: 'Neu laden' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Malta Gaming Authority' })).toBeTruthy();
    await waitFor(() => expect(nameInput().value).toBe('Malta Gaming Authority'));
    expect(queryErrorAlert()).toBeNull();
  });

  it('deletes only after the name is typed, sending the version read', async () => {
    const api = new FakeJurisdictionsApi(['Malta', 'Gibraltar']);
    const { id } = api.byName('Malta')!;
    api.changeBehindTheScenes(id, 'Malta');
    api.changeBehindTheScenes(id, 'Malta');
    const { user, router } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Malta' });

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Jurisdiktion löschen' }));
    expect(dialog.getByText('Dies kann nicht rückgängig gemacht werden.')).toBeTruthy();
    const confirm = dialog.getByRole('button', { name: 'Löschen' }) as HTMLButtonElement;

    await user.type(dialog.getByLabelText('Bestätigungstext'), 'malta');
    expect(confirm.disabled).toBe(true);
    await user.click(confirm);
    expect(api.sent('DELETE')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Bestätigungstext'));
    await user.type(dialog.getByLabelText('Bestätigungstext'), 'Malta');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    await waitFor(() => expect(api.sent('DELETE')).toHaveLength(1));
    const [request] = api.sent('DELETE');
    expect(request!.url.pathname).toBe(`/api/jurisdictions/${id}`);
    expect(request!.url.search).toBe('?version=3');
    expect(request!.headers['x-requested-with']).toBe('backoffice');

    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    await waitFor(() => expect(listedNames()).toEqual(['Gibraltar']));
    expect(api.records.has(id)).toBe(false);
  });

  it('shows the stale-version message when deleting a record changed meanwhile', async () => {
    const api = new FakeJurisdictionsApi(['Malta']);
    const { id } = api.byName('Malta')!;
    const { user, router } = await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Malta' });
    api.changeBehindTheScenes(id, 'Malta');

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await confirmInDialog(user, 'Jurisdiktion löschen', 'Malta', 'Löschen', 'de');

    const alert = await findErrorAlert();
    expect(alert.textContent).toContain(errorCatalogue.STALE_VERSION.messages.de);
    expect(api.records.has(id)).toBe(true);
    expect(router.state.location.pathname).toBe(detailUrl(id));
  });

  it.each([
    ['de', 'Verwendet von 3 Spielversionen und 1 Casino.'],
    ['en', 'Used by 3 game versions and 1 casino.'],
  ] as const)(
    'says by what a jurisdiction in use is used, with counts and links (%s)',
    async (language, sentence) => {
      const api = new FakeJurisdictionsApi(['Malta']);
      const { id } = api.byName('Malta')!;
      const versionId = '00000000-0000-4000-8000-00000000a001';
      api.usage.set(id, [
        {
          kind: 'gameVersions',
          count: 3,
          records: [{ id: versionId, name: 'alpha 1.0.0' }],
          othersHidden: false,
        },
        { kind: 'casinos', count: 1, records: [{ id: 'lucky', name: 'Lucky Casino' }], othersHidden: false },
      ]);
      const { user } = await openScreen(api, detailUrl(id), language);
      await screen.findByRole('heading', { name: 'Malta' });

      await user.click(screen.getByRole('button', { name: texts[language].delete }));
      await confirmInDialog(user, texts[language].deleteTitle, 'Malta', texts[language].delete, language);

      const alert = await findErrorAlert();
      expect(alert.textContent).toContain(errorCatalogue.JURISDICTION_IN_USE.messages[language]);
      expect(alert.textContent).toContain(sentence);
      const versions = within(alert).getByRole('link', {
        name: language === 'de' ? '3 Spielversionen' : '3 game versions',
      });
      expect(versions.getAttribute('href')).toBe('/games/versions');
      expect(within(alert).getByRole('link', { name: 'alpha 1.0.0' }).getAttribute('href')).toBe(
        `/games/versions/${versionId}`,
      );
      expect(within(alert).getByRole('link', { name: 'Lucky Casino' }).getAttribute('href')).toBe(
        '/casinos/manage/lucky',
      );
      expect(api.records.has(id)).toBe(true);
    },
  );
});

it.each([
  ['de', 'Verwendet von 1 Casino und Casinos, die Sie nicht sehen.'],
  ['en', 'Used by 1 casino and casinos you cannot see.'],
] as const)(
  'says that casinos outside the scope use it, without counting or naming them (%s)',
  async (language, sentence) => {
    const api = new FakeJurisdictionsApi(['Malta']);
    const { id } = api.byName('Malta')!;
    api.usage.set(id, [
      { kind: 'casinos', count: 1, records: [{ id: 'lucky', name: 'Lucky Casino' }], othersHidden: true },
    ]);
    const { user } = await openScreen(api, detailUrl(id), language);
    await screen.findByRole('heading', { name: 'Malta' });
    await user.click(screen.getByRole('button', { name: texts[language].delete }));
    await confirmInDialog(user, texts[language].deleteTitle, 'Malta', texts[language].delete, language);
    const alert = await findErrorAlert();
    expect(alert.textContent).toContain(sentence);
    // Only what the user may see is a link.
    expect(
      within(alert)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([language === 'de' ? '1 Casino' : '1 casino', 'Lucky Casino']);
  },
);

describe('jurisdictions for a role that may only look', () => {
  it('shows the list without "Create", and the record without "Save" and "Delete"', async () => {
    const api = new FakeJurisdictionsApi(['Malta']);
    api.install();
    await renderRoutes(routes, { initialEntries: [LIST], session: testSession('visitor') });
    await screen.findByRole('link', { name: 'Malta' });
    expect(screen.queryByRole('link', { name: 'Anlegen' })).toBeNull();

    const { id } = api.byName('Malta')!;
    await renderRoutes(routes, { initialEntries: [detailUrl(id)], session: testSession('visitor') });
    await screen.findByRole('heading', { name: 'Malta' });
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
    // The values as text: no input box, required mark or placeholder.
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    const record = screen.getByTestId('read-only-record');
    expect(record.querySelector('input, [placeholder]')).toBeNull();
    expect(within(record).getByText('Name', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Malta',
    );
    expect(record.textContent).not.toContain('*');
  });
});
