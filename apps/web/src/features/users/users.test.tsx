import { errorCatalogue, type Language, type SessionInfo } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeUsersApi, type NewUser } from '../../test/fake-users-api';
import { fieldError, renderRoutes } from '../../test/render';
import { AccountPage, UserCreatePage, UserDetailPage, UsersListPage } from './index';

const LIST = '/users/manage';
const CREATE = '/users/manage/create';
const ACCOUNT = '/users/account';
const detailUrl = (id: string) => `/users/manage/${id}`;

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

/** The area's screens as the app mounts them (features do not import the app's route table). */
const routes: RouteObject[] = [
  {
    path: '/users',
    ...crumb('nav.groups.users', false),
    children: [
      { path: 'account', ...crumb('nav.account'), element: <AccountPage /> },
      {
        path: 'manage',
        ...crumb('nav.users'),
        children: [
          { index: true, element: <UsersListPage /> },
          { path: 'create', ...crumb('crumbs.create'), element: <UserCreatePage /> },
          { path: ':id', ...crumb('crumbs.details'), element: <UserDetailPage /> },
        ],
      },
    ],
  },
];

const PASSWORD = 'correct-horse-battery';

const people: NewUser[] = [
  { username: 'mmuster', firstName: 'Max', lastName: 'Muster', role: 'support', email: 'max@example.com' },
  { username: 'ekoch', firstName: 'Erika', lastName: 'Koch', role: 'qa', active: false },
  { username: 'jdoe', firstName: 'Jane', lastName: 'Doe', role: 'support', casinoIds: ['casino-1'] },
];

async function openScreen(
  api: FakeUsersApi,
  url: string,
  language: Language = 'de',
  session: SessionInfo = api.session(),
) {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session });
}

/** A form field by its label (a required field's label ends in an asterisk). */
function field(label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}(\\s*\\*)?$`), {
    selector: 'input',
  }) as HTMLInputElement;
}

/** The body rows of the list, as the usernames shown in their first cell. */
function listedUsernames(): string[] {
  const table = screen.getByRole('table');
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!)
    .queryAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

/** Types the confirmation text into the open dialog and presses its confirm button. */
async function confirmInDialog(user: UserEvent, title: string, typed: string, confirmLabel: string) {
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  const button = dialog.getByRole('button', { name: confirmLabel }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  await user.type(dialog.getByTestId('confirm-input'), typed);
  expect(button.disabled).toBe(false);
  await user.click(button);
}

/** Enters a text in one go (as pasting does): long values need no key-by-key typing. */
async function enter(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillNewUser(user: UserEvent, values: { username: string; email: string; repeat?: string }) {
  await enter(user, field('Benutzername'), values.username);
  await enter(user, field('E-Mail'), values.email);
  await enter(user, field('Vorname'), 'Nora');
  await enter(user, field('Nachname'), 'Neu');
  await enter(user, field('Passwort'), PASSWORD);
  await enter(user, field('Passwort wiederholen'), values.repeat ?? PASSWORD);
}

/** Picks an option of a Mantine Select. */
async function choose(user: UserEvent, select: HTMLElement, option: string) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  // The notification store outlives a test; start each one without old toasts.
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

/** The red error alert of the screen (toasts are alerts too, so pick the one of Mantine's Alert). */
async function findErrorAlert(): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = screen
      .getAllByRole('alert')
      .find((element) => element.classList.contains('mantine-Alert-root'));
    if (!alert) throw new Error('no error alert shown');
    return alert;
  });
}

const queryErrorAlert = () =>
  screen.queryAllByRole('alert').find((element) => element.classList.contains('mantine-Alert-root')) ?? null;

describe('users list', () => {
  it('shows the users sorted by username, with name, e-mail, role and state', async () => {
    const api = new FakeUsersApi(people);
    await openScreen(api, LIST);

    expect(await screen.findByRole('link', { name: 'mmuster' })).toBeTruthy();
    expect(listedUsernames()).toEqual(['admin', 'ekoch', 'jdoe', 'mmuster']);
    expect(screen.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('4 Einträge');

    const row = screen.getByRole('link', { name: 'ekoch' }).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'ekoch',
      'Erika Koch',
      'ekoch@example.com',
      'Qualitätssicherung',
      'Inaktiv',
    ]);
    expect(screen.getByRole('link', { name: 'mmuster' }).getAttribute('href')).toBe(
      detailUrl(api.byUsername('mmuster')!.id),
    );

    const [request] = api.sent('GET');
    expect(request!.url.pathname).toBe('/api/users');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'username',
      order: 'asc',
    });
  });

  it('sorts by last name when the name header is clicked', async () => {
    const api = new FakeUsersApi(people);
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: 'mmuster' });

    await user.click(screen.getByRole('button', { name: 'Nach Name sortieren' }));

    await waitFor(() => expect(listedUsernames()).toEqual(['admin', 'jdoe', 'ekoch', 'mmuster']));
    expect(router.state.location.search).toBe('?sort=lastName');
  });

  it('searches once typing pauses, and keeps the search in the URL', async () => {
    const api = new FakeUsersApi(people);
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: 'mmuster' });

    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'koch');

    await waitFor(() => expect(listedUsernames()).toEqual(['ekoch']));
    expect(router.state.location.search).toBe('?q=koch');
    expect(api.sent('GET').filter((request) => request.url.searchParams.has('q'))).toHaveLength(1);
  });

  it('filters by role, keeps the role in the URL, and shows all roles again when cleared', async () => {
    const api = new FakeUsersApi(people);
    const { user, router } = await openScreen(api, LIST);
    await screen.findByRole('link', { name: 'mmuster' });

    await choose(user, screen.getByRole('combobox', { name: 'Rolle' }), 'Support');

    await waitFor(() => expect(listedUsernames()).toEqual(['jdoe', 'mmuster']));
    expect(router.state.location.search).toBe('?role=support');
    expect(api.sent('GET').at(-1)!.url.searchParams.get('role')).toBe('support');

    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'er');
    await waitFor(() => expect(listedUsernames()).toEqual(['mmuster']));
    expect(new URLSearchParams(router.state.location.search).get('role')).toBe('support');

    await choose(user, screen.getByRole('combobox', { name: 'Rolle' }), 'Alle Rollen');
    await waitFor(() => expect(listedUsernames()).toEqual(['ekoch', 'mmuster']));
    expect(router.state.location.search).toBe('?q=er');
    expect(api.sent('GET').at(-1)!.url.searchParams.has('role')).toBe(false);
  });

  it('starts with the role filter of the URL', async () => {
    const api = new FakeUsersApi(people);
    await openScreen(api, `${LIST}?role=qa`);

    await waitFor(() => expect(listedUsernames()).toEqual(['ekoch']));
    expect((screen.getByRole('combobox', { name: 'Rolle' }) as HTMLInputElement).value).toBe(
      'Qualitätssicherung',
    );
    expect(api.sent('GET')[0]!.url.searchParams.get('role')).toBe('qa');
  });

  it('ignores a role in the URL that does not exist', async () => {
    const api = new FakeUsersApi(people);
    await openScreen(api, `${LIST}?role=superuser`);

    await waitFor(() => expect(listedUsernames()).toHaveLength(4));
    expect(api.sent('GET')[0]!.url.searchParams.has('role')).toBe(false);
  });
});

describe('creating a user', () => {
  it('says the passwords do not match and sends nothing', async () => {
    const api = new FakeUsersApi();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Benutzer anlegen' });

    await fillNewUser(user, { username: 'nneu', email: 'nora@example.com', repeat: `${PASSWORD}x` });
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    expect(fieldError(field('Passwort wiederholen'))).toBe('Die Passwörter stimmen nicht überein.');
    expect(field('Passwort wiederholen').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
  });

  it('says so in English too', async () => {
    const api = new FakeUsersApi();
    const { user } = await openScreen(api, CREATE, 'en');
    await screen.findByRole('heading', { name: 'Create user' });

    await enter(user, field('Password'), PASSWORD);
    await enter(user, field('Repeat password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(fieldError(field('Repeat password'))).toBe("Passwords don't match.");
    expect(api.sent('POST')).toHaveLength(0);
  });

  it('asks to type the new username, then creates the user and opens it', async () => {
    const api = new FakeUsersApi();
    const { user, router } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Benutzer anlegen' });
    expect(field('Aktiv').checked).toBe(true);
    expect(
      screen.getAllByText('Administratoren sind nie eingeschränkt. Eine leere Liste bedeutet: kein Zugriff.'),
    ).toHaveLength(2);

    await fillNewUser(user, { username: ' nneu ', email: 'Nora@Example.com' });
    await choose(user, field('Rolle'), 'Support');
    await choose(user, field('Casinos'), 'Casino One (casino-1)');
    await choose(user, field('Casinos'), 'Casino Two (casino-2)');
    await choose(user, field('Integrationen'), 'Integration Seven (int-7)');
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Änderungen speichern?' }));
    expect(dialog.getByText('nneu').tagName).toBe('STRONG');
    await confirmInDialog(user, 'Änderungen speichern?', 'nneu', 'Anlegen');

    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    const [post] = api.sent('POST');
    expect(post!.url.pathname).toBe('/api/users');
    expect(post!.headers['x-requested-with']).toBe('backoffice');
    expect(post!.body).toEqual({
      username: 'nneu',
      email: 'nora@example.com',
      firstName: 'Nora',
      lastName: 'Neu',
      role: 'support',
      active: true,
      casinoIds: ['casino-1', 'casino-2'],
      integrationIds: ['int-7'],
      password: PASSWORD,
      passwordRepeat: PASSWORD,
    });

    const created = api.byUsername('nneu')!;
    expect(await screen.findByRole('heading', { level: 1, name: 'nneu' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(detailUrl(created.id));
    expect(await screen.findByText('Angelegt.')).toBeTruthy();
  });

  it('does not create anything when the confirmation is cancelled', async () => {
    const api = new FakeUsersApi();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Benutzer anlegen' });

    await fillNewUser(user, { username: 'nneu', email: 'nora@example.com' });
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abbrechen' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
    expect(field('Benutzername').value).toBe('nneu');
  });

  it('offers the casinos the server finds for what is typed', async () => {
    const api = new FakeUsersApi();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Benutzer anlegen' });

    await user.type(field('Casinos'), 'two');
    expect(await screen.findByRole('option', { name: 'Casino Two (casino-2)' })).toBeTruthy();
    await waitFor(() =>
      expect(api.requests.some((request) => request.url.searchParams.get('q') === 'two')).toBe(true),
    );
    expect(screen.queryByRole('option', { name: 'Casino One (casino-1)' })).toBeNull();
  });

  it('says which casinos the chosen integrations also open, as the scope changes', async () => {
    const api = new FakeUsersApi();
    const { user } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Benutzer anlegen' });
    const effect = () => screen.queryByTestId('scope-effect')?.textContent;
    const opens = (casinos: string) =>
      `Über die gewählten Integrationen sieht dieser Benutzer auch deren Spielrunden, Spieler und Zahlen in diesen Casinos: ${casinos}. Die Einstellungen dieser Casinos bleiben ihm verborgen.`;

    await choose(user, field('Casinos'), 'Casino One (casino-1)');
    expect(effect()).toBeUndefined();
    await choose(user, field('Integrationen'), 'Integration Seven (int-7)');
    await waitFor(() => expect(effect()).toBe(opens('Casino Two (casino-2)')));
    // A casino the casino list does not name is shown by its id.
    await choose(user, field('Integrationen'), 'Integration Eight (int-8)');
    await waitFor(() => expect(effect()).toBe(opens('Casino Two (casino-2), casino-9')));
    await choose(user, field('Casinos'), 'Casino Two (casino-2)');
    await waitFor(() => expect(effect()).toBe(opens('casino-9')));
    // Admins are never limited: nothing to say.
    await choose(user, field('Rolle'), 'Administration');
    expect(effect()).toBeUndefined();
    await choose(user, field('Rolle'), 'Gast');
    expect(effect()).toBe(opens('casino-9'));
  });

  it.each([
    [
      'Benutzername',
      { username: 'MMuster', email: 'nora@example.com' },
      'Der Benutzername ist bereits vergeben.',
    ],
    [
      'E-Mail',
      { username: 'nneu', email: 'max@example.com' },
      'Die E-Mail-Adresse wird bereits von einem anderen Benutzer verwendet.',
    ],
  ] as const)('shows a taken value under the field %s', async (label, values, message) => {
    const api = new FakeUsersApi(people);
    const { user, router } = await openScreen(api, CREATE);
    await screen.findByRole('heading', { name: 'Benutzer anlegen' });

    await fillNewUser(user, values);
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    await confirmInDialog(user, 'Änderungen speichern?', values.username, 'Anlegen');

    await waitFor(() => expect(fieldError(field(label))).toBe(message));
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(queryErrorAlert()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe(CREATE);
    expect(api.sent('POST')).toHaveLength(1);
    expect(api.records.size).toBe(4);
  });
});

describe('user detail', () => {
  it('shows the user with the username as heading and in the form', async () => {
    const api = new FakeUsersApi(people);
    const jane = api.byUsername('jdoe')!;
    await openScreen(api, detailUrl(jane.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'jdoe' })).toBeTruthy();
    expect(field('Benutzername').value).toBe('jdoe');
    expect(field('Rolle').value).toBe('Support');
    expect(field('Casinos').closest('.mantine-MultiSelect-root')?.textContent).toContain('casino-1');
    expect(screen.queryByLabelText(/^Passwort/)).toBeNull();
    expect(within(screen.getByLabelText('Brotkrumen')).getByText('Details')).toBeTruthy();
    expect(screen.getByText(/Version 1/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Löschen' }) as HTMLButtonElement).disabled).toBe(false);
    expect(field('Rolle').disabled).toBe(false);
    expect(screen.queryByText(errorCatalogue.OWN_USER.messages.de)).toBeNull();
  });

  it('says in English which casinos the stored integrations also open', async () => {
    const api = new FakeUsersApi([
      { username: 'partner', role: 'accountant', casinoIds: ['casino-1'], integrationIds: ['int-8'] },
    ]);
    await openScreen(api, detailUrl(api.byUsername('partner')!.id), 'en');
    expect((await screen.findByTestId('scope-effect')).textContent).toBe(
      'Through the chosen integrations this user also sees their game rounds, players and figures in these casinos: Casino Two (casino-2), casino-9. The settings of these casinos stay hidden from them.',
    );
  });

  it.each([
    ['an id that does not exist', '00000000-0000-4000-8000-999999999999'],
    ['an id that fails validation', 'not-a-uuid'],
  ])('shows the not-found page for %s', async (_case, id) => {
    const api = new FakeUsersApi(people);
    await openScreen(api, detailUrl(id));
    await screen.findByRole('heading', { name: 'Diese Seite konnte nicht gefunden werden' });
    if (id === 'not-a-uuid') {
      expect(api.requests.filter((request) => request.url.pathname.includes(id))).toEqual([]);
    }
  });

  it('keeps the own user from being deleted or losing its role, state or scope', async () => {
    const api = new FakeUsersApi(people);
    await openScreen(api, detailUrl(api.me.id));
    await screen.findByRole('heading', { level: 1, name: 'admin' });

    expect((screen.getByRole('button', { name: 'Löschen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(field('Rolle').disabled).toBe(true);
    expect(field('Aktiv').disabled).toBe(true);
    expect(field('Casinos').disabled).toBe(true);
    expect(field('Integrationen').disabled).toBe(true);
    expect(field('Vorname').disabled).toBe(false);
    expect(screen.getByTestId('own-user-note').textContent).toBe(
      'Diese Aktion kann nicht auf den eigenen Benutzer angewendet werden.',
    );
  });

  it('saves the names of the own user without touching role or scope', async () => {
    const api = new FakeUsersApi(people);
    const { user } = await openScreen(api, detailUrl(api.me.id));
    await screen.findByRole('heading', { level: 1, name: 'admin' });

    await enter(user, field('Vorname'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'admin', 'Speichern');

    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    expect(api.sent('PUT')[0]!.body).toMatchObject({
      firstName: 'Ada',
      role: 'admin',
      active: true,
      version: 1,
    });
    expect(await screen.findByText(/Version 2/)).toBeTruthy();
  });

  it('shows the refusal of the server for the own user', async () => {
    const api = new FakeUsersApi(people);
    // The screen believes another user is signed in; the server knows better.
    const session = api.session();
    const { user } = await openScreen(api, detailUrl(api.me.id), 'de', {
      ...session,
      user: { ...session.user, id: api.byUsername('jdoe')!.id },
    });
    await screen.findByRole('heading', { level: 1, name: 'admin' });

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await confirmInDialog(user, 'Benutzer löschen', 'admin', 'Löschen');

    const alert = await findErrorAlert();
    expect(alert.textContent).toContain(
      'Diese Aktion kann nicht auf den eigenen Benutzer angewendet werden.',
    );
    expect(api.records.has(api.me.id)).toBe(true);
  });

  it('saves the changes at the version read, after typing the username', async () => {
    const api = new FakeUsersApi(people);
    const max = api.byUsername('mmuster')!;
    const { user } = await openScreen(api, detailUrl(max.id));
    await screen.findByRole('heading', { name: 'mmuster' });

    await user.clear(field('Nachname'));
    await enter(user, field('Nachname'), 'Mustermann');
    await choose(user, field('Rolle'), 'Buchhaltung');
    await user.click(field('Aktiv'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'mmuster', 'Speichern');

    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const [put] = api.sent('PUT');
    expect(put!.url.pathname).toBe(`/api/users/${max.id}`);
    expect(put!.body).toEqual({
      username: 'mmuster',
      email: 'max@example.com',
      firstName: 'Max',
      lastName: 'Mustermann',
      role: 'accountant',
      active: false,
      casinoIds: [],
      integrationIds: [],
      version: 1,
    });
    expect(await screen.findByText(/Version 2/)).toBeTruthy();
    expect(await screen.findByText('Gespeichert.')).toBeTruthy();
  });

  it('reports a change made meanwhile (stale version) and reloads the current state on request', async () => {
    const api = new FakeUsersApi(people);
    const max = api.byUsername('mmuster')!;
    const { user } = await openScreen(api, detailUrl(max.id));
    await screen.findByRole('heading', { name: 'mmuster' });

    api.changeBehindTheScenes(max.id, { lastName: 'Meier' });

    await enter(user, field('Vorname'), 'imilian');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'mmuster', 'Speichern');

    const alert = await findErrorAlert();
    expect(alert.textContent).toContain(errorCatalogue.STALE_VERSION.messages.de);
    expect(api.records.get(max.id)!.firstName).toBe('Max');

    await user.click(within(alert).getByRole('button', { name: 'Neu laden' }));

    await waitFor(() => expect(field('Nachname').value).toBe('Meier'));
    expect(field('Vorname').value).toBe('Max');
    expect(screen.getByText(/Version 2/)).toBeTruthy();
    expect(queryErrorAlert()).toBeNull();
  });

  it('resets the password after the passwords match and the username is typed', async () => {
    const api = new FakeUsersApi(people);
    const max = api.byUsername('mmuster')!;
    const { user } = await openScreen(api, detailUrl(max.id));
    await screen.findByRole('heading', { name: 'mmuster' });

    await user.click(screen.getByRole('button', { name: 'Passwort zurücksetzen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Passwort zurücksetzen' }));
    await enter(user, dialog.getByLabelText(/^Passwort(\s*\*)?$/, { selector: 'input' }), PASSWORD);
    await enter(user, dialog.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), 'not the same');
    await user.click(dialog.getByRole('button', { name: 'Zurücksetzen' }));
    expect(fieldError(dialog.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }))).toBe(
      'Die Passwörter stimmen nicht überein.',
    );

    await user.clear(dialog.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }));
    await enter(user, dialog.getByLabelText(/^Passwort wiederholen/, { selector: 'input' }), PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Zurücksetzen' }));
    await confirmInDialog(user, 'Passwort wirklich zurücksetzen?', 'mmuster', 'Zurücksetzen');

    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const [put] = api.sent('PUT');
    expect(put!.url.pathname).toBe(`/api/users/${max.id}/password`);
    expect(put!.body).toEqual({ password: PASSWORD, passwordRepeat: PASSWORD });
    expect(api.passwords.get(max.id)).toBe(PASSWORD);
    expect(await screen.findByText('Das Passwort von mmuster wurde zurückgesetzt.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes only after the username is typed, sending the version read', async () => {
    const api = new FakeUsersApi(people);
    const max = api.byUsername('mmuster')!;
    api.changeBehindTheScenes(max.id);
    api.changeBehindTheScenes(max.id);
    const { user, router } = await openScreen(api, detailUrl(max.id));
    await screen.findByRole('heading', { name: 'mmuster' });

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Benutzer löschen' }));
    expect(dialog.getByText('Dies kann nicht rückgängig gemacht werden.')).toBeTruthy();
    await confirmInDialog(user, 'Benutzer löschen', 'mmuster', 'Löschen');

    await waitFor(() => expect(api.sent('DELETE')).toHaveLength(1));
    const [request] = api.sent('DELETE');
    expect(request!.url.pathname).toBe(`/api/users/${max.id}`);
    expect(request!.url.search).toBe('?version=3');
    expect(request!.headers['x-requested-with']).toBe('backoffice');

    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    await waitFor(() => expect(listedUsernames()).toEqual(['admin', 'ekoch', 'jdoe']));
    expect(await screen.findByText('Gelöscht.')).toBeTruthy();
  });
});

describe('my account', () => {
  it('shows the own profile and the permissions of the role', async () => {
    const api = new FakeUsersApi([], {
      username: 'sina',
      email: 'sina@example.com',
      firstName: 'Sina',
      lastName: 'Sommer',
      role: 'support',
      casinoIds: ['casino-1'],
    });
    await openScreen(api, ACCOUNT);

    const profile = within(await screen.findByRole('region', { name: 'Profil' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeTruthy();
    expect(profile.getByText('sina')).toBeTruthy();
    expect(profile.getByText('sina@example.com')).toBeTruthy();
    expect(profile.getByText('Sina Sommer')).toBeTruthy();
    expect(profile.getByText('Support')).toBeTruthy();
    expect(profile.getByText('casino-1')).toBeTruthy();

    const permissions = within(screen.getByRole('list', { name: 'Berechtigungen' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(permissions).toEqual([
      'Spielkonfigurationen ansehen',
      'Spielrunden ansehen',
      'Spieler-Support durchführen',
    ]);
  });

  it('changes the own name after the username is typed', async () => {
    const api = new FakeUsersApi([], { username: 'sina', firstName: 'Sina', lastName: 'Sommer' });
    const { user } = await openScreen(api, ACCOUNT);
    await screen.findByRole('region', { name: 'Profil' });

    await user.clear(field('Nachname'));
    await enter(user, field('Nachname'), ' Winter ');
    await user.click(screen.getByRole('button', { name: 'Name speichern' }));
    await confirmInDialog(user, 'Änderungen speichern?', 'sina', 'Name speichern');

    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const [put] = api.sent('PUT');
    expect(put!.url.pathname).toBe('/api/account');
    expect(put!.body).toEqual({ firstName: 'Sina', lastName: 'Winter' });
    expect(await screen.findByText('Gespeichert.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Profil' })).getByText('Sina Winter')).toBeTruthy();
    expect(field('Nachname').value).toBe('Winter');
  });

  it('changes the own password and clears the form', async () => {
    const api = new FakeUsersApi([], { username: 'sina', password: 'old-password' });
    const { user } = await openScreen(api, ACCOUNT);
    await screen.findByRole('region', { name: 'Profil' });

    await enter(user, field('Aktuelles Passwort'), 'old-password');
    await enter(user, field('Neues Passwort'), PASSWORD);
    await enter(user, field('Neues Passwort wiederholen'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));

    expect(await screen.findByText('Ihr Passwort wurde geändert.')).toBeTruthy();
    const [put] = api.sent('PUT');
    expect(put!.url.pathname).toBe('/api/account/password');
    expect(put!.body).toEqual({
      currentPassword: 'old-password',
      password: PASSWORD,
      passwordRepeat: PASSWORD,
    });
    expect(api.passwords.get(api.me.id)).toBe(PASSWORD);
    expect(field('Aktuelles Passwort').value).toBe('');
    expect(field('Neues Passwort').value).toBe('');
    expect(field('Neues Passwort wiederholen').value).toBe('');
  });

  it('says the new passwords do not match and sends nothing', async () => {
    const api = new FakeUsersApi([], { username: 'sina', password: 'old-password' });
    const { user } = await openScreen(api, ACCOUNT);
    await screen.findByRole('region', { name: 'Profil' });

    await enter(user, field('Aktuelles Passwort'), 'old-password');
    await enter(user, field('Neues Passwort'), PASSWORD);
    await enter(user, field('Neues Passwort wiederholen'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));

    expect(fieldError(field('Neues Passwort wiederholen'))).toBe('Die Passwörter stimmen nicht überein.');
    expect(api.sent('PUT')).toHaveLength(0);
  });

  it.each([
    ['de', 'Aktuelles Passwort', 'Neues Passwort', 'Neues Passwort wiederholen', 'Passwort ändern'],
    ['en', 'Current password', 'New password', 'Repeat new password', 'Change password'],
  ] as const)(
    'shows a wrong current password under its field (%s)',
    async (language, currentLabel, newLabel, repeatLabel, submit) => {
      const api = new FakeUsersApi([], { username: 'sina', password: 'old-password' });
      const { user } = await openScreen(api, ACCOUNT, language);
      await screen.findByRole('heading', { level: 2, name: submit });

      await enter(user, field(currentLabel), 'wrong-password');
      await enter(user, field(newLabel), PASSWORD);
      await enter(user, field(repeatLabel), PASSWORD);
      await user.click(screen.getByRole('button', { name: submit }));

      await waitFor(() =>
        expect(fieldError(field(currentLabel))).toBe(
          errorCatalogue.CURRENT_PASSWORD_WRONG.messages[language],
        ),
      );
      expect(field(currentLabel).getAttribute('aria-invalid')).toBe('true');
      expect(queryErrorAlert()).toBeNull();
      expect(api.sent('PUT')).toHaveLength(1);
      expect(api.passwords.get(api.me.id)).toBe('old-password');
    },
  );
});
