import type { Language, Role } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAllowedHashesApi } from '../../test/fake-allowed-hashes-api';
import { fieldError, renderScreen } from '../../test/render';
import { groupRoutes } from '../../test/routes';
import { AllowedHashAddPage, AllowedHashesPage } from './index';

const LIST = '/cpv/allowed-hashes';
const ADD = '/cpv/allowed-hashes/add';

/** The area's screens as the app mounts them. */
const routes = groupRoutes('cpv', {
  path: 'allowed-hashes',
  crumb: 'nav.allowedHashes',
  index: <AllowedHashesPage />,
  pages: [{ path: 'add', crumb: 'crumbs.add', element: <AllowedHashAddPage /> }],
});

const HASH_A = 'a1b2c3d4'.repeat(8);
const HASH_B = '0f1e2d3c'.repeat(8);
const NEW_HASH = '9876fedc'.repeat(8);

const texts = {
  de: {
    add: 'Hinzufügen',
    addTitle: 'Erlaubten Hash hinzufügen?',
    retire: 'Außer Dienst stellen',
    retireOne: 'Den Hash von bridge-core außer Dienst stellen',
    retireTitle: 'Erlaubten Hash außer Dienst stellen?',
    confirmInput: 'Bestätigungstext',
    showRetired: 'Außer Dienst gestellte Hashes anzeigen',
    allowed: 'Erlaubt',
    retired: 'Außer Dienst',
    notUnique: 'Der Hash muss eindeutig sein.',
    alreadyRetired: 'Dieser Hash wurde bereits außer Dienst gestellt.',
    added: 'Hash hinzugefügt.',
    component: /^Komponente/,
  },
  en: {
    add: 'Add',
    addTitle: 'Add allowed hash?',
    retire: 'Retire',
    retireOne: 'Retire the hash of bridge-core',
    retireTitle: 'Retire allowed hash?',
    confirmInput: 'Confirmation text',
    showRetired: 'Show retired hashes',
    allowed: 'Allowed',
    retired: 'Retired',
    notUnique: 'Hash must be unique.',
    alreadyRetired: 'This hash has already been retired.',
    added: 'Hash added.',
    component: /^Component/,
  },
} as const;

function seeded(): FakeAllowedHashesApi {
  const api = new FakeAllowedHashesApi();
  api.add('game:starburst@1.2.0', HASH_A, 'release build');
  api.add('bridge-core', HASH_B);
  return api;
}

const openScreen = (
  api: FakeAllowedHashesApi,
  url: string,
  language: Language = 'de',
  role: Role = 'admin',
) => renderScreen(api, routes, url, { language, role });

/** The body rows of the list, as the component shown in their first cell. */
function listedComponents(): string[] {
  const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
  return within(body!)
    .queryAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

const rowOf = (component: string) => screen.getByRole('cell', { name: component }).closest('tr')!;

/** Types the confirmation into the open dialog (whose text to type it checks) and confirms. */
async function confirmInDialog(
  user: UserEvent,
  title: string,
  typed: string,
  label: string,
  language: Language,
) {
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  expect(dialog.getByText(typed, { selector: 'strong' })).toBeTruthy();
  const button = dialog.getByRole('button', { name: label }) as HTMLButtonElement;
  await user.type(dialog.getByLabelText(texts[language].confirmInput), typed.slice(0, -1));
  expect(button.disabled).toBe(true);
  await user.type(dialog.getByLabelText(texts[language].confirmInput), typed.slice(-1));
  expect(button.disabled).toBe(false);
  await user.click(button);
  return dialog;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('allowed hashes list', () => {
  it('lists the allowed hashes with component, hash, note and status; retired ones on request', async () => {
    const api = seeded();
    api.retireBehindTheScenes(api.add('game:starburst@1.1.0', '1234abcd'.repeat(8)).id);
    const { user } = await openScreen(api, LIST, 'en');

    await waitFor(() => expect(listedComponents()).toEqual(['bridge-core', 'game:starburst@1.2.0']));
    const row = within(rowOf('game:starburst@1.2.0'));
    expect(row.getByText(HASH_A)).toBeTruthy();
    expect(row.getByText('release build')).toBeTruthy();
    expect(row.getByText('Allowed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add' }).getAttribute('href')).toBe(ADD);

    await user.click(screen.getByRole('switch', { name: texts.en.showRetired }));
    await waitFor(() =>
      expect(listedComponents()).toEqual(['bridge-core', 'game:starburst@1.1.0', 'game:starburst@1.2.0']),
    );
    const retired = within(rowOf('game:starburst@1.1.0'));
    expect(retired.getByText('Retired', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(retired.getByText('someone')).toBeTruthy();
    // A retired hash cannot be retired again: it has no button.
    expect(retired.queryByRole('button', { name: /^Retire the hash/ })).toBeNull();
    expect(
      within(rowOf('bridge-core')).getByRole('button', { name: 'Retire the hash of bridge-core' }),
    ).toBeTruthy();
    expect(api.sent('GET').at(-1)!.url.searchParams.get('showRetired')).toBe('true');
  });

  it('filters by component and by part of the hash, keeping the filters in the query', async () => {
    const api = seeded();
    const { user, router } = await openScreen(api, LIST);
    await waitFor(() => expect(listedComponents()).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Hash' }), '0F1E');
    await waitFor(() => expect(listedComponents()).toEqual(['bridge-core']));
    expect(router.state.location.search).toContain('hash=0F1E');
    // Hashes are stored in lower case: the list asks in lower case whatever was typed.
    expect(api.sent('GET').at(-1)!.url.searchParams.get('hash')).toBe('0f1e');

    await user.clear(screen.getByRole('searchbox', { name: 'Hash' }));
    await waitFor(() => expect(listedComponents()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'starburst');
    await waitFor(() => expect(listedComponents()).toEqual(['game:starburst@1.2.0']));
    expect(api.sent('GET').at(-1)!.url.searchParams.get('q')).toBe('starburst');
  });

  it('shows a developer the list without Add and without Retire', async () => {
    const api = seeded();
    await openScreen(api, LIST, 'en', 'developer');
    await waitFor(() => expect(listedComponents()).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Retire the hash/ })).toBeNull();
  });
});

describe('retiring an allowed hash', () => {
  /** Retires bridge-core's hash from its row, confirming with the hash's first 8 characters. */
  async function retireBridgeCore(user: UserEvent, language: Language) {
    await user.click(within(rowOf('bridge-core')).getByRole('button', { name: texts[language].retireOne }));
    return confirmInDialog(
      user,
      texts[language].retireTitle,
      HASH_B.slice(0, 8),
      texts[language].retire,
      language,
    );
  }

  it.each<Language>(['de', 'en'])(
    'retires after the typed confirmation of the hash start, and the list drops it (%s)',
    async (language) => {
      const api = seeded();
      const { user } = await openScreen(api, LIST, language);
      await waitFor(() => expect(listedComponents()).toHaveLength(2));

      const dialog = await retireBridgeCore(user, language);
      expect(dialog.getByText(HASH_B)).toBeTruthy();

      await waitFor(() => expect(listedComponents()).toEqual(['game:starburst@1.2.0']));
      const [retire] = api.sent('POST');
      expect(retire!.url.pathname).toBe(
        `${LIST.replace('/cpv', '/api/cpv')}/${[...api.records.keys()][1]}/retire`,
      );
      expect(retire!.body).toEqual({ version: 1 });
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it.each<Language>(['de', 'en'])(
    'says so when someone retired the hash meanwhile (%s)',
    async (language) => {
      const api = seeded();
      const { user } = await openScreen(api, LIST, language);
      await waitFor(() => expect(listedComponents()).toHaveLength(2));
      const id = [...api.records.values()].find((record) => record.component === 'bridge-core')!.id;
      // Someone retired it at the version shown: the server answers that it is retired already.
      api.records.set(id, { ...api.records.get(id)!, retiredAt: '2025-01-02T00:00:00.000Z' });

      const dialog = await retireBridgeCore(user, language);
      expect(await dialog.findByText(texts[language].alreadyRetired)).toBeTruthy();
      // The list is read again and shows the current state.
      await waitFor(() => expect(listedComponents()).toEqual(['game:starburst@1.2.0']));
    },
  );
});

describe('adding an allowed hash', () => {
  async function fillForm(user: UserEvent, language: Language, hash: string) {
    await user.type(
      await screen.findByLabelText(texts[language].component, { selector: 'input' }),
      'bridge-rgs',
    );
    await user.type(screen.getByLabelText(/^Hash/, { selector: 'input' }), hash);
    await user.type(screen.getByRole('textbox', { name: /^(Notiz|Note)/ }), 'build 7');
    await user.click(screen.getByRole('button', { name: texts[language].add }));
  }

  /** Confirms adding `hash` with its first 8 characters. */
  const confirmAdd = (user: UserEvent, language: Language, hash: string) =>
    confirmInDialog(user, texts[language].addTitle, hash.slice(0, 8), texts[language].add, language);

  it.each<Language>(['de', 'en'])(
    'adds an upper-case hash in lower case after typing its first 8 characters, then lists it (%s)',
    async (language) => {
      const api = seeded();
      const { user, router } = await openScreen(api, ADD, language);
      await fillForm(user, language, NEW_HASH.toUpperCase());

      const dialog = await confirmAdd(user, language, NEW_HASH);
      expect(dialog.getByText('bridge-rgs')).toBeTruthy();
      expect(dialog.getByText(NEW_HASH)).toBeTruthy();

      await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
      expect(api.sent('POST')[0]!.body).toEqual({
        component: 'bridge-rgs',
        hash: NEW_HASH,
        note: 'build 7',
        confirmation: NEW_HASH.slice(0, 8),
      });
      expect(await screen.findByText(texts[language].added)).toBeTruthy();
      await waitFor(() => expect(listedComponents()).toContain('bridge-rgs'));
    },
  );

  it.each<Language>(['de', 'en'])(
    'shows "Hash must be unique." under the hash field (%s)',
    async (language) => {
      const api = seeded();
      const { user, router } = await openScreen(api, ADD, language);
      await fillForm(user, language, HASH_A);
      await confirmAdd(user, language, HASH_A);

      const hash = screen.getByLabelText(/^Hash/, { selector: 'input' });
      await waitFor(() => expect(fieldError(hash)).toBe(texts[language].notUnique));
      expect(router.state.location.pathname).toBe(ADD);
      expect(api.records.size).toBe(2);
    },
  );

  it('refuses a hash that is not 64 hexadecimal characters before asking anything', async () => {
    const api = seeded();
    const { user } = await openScreen(api, ADD, 'en');
    await fillForm(user, 'en', `${NEW_HASH.slice(1)}x`);

    const hash = screen.getByLabelText(/^Hash/, { selector: 'input' });
    await waitFor(() => expect(fieldError(hash)).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toEqual([]);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const api = seeded();
    const { user } = await openScreen(api, ADD, 'en');
    await fillForm(user, 'en', NEW_HASH);
    const dialog = within(await screen.findByRole('dialog', { name: texts.en.addTitle }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST')).toEqual([]);
  });
});
