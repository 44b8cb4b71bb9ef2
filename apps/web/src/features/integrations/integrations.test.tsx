import { errorCatalogue, type Language, type Role } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeIntegrationsApi } from '../../test/fake-integrations-api';
import { fitWidth } from './components/rule-tests-editor';
import { fieldError, renderRoutes, shownValue } from '../../test/render';
import { testSession } from '../../test/sessions';
import { plain, rowsOf } from '../../test/tables';
import {
  IntegrationCreatePage,
  IntegrationDetailPage,
  IntegrationGamesDetailPage,
  IntegrationGamesPage,
  IntegrationPushPage,
  IntegrationsListPage,
} from './index';

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

/** The feature's screens as the app mounts them (features do not import the app's route table). */
const routes: RouteObject[] = [
  {
    path: '/integrations',
    ...crumb('nav.groups.integrations', false),
    children: [
      {
        path: 'games',
        ...crumb('nav.integrationGames'),
        children: [
          { index: true, element: <IntegrationGamesPage /> },
          { path: ':id', ...crumb('crumbs.details'), element: <IntegrationGamesDetailPage /> },
        ],
      },
      {
        path: 'manage',
        ...crumb('nav.integrations'),
        children: [
          { index: true, element: <IntegrationsListPage /> },
          { path: 'create', ...crumb('crumbs.create'), element: <IntegrationCreatePage /> },
          { path: ':id', ...crumb('crumbs.details'), element: <IntegrationDetailPage /> },
          { path: ':id/push', ...crumb('crumbs.push'), element: <IntegrationPushPage /> },
        ],
      },
    ],
  },
  { path: '/games/manage/*', element: <p>games screen</p> },
];

const LAST_PUSH = {
  pushedAt: '2025-02-01T10:00:00.000Z',
  configurationVersion: 1,
  receivedAt: '2025-02-01T10:00:01.000Z',
};

/** Two bridges, three casinos, two jurisdictions, two games; two integrations, one routing by rules. */
function seeded(): FakeIntegrationsApi {
  const api = new FakeIntegrationsApi();
  api.addBridge('Main bridge', 'https://bridge.example.com/router');
  api.addBridge('Backup bridge');
  api.addCasino('casino-de', 'Casino Deutschland');
  api.addCasino('casino-mt', 'Casino Malta');
  api.addCasino('casino-uk', 'Casino United Kingdom');
  api.addJurisdiction('Malta');
  api.addJurisdiction('Gibraltar');
  api.addGame('book-of-stars', 'Book of Stars');
  api.addGame('cosmic-cash', 'Cosmic Cash');
  api.addIntegration({
    id: 'acme',
    name: 'ACME Platform',
    active: true,
    casinoIds: ['casino-de', 'casino-mt'],
    defaultCasinoId: 'casino-mt',
    rules: [
      {
        name: 'Euro in Germany',
        currencies: ['EUR'],
        countries: ['DE'],
        jurisdictionIds: [],
        casinoId: 'casino-de',
      },
    ],
    ruleTests: [
      { name: 'German player', launch: { currency: 'EUR', country: 'DE' }, expectedCasinoId: 'casino-de' },
      { name: 'Maltese player', launch: { currency: 'EUR', country: 'MT' }, expectedCasinoId: 'casino-mt' },
    ],
  });
  api.addIntegration({ id: 'beta', name: 'Beta Games', bridge: 'Backup bridge', lastPush: LAST_PUSH });
  api.assignGame('acme', 'book-of-stars', true);
  return api;
}

async function openScreen(
  api: FakeIntegrationsApi,
  url: string,
  language: Language = 'en',
  role: Role = 'admin',
) {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession(role) });
}

function field(label: string, scope: HTMLElement = document.body): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(scope).getByLabelText(new RegExp(`^${escaped}(\\s*\\*)?$`), {
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

async function openTab(user: UserEvent, name: RegExp) {
  await user.click(screen.getByRole('tab', { name }));
}

/** The cells of the table's body rows, as text. */
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

function rowOf(text: string): HTMLElement {
  return screen.getByRole('cell', { name: text }).closest('tr') as HTMLElement;
}

/** The rows of a table of changed fields (path, value before, value after), whatever their section. */
function changedFields(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    )
    .filter((cells) => cells.length > 0);
}

/** The sections a table of changed fields groups its rows by. */
function sectionsOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('rowheader')
    .map((header) => header.textContent ?? '');
}

/** The rows of the push history, as text. */
function historyRows(): string[][] {
  const history = screen.getByRole('region', { name: /^(Push history|Übertragungsverlauf)$/ });
  return rowsOf(within(history).getByRole('table'));
}

/** An instant as the history shows it (with plain spaces, as `rowsOf` reads them). */
const at = (iso: string, language: Language = 'en') => plain(formatDateTime(iso, language));

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

const saveButton = (name = 'Save') => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('integrations list', { timeout: 20_000 }, () => {
  it('shows bridge, default casino, casino and game counts, status and last push; filters by status', async () => {
    const api = seeded();
    const { user, router } = await openScreen(api, '/integrations/manage');

    expect(await screen.findByRole('link', { name: 'acme' })).toBeTruthy();
    expect(listedRows().map((cells) => cells.slice(0, 8))).toEqual([
      ['acme', 'ACME Platform', 'Main bridge', 'casino-mt', '2', '1', 'Active', 'Changes not deliverednever'],
      [
        'beta',
        'Beta Games',
        'Backup bridge',
        '—',
        '0',
        '0',
        'Inactive',
        // Pushed before pushes were recorded: what its bridge holds is not known.
        `Changes not delivered${formatDateTime(LAST_PUSH.pushedAt, 'en')}`,
      ],
    ]);
    expect(screen.getByRole('link', { name: 'acme' }).getAttribute('href')).toBe('/integrations/manage/acme');
    expect(screen.getByRole('link', { name: 'Create' }).getAttribute('href')).toBe(
      '/integrations/manage/create',
    );

    await choose(user, field('Status'), 'Inactive');
    await waitFor(() => expect(listedRows().map((cells) => cells[0])).toEqual(['beta']));
    expect(router.state.location.search).toBe('?active=false');
    expect(api.sent('GET', '/api/integrations').at(-1)!.url.searchParams.get('active')).toBe('false');
  });

  it('says of every integration whether its bridge holds the current configuration (issue 18)', async () => {
    const api = seeded();
    const pushed = api.recordPush('acme');
    await openScreen(api, '/integrations/manage');
    await screen.findByRole('link', { name: 'acme' });
    const stateOf = () => listedRows().map((cells) => [cells[0], cells[7]]);
    expect(stateOf()).toEqual([
      ['acme', `In sync${formatDateTime(pushed.finishedAt!, 'en')}`],
      ['beta', `Changes not delivered${formatDateTime(LAST_PUSH.pushedAt, 'en')}`],
    ]);
  });

  it("shows on the integration's screen that a bound casino's new name has not reached the bridge", async () => {
    const api = seeded();
    api.recordPush('acme');
    api.casinos.set('casino-mt', { ...api.casinos.get('casino-mt')!, name: 'Renamed' });
    await openScreen(api, '/integrations/manage/acme', 'de');
    expect((await screen.findByTestId('sync-badge')).textContent).toBe('Änderungen nicht übertragen');
  });

  it('marks an activation change the bridge has not confirmed as pending delivery, saying why (issue 18)', async () => {
    const api = seeded();
    api.addIntegration({
      id: 'gamma',
      name: 'Gamma',
      pendingDelivery: {
        pendingSince: '2025-03-01T09:00:00.000Z',
        attempts: 2,
        lastError: 'BRIDGE_UNREACHABLE',
      },
    });
    await openScreen(api, '/integrations/manage', 'de');
    await screen.findByRole('link', { name: 'gamma' });
    const badges = screen.getAllByTestId('pending-delivery');
    expect(badges).toHaveLength(1);
    expect(badges[0]!.textContent).toBe('Übertragung ausstehend');
    expect(badges[0]!.getAttribute('aria-label')).toBe(
      `Übertragung ausstehend: Die Bridge hat diese Änderung seit ${formatDateTime('2025-03-01T09:00:00.000Z', 'de')} nicht bestätigt. ` +
        '2 Übertragungen sind fehlgeschlagen, die letzte: Keine Verbindung zur Bridge.',
    );
  });

  it('lists the integrations for their games, linking there, without creating', async () => {
    const api = seeded();
    await openScreen(api, '/integrations/games', 'de');
    expect(await screen.findByRole('link', { name: 'acme' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'acme' }).getAttribute('href')).toBe('/integrations/games/acme');
    expect(screen.getByText('nie')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Anlegen' })).toBeNull();
  });
});

describe('creating an integration', { timeout: 40_000 }, () => {
  it('sends every section after the typed confirmation', async () => {
    const api = seeded();
    const { user, router } = await openScreen(api, '/integrations/manage/create');
    await screen.findByRole('heading', { name: 'Create integration' });

    await enter(user, field('Id'), 'gamma');
    await enter(user, field('Name'), 'Gamma Platform');
    await choose(user, field('Bridge'), 'Main bridge');
    await enter(user, field('Game client integration URL'), 'https://gamma.example.com/client');
    await choose(user, field('Bound casinos'), 'Casino Deutschland (casino-de)');
    await choose(user, field('Bound casinos'), 'Casino Malta (casino-mt)');
    await choose(user, field('Default casino'), 'Casino Malta (casino-mt)');
    await enter(user, field('Game round validity period'), '30');

    await openTab(user, /^Persistence/);
    expect(screen.getByText(/An empty field means infinite/)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Save game round details' }));
    await enter(user, field('Keep details of big wins'), '365');

    await openTab(user, /^Properties/);
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    await enter(user, field('Key'), 'brand');
    await enter(user, field('Value of brand'), 'gamma');

    await openTab(user, /^Rules/);
    expect(screen.getByText(/The first matching rule wins/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    await enter(user, field('Name', rule), 'Euro in Germany');
    await user.type(field('Currencies', rule), 'eur{Enter}');
    await user.type(field('Countries', rule), 'de{Enter}');
    await choose(user, field('Target casino', rule), 'Casino Deutschland (casino-de)');

    await openTab(user, /^Tests/);
    await user.click(screen.getByRole('button', { name: 'Add test' }));
    const test = screen.getByRole('group', { name: 'Test 1' });
    await enter(user, field('Name', test), 'German player');
    await user.type(field('Currency', test), 'eur');
    expect(field('Currency', test).value).toBe('EUR');
    await user.type(field('Country', test), 'de');
    await choose(user, field('Expected casino', test), 'Casino Deutschland (casino-de)');
    expect(within(screen.getByTestId('rule-test-result-1')).getByText('Passed')).toBeTruthy();

    await user.click(saveButton('Create'));
    await confirmInDialog(user, 'Save changes?', 'gamma', 'Create');

    await waitFor(() => expect(api.sent('POST', '/api/integrations')).toHaveLength(1));
    expect(api.sent('POST', '/api/integrations')[0]!.body).toEqual({
      id: 'gamma',
      name: 'Gamma Platform',
      bridgeId: api.addBridge('Main bridge').id,
      gameClientIntegrationUrl: 'https://gamma.example.com/client',
      casinoIds: ['casino-de', 'casino-mt'],
      defaultCasinoId: 'casino-mt',
      gameRoundValidityPeriodDays: 30,
      properties: { brand: 'gamma' },
      persistence: {
        persistPlayer: true,
        persistGameRound: true,
        saveGameRoundDetails: true,
        gameRoundTtlDays: null,
        loseDetailsTtlDays: null,
        winDetailsTtlDays: null,
        bigWinDetailsTtlDays: 365,
      },
      rules: [
        {
          name: 'Euro in Germany',
          currencies: ['EUR'],
          countries: ['DE'],
          jurisdictionIds: [],
          casinoId: 'casino-de',
        },
      ],
      ruleTests: [
        { name: 'German player', launch: { currency: 'EUR', country: 'DE' }, expectedCasinoId: 'casino-de' },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gamma Platform' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/integrations/manage/gamma');
  });

  it.each([
    ['de', 'ID', 'Anlegen', 'Änderungen speichern?', 'Die Integrations-ID ist bereits vergeben.'],
    ['en', 'Id', 'Create', 'Save changes?', 'Integration id already taken.'],
  ] as const)('shows a taken id under the field (%s)', async (language, idLabel, create, title, message) => {
    const api = seeded();
    const { user, router } = await openScreen(api, '/integrations/manage/create', language);
    await screen.findByRole('heading', {
      name: language === 'de' ? 'Integration anlegen' : 'Create integration',
    });

    await enter(user, field(idLabel), 'acme');
    await enter(user, field('Name'), 'Another ACME');
    await choose(user, field('Bridge'), 'Main bridge');
    await user.click(saveButton(create));
    await confirmInDialog(user, title, 'acme', create);

    await waitFor(() => expect(fieldError(field(idLabel))).toBe(message));
    expect(errorCatalogue.INTEGRATION_ID_TAKEN.messages[language]).toBe(message);
    expect(router.state.location.pathname).toBe('/integrations/manage/create');
  });

  it('asks for the required fields and opens the tab of the first error', async () => {
    const api = seeded();
    const { user } = await openScreen(api, '/integrations/manage/create');
    await screen.findByRole('heading', { name: 'Create integration' });

    await openTab(user, /^Rules/);
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await user.type(field('Currencies'), 'euro{Enter}');
    await openTab(user, /^Persistence/);
    await user.click(saveButton('Create'));

    // General holds the first errors: it opens; the rules tab counts its errors.
    expect(fieldError(field('Bridge'))).toBe('Choose a bridge.');
    expect(screen.getByRole('tab', { name: /^Rules.*3 errors/ })).toBeTruthy();
    await openTab(user, /^Rules/);
    expect(fieldError(field('Currencies'))).toBe('EURO is not a three-letter currency code.');
    expect(fieldError(field('Target casino'))).toBe('Choose a casino.');
    expect(fieldError(field('Name'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST')).toHaveLength(0);
  });
});

describe('rule tests', { timeout: 40_000 }, () => {
  it('run live while the rules change; saving waits until all pass', async () => {
    const api = seeded();
    const { user } = await openScreen(api, '/integrations/manage/acme');
    await screen.findByRole('heading', { level: 1, name: 'ACME Platform' });

    await openTab(user, /^Tests/);
    expect(screen.getByText('2 of 2 tests pass')).toBeTruthy();
    expect(within(screen.getByTestId('rule-test-result-1')).getByText('Passed')).toBeTruthy();
    expect(
      within(screen.getByTestId('rule-test-result-2')).getByText(/no rule matched: default casino/),
    ).toBeTruthy();

    // A second rule sending all euros to Malta, moved first: it now wins for the German player.
    await openTab(user, /^Rules/);
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const second = screen.getByRole('group', { name: 'Rule 2' });
    await enter(user, field('Name', second), 'All euros');
    await user.type(field('Currencies', second), 'EUR{Enter}');
    await choose(user, field('Target casino', second), 'Casino Malta (casino-mt)');
    expect(saveButton().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Move rule 2 up' }));

    expect(screen.getByText('1 of 2 tests pass')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByTestId('save-blocked').textContent).toBe(
      'Saving is not possible while a rule test fails: German player.',
    );
    await openTab(user, /^Tests/);
    const failed = within(screen.getByTestId('rule-test-result-1'));
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(
      failed.getByText(
        'Expected: Casino Deutschland (casino-de) · Actual: Casino Malta (casino-mt) · rule 1 (All euros) matched',
      ),
    ).toBeTruthy();

    // Expecting "no casino" for a Maltese player fails too; back to Malta passes again.
    const maltese = screen.getByRole('group', { name: 'Test 2' });
    await choose(user, field('Expected casino', maltese), 'No casino (refused)');
    expect(screen.getByTestId('save-blocked').textContent).toBe(
      'Saving is not possible while 2 rule tests fail: German player, Maltese player.',
    );
    await choose(user, field('Expected casino', maltese), 'Casino Malta (casino-mt)');

    await openTab(user, /^Rules/);
    await user.click(screen.getByRole('button', { name: 'Move rule 1 down' }));
    expect(screen.getByText('2 of 2 tests pass')).toBeTruthy();
    expect(screen.queryByTestId('save-blocked')).toBeNull();
    expect(saveButton().disabled).toBe(false);

    await user.click(saveButton());
    await confirmInDialog(user, 'Save changes?', 'acme', 'Save');
    await waitFor(() => expect(api.sent('PUT', '/api/integrations/acme')).toHaveLength(1));
    const body = api.sent('PUT', '/api/integrations/acme')[0]!.body as {
      rules: { name: string }[];
      version: number;
    };
    expect(body.rules.map((rule) => rule.name)).toEqual(['Euro in Germany', 'All euros']);
    expect(body.version).toBe(1);
    expect(await screen.findByText(/Version 2$/)).toBeTruthy();
  });

  it.each([
    ['de', /^Tests/, 'Bestanden', 'Erwartetes Casino', 'Kein Casino (abgelehnt)'],
    ['en', /^Tests/, 'Passed', 'Expected casino', 'No casino (refused)'],
  ] as const)(
    'shows its badges whole and sizes its selects to their longest text (%s)',
    async (language, tab, passed, expected, noCasino) => {
      const api = seeded();
      const { user } = await openScreen(api, '/integrations/manage/acme', language);
      await screen.findByRole('heading', { level: 1, name: 'ACME Platform' });
      await openTab(user, tab);

      // Beside a long result line the badge keeps its width instead of being cut to "BESTAND…".
      const badge = within(screen.getByTestId('rule-test-result-1')).getByText(passed);
      expect((badge.closest('.mantine-Badge-root') as HTMLElement).style.flexShrink).toBe('0');
      const summary = within(screen.getByTestId('rule-tests-summary')).getByText(/^(Alle|All)/);
      expect((summary.closest('.mantine-Badge-root') as HTMLElement).style.flexShrink).toBe('0');

      // No fixed pixel width: wide enough for the longest option ("Kein Casino (abgelehnt)" and the
      // casinos' labels), in the language shown.
      const select = field(expected, screen.getByRole('group', { name: 'Test 1' }));
      const root = select.closest('.mantine-InputWrapper-root') as HTMLElement;
      const width = root.getAttribute('style') ?? '';
      const longest = Math.max(noCasino.length, 'Casino Deutschland (casino-de)'.length);
      expect(width).toContain(`calc(${longest + 2}ch + 48px)`);
      expect(width).toContain('min-width: 240px');
      expect(width).toContain('max-width: 100%');
    },
  );

  it('fits a select to the longest of its texts, within the row', () => {
    expect(fitWidth(['Jurisdiktion', 'nicht gesetzt'], 200)).toEqual({
      width: 'calc(15ch + 48px)',
      minWidth: 200,
      maxWidth: '100%',
    });
    expect(fitWidth([], 120).width).toBe('calc(2ch + 48px)');
  });

  it('shows the server’s refusal of failing tests above the form', async () => {
    const api = seeded();
    api.nextWriteError = 'INTEGRATION_RULE_TEST_FAILED';
    const { user } = await openScreen(api, '/integrations/manage/acme', 'de');
    await screen.findByRole('heading', { level: 1, name: 'ACME Platform' });

    await user.click(saveButton('Speichern'));
    await confirmInDialog(user, 'Änderungen speichern?', 'acme', 'Speichern');

    expect((await screen.findByRole('alert')).textContent).toContain(
      errorCatalogue.INTEGRATION_RULE_TEST_FAILED.messages.de,
    );
  });
});

describe('integration detail', { timeout: 30_000 }, () => {
  it.each([
    [
      'de',
      'Deaktivieren',
      'Integration acme deaktivieren?',
      'Das Deaktivieren schickt alle Spieler dieser Integration auf die Wartungsseite: Über sie kann kein Spiel mehr gestartet werden, bis sie wieder aktiviert wird.',
      'Aktivieren',
      'Inaktiv',
    ],
    [
      'en',
      'Deactivate',
      'Deactivate integration acme?',
      'Deactivating sends all players of this integration to the maintenance page: no game can be launched through it until it is activated again.',
      'Activate',
      'Inactive',
    ],
  ] as const)(
    'deactivates behind the typed id, saying what it does (%s)',
    async (language, deactivate, title, text, activate, inactive) => {
      const api = seeded();
      const { user } = await openScreen(api, '/integrations/manage/acme', language);
      await screen.findByRole('heading', { level: 1, name: 'ACME Platform' });

      await user.click(screen.getByRole('button', { name: deactivate }));
      expect(within(screen.getByRole('dialog', { name: title })).getByText(text)).toBeTruthy();
      await confirmInDialog(user, title, 'acme', deactivate);

      await waitFor(() => expect(api.sent('PUT', '/api/integrations/acme/activation')).toHaveLength(1));
      expect(api.sent('PUT', '/api/integrations/acme/activation')[0]!.body).toEqual({
        active: false,
        version: 1,
      });
      expect(await screen.findByRole('button', { name: activate })).toBeTruthy();
      expect(screen.getByText(inactive)).toBeTruthy();
    },
  );

  it('activates an inactive one, shows its last push and links to push and games', async () => {
    const api = seeded();
    const { user } = await openScreen(api, '/integrations/manage/beta');
    await screen.findByRole('heading', { level: 1, name: 'Beta Games' });

    expect(screen.getByTestId('last-push').textContent).toBe(
      `Last push: ${formatDateTime(LAST_PUSH.pushedAt, 'en')}, configuration version 1`,
    );
    expect(screen.getByRole('link', { name: 'Push' }).getAttribute('href')).toBe(
      '/integrations/manage/beta/push',
    );
    expect(screen.getByRole('link', { name: '0 games' }).getAttribute('href')).toBe(
      '/integrations/games/beta',
    );

    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Activate integration beta?' }));
    expect(dialog.getByText(/accepted again/)).toBeTruthy();
    await confirmInDialog(user, 'Activate integration beta?', 'beta', 'Activate');
    await waitFor(() => expect(api.sent('PUT', '/api/integrations/beta/activation')).toHaveLength(1));
    expect(api.sent('PUT', '/api/integrations/beta/activation')[0]!.body).toEqual({
      active: true,
      version: 1,
    });
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
  });

  it('refuses to delete an integration with bound casinos', async () => {
    const api = seeded();
    const { user } = await openScreen(api, '/integrations/manage/acme');
    await screen.findByRole('heading', { level: 1, name: 'ACME Platform' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await confirmInDialog(user, 'Delete integration', 'acme', 'Delete');

    expect((await screen.findByRole('alert')).textContent).toContain('Casinos bound to the integration.');
    expect(api.integrations.has('acme')).toBe(true);
    expect(api.sent('DELETE')[0]!.url.search).toBe('?version=1');
  });

  it('shows the not-found page for an unknown integration', async () => {
    const api = seeded();
    await openScreen(api, '/integrations/manage/unknown');
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
  });
});

describe('pushing an integration', { timeout: 30_000 }, () => {
  it('shows what is sent, pushes at the version read and shows the bridge’s answer', async () => {
    const api = seeded();
    const { user } = await openScreen(api, '/integrations/manage/acme/push');
    await screen.findByRole('heading', { level: 1, name: 'Push ACME Platform' });

    const target = within(await screen.findByTestId('push-target'));
    expect(target.getByText('Main bridge')).toBeTruthy();
    expect(target.getByText('https://bridge.example.com/router')).toBeTruthy();
    const document = screen.getByTestId('push-document').textContent!;
    expect(JSON.parse(document)).toEqual(api.preview('acme').document);
    expect(document).toContain('  "integrationId": "acme"');
    expect(screen.getByTestId('sync-state').textContent).toBe(
      'Changes not deliveredNothing has been pushed yet.',
    );
    expect(screen.getByText('Nothing has been delivered yet: a push sends every field.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Push' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Push the configuration?' }));
    expect(dialog.getByText('The configuration of acme is sent to the bridge Main bridge.')).toBeTruthy();
    await confirmInDialog(user, 'Push the configuration?', 'acme', 'Push');

    await waitFor(() => expect(api.sent('POST', '/api/integrations/acme/push')).toHaveLength(1));
    expect(api.sent('POST', '/api/integrations/acme/push')[0]!.body).toEqual({ version: 1 });
    const lastPush = api.integration('acme')!.lastPush!;
    const answer = within(await screen.findByTestId('push-answer'));
    expect(answer.getByRole('row', { name: /^Pushed at/ }).textContent).toContain(
      formatDateTime(lastPush.pushedAt, 'en'),
    );
    expect(answer.getByRole('row', { name: /^Configuration version/ }).textContent).toBe(
      'Configuration version1',
    );
    expect(answer.getByRole('row', { name: /^Received by the bridge at/ }).textContent).toContain(
      formatDateTime(lastPush.receivedAt, 'en'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('sync-state').textContent).toBe(
        `In syncThe bridge holds configuration version 1, pushed ${formatDateTime(lastPush.pushedAt, 'en')}.`,
      ),
    );
  });

  it('lists the fields the bridge does not hold yet, and none once pushed', async () => {
    const api = seeded();
    // Pushed by the back office before; since then a casino was renamed and a game assigned.
    const earlier = api.recordPush('acme');
    api.casinos.set('casino-de', { ...api.casinos.get('casino-de')!, name: 'Casino DE' });
    api.assignGame('acme', 'cosmic-cash', false);
    const { user } = await openScreen(api, '/integrations/manage/acme/push');

    const state = await screen.findByTestId('sync-state');
    expect(state.textContent).toBe(
      `Changes not deliveredThe bridge holds configuration version 1, pushed ${formatDateTime(earlier.finishedAt!, 'en')}.`,
    );
    expect(screen.getByText('3 fields differ from what the bridge holds.')).toBeTruthy();
    const changes = screen.getByRole('table', { name: 'Changes to deliver' });
    expect(changedFields(changes)).toEqual([
      ['casinos.casino-de.name', 'Casino Deutschland', 'Casino DE'],
      ['games.cosmic-cash.active', '–', 'false'],
      ['games.cosmic-cash.gameId', '–', 'cosmic-cash'],
    ]);
    expect(sectionsOf(changes)).toEqual(['Casinos', 'Games']);
    expect(JSON.parse(screen.getByTestId('push-document').textContent!)).toMatchObject({
      configurationVersion: 2,
      games: [
        { gameId: 'book-of-stars', active: true },
        { gameId: 'cosmic-cash', active: false },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Push' }));
    await confirmInDialog(user, 'Push the configuration?', 'acme', 'Push');

    const pushed = api.pushesOf('acme').at(-1)!;
    await waitFor(() =>
      expect(screen.getByTestId('sync-state').textContent).toBe(
        `In syncThe bridge holds configuration version 2, pushed ${formatDateTime(pushed.finishedAt!, 'en')}.`,
      ),
    );
    expect(
      screen.getByText('The bridge holds this configuration: there is nothing to deliver.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Changes to deliver' })).toBeNull();
    expect(historyRows()).toEqual([
      [at(pushed.startedAt), '2', 'Manual, by Test admin', 'Confirmed', '3 changed fields'],
      [at(earlier.startedAt), '1', 'Automatic', 'Confirmed', `${earlier.changes.length} changed fields`],
    ]);
  });

  it('keeps failed pushes in the history with their error, beside the confirmed ones', async () => {
    const api = seeded();
    api.pushFault = 'BRIDGE_UNREACHABLE';
    const { user } = await openScreen(api, '/integrations/manage/acme/push');
    expect((await screen.findByTestId('sync-state')).textContent).toBe(
      'Changes not deliveredNothing has been pushed yet.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Push history' })).getByText('No pushes yet.'),
    ).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Push' }));
    await confirmInDialog(user, 'Push the configuration?', 'acme', 'Push');
    await screen.findByRole('alert');
    const failed = api.pushesOf('acme')[0]!;
    await waitFor(() =>
      expect(historyRows()).toEqual([
        [
          at(failed.startedAt),
          '1',
          'Manual, by Test admin',
          'FailedNo connection to the bridge.',
          `${failed.changes.length} changed fields`,
        ],
      ]),
    );
    // The bridge still holds nothing.
    expect(screen.getByTestId('sync-state').textContent).toBe(
      'Changes not deliveredNothing has been pushed yet.',
    );

    api.pushFault = null;
    api.pusherName = 'Ada Admin';
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('push-answer');
    const confirmed = api.pushesOf('acme')[1]!;
    await waitFor(() =>
      expect(historyRows()).toEqual([
        // The same document as the failed push: the same version, no field changed.
        [at(confirmed.startedAt), '1', 'Manual, by Ada Admin', 'Confirmed', '0 changed fields'],
        [
          at(failed.startedAt),
          '1',
          'Manual, by Test admin',
          'FailedNo connection to the bridge.',
          `${failed.changes.length} changed fields`,
        ],
      ]),
    );
    expect(screen.getByTestId('sync-state').textContent).toContain('In sync');
  });

  it('opens a push of the history with its changes and the document it sent (de)', async () => {
    const api = seeded();
    const first = api.recordPush('acme');
    api.casinos.set('casino-de', { ...api.casinos.get('casino-de')!, name: 'Casino DE' });
    const second = api.recordPush('acme', { trigger: 'manual', actorName: 'Ada Admin' });
    api.assignGame('acme', 'cosmic-cash', true);
    const { user } = await openScreen(api, '/integrations/manage/acme/push', 'de');

    const state = await screen.findByTestId('sync-state');
    expect(state.textContent).toBe(
      `Änderungen nicht übertragenDie Bridge hält die Konfigurationsversion 2, übertragen am ${formatDateTime(second.finishedAt!, 'de')}.`,
    );
    expect(screen.getByText('2 Felder weichen von dem ab, was die Bridge hält.')).toBeTruthy();
    expect(changedFields(screen.getByRole('table', { name: 'Zu übertragende Änderungen' }))).toEqual([
      ['games.cosmic-cash.active', '–', 'true'],
      ['games.cosmic-cash.gameId', '–', 'cosmic-cash'],
    ]);
    await waitFor(() =>
      expect(historyRows()).toEqual([
        [at(second.startedAt, 'de'), '2', 'Manuell, von Ada Admin', 'Bestätigt', '1 geändertes Feld'],
        [
          at(first.startedAt, 'de'),
          '1',
          'Automatisch',
          'Bestätigt',
          `${first.changes.length} geänderte Felder`,
        ],
      ]),
    );

    await user.click(
      screen.getByRole('button', {
        name: `1 geändertes Feld: Übertragung vom ${formatDateTime(second.startedAt, 'de')} anzeigen`,
      }),
    );
    const drawer = within(
      await screen.findByRole('dialog', {
        name: `Übertragung vom ${formatDateTime(second.startedAt, 'de')}`,
      }),
    );
    expect(changedFields(drawer.getByRole('table', { name: 'Geänderte Felder' }))).toEqual([
      ['casinos.casino-de.name', 'Casino Deutschland', 'Casino DE'],
    ]);
    expect(JSON.parse((await drawer.findByTestId('pushed-document')).textContent!)).toEqual(second.document);
    expect(api.sent('GET', `/api/integrations/acme/pushes/${second.id}`)).toHaveLength(1);

    await user.click(drawer.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['de', 'BRIDGE_UNREACHABLE', 'Keine Verbindung zur Bridge.'],
    ['de', 'BRIDGE_TIMEOUT', 'Die Bridge antwortet nicht.'],
    ['en', 'BRIDGE_UNREACHABLE', 'No connection to the bridge.'],
    ['en', 'BRIDGE_TIMEOUT', 'Bridge does not respond.'],
  ] as const)('says what went wrong and retries (%s, %s)', async (language, fault, message) => {
    const api = seeded();
    api.pushFault = fault;
    const { user } = await openScreen(api, '/integrations/manage/acme/push', language);
    const push = language === 'de' ? 'Übertragen' : 'Push';
    await screen.findByTestId('push-target');

    await user.click(screen.getByRole('button', { name: push }));
    await confirmInDialog(
      user,
      language === 'de' ? 'Konfiguration übertragen?' : 'Push the configuration?',
      'acme',
      push,
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(errorCatalogue[fault].messages[language]).toBe(message);
    expect(api.integration('acme')!.lastPush).toBeNull();

    api.pushFault = null;
    await user.click(
      within(alert).getByRole('button', { name: language === 'de' ? 'Erneut versuchen' : 'Try again' }),
    );
    expect(await screen.findByTestId('push-answer')).toBeTruthy();
    expect(screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes(message))).toEqual(
      [],
    );
    // The failed push stays in the history, with what went wrong.
    await waitFor(() => expect(historyRows()).toHaveLength(2));
    expect(historyRows()[1]![3]).toBe(`${language === 'de' ? 'Fehlgeschlagen' : 'Failed'}${message}`);
    expect(api.sent('POST', '/api/integrations/acme/push').map((request) => request.body)).toEqual([
      { version: 1 },
      { version: 1 },
    ]);
  });
});

describe('integration games', { timeout: 40_000 }, () => {
  it('adds, deactivates and removes games, each behind the typed game id', async () => {
    const api = seeded();
    const { user, router } = await openScreen(api, '/integrations/games/acme');
    await screen.findByRole('heading', { level: 1, name: 'Games of ACME Platform' });
    await screen.findByRole('link', { name: 'book-of-stars' });
    expect(listedRows().map((cells) => cells.slice(0, 3))).toEqual([
      ['book-of-stars', 'Book of Stars', 'Active'],
    ]);

    // Adding, active right away.
    await user.click(field('Game'));
    await user.type(field('Game'), 'cosm');
    await user.click(await screen.findByRole('option', { name: 'Cosmic Cash (cosmic-cash)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Active right away' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Add game cosmic-cash?' })).getByText(
        'The game is added active: players of this integration can start it right away.',
      ),
    ).toBeTruthy();
    await confirmInDialog(user, 'Add game cosmic-cash?', 'cosmic-cash', 'Add');
    await waitFor(() => expect(api.sent('POST', '/api/integrations/acme/games')).toHaveLength(1));
    expect(api.sent('POST', '/api/integrations/acme/games')[0]!.body).toEqual({
      gameId: 'cosmic-cash',
      active: true,
    });
    await waitFor(() =>
      expect(listedRows().map((cells) => cells.slice(0, 3))).toEqual([
        ['book-of-stars', 'Book of Stars', 'Active'],
        ['cosmic-cash', 'Cosmic Cash', 'Active'],
      ]),
    );

    // Adding one assigned already: said at the game.
    await user.click(field('Game'));
    await user.type(field('Game'), 'book');
    await user.click(await screen.findByRole('option', { name: 'Book of Stars (book-of-stars)' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Add game book-of-stars?' })).getByText(
        'The game is added inactive: no player reaches it before it is activated.',
      ),
    ).toBeTruthy();
    await confirmInDialog(user, 'Add game book-of-stars?', 'book-of-stars', 'Add');
    await waitFor(() => expect(fieldError(field('Game'))).toBe('Game already assigned to the integration.'));

    // Deactivating.
    await user.click(within(rowOf('book-of-stars')).getByRole('button', { name: 'Deactivate' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Deactivate game book-of-stars?' })).getByText(
        'Deactivating a game stops new rounds of it in this integration; rounds already open can be finished.',
      ),
    ).toBeTruthy();
    await confirmInDialog(user, 'Deactivate game book-of-stars?', 'book-of-stars', 'Deactivate');
    await waitFor(() =>
      expect(api.sent('PUT', '/api/integrations/acme/games/book-of-stars/activation')).toHaveLength(1),
    );
    expect(api.sent('PUT', '/api/integrations/acme/games/book-of-stars/activation')[0]!.body).toEqual({
      active: false,
    });
    await waitFor(() =>
      expect(listedRows()[0]!.slice(0, 3)).toEqual(['book-of-stars', 'Book of Stars', 'Inactive']),
    );

    // Filtering by status, through the URL.
    await choose(user, field('Status'), 'Active');
    await waitFor(() => expect(listedRows().map((cells) => cells[0])).toEqual(['cosmic-cash']));
    expect(router.state.location.search).toBe('?active=true');

    // Removing.
    await user.click(within(rowOf('cosmic-cash')).getByRole('button', { name: 'Remove' }));
    await confirmInDialog(user, 'Remove game cosmic-cash?', 'cosmic-cash', 'Remove');
    await waitFor(() =>
      expect(api.sent('DELETE', '/api/integrations/acme/games/cosmic-cash')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.getByText('No entries found.')).toBeTruthy());
    expect([...api.assigned.get('acme')!.keys()]).toEqual(['book-of-stars']);
  });

  it('activates a game, saying what it does (de)', async () => {
    const api = seeded();
    api.assignGame('acme', 'cosmic-cash', false);
    const { user } = await openScreen(api, '/integrations/games/acme', 'de');
    await screen.findByRole('heading', { level: 1, name: 'Spiele von ACME Platform' });
    await screen.findByRole('link', { name: 'cosmic-cash' });

    await user.click(within(rowOf('cosmic-cash')).getByRole('button', { name: 'Aktivieren' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Spiel cosmic-cash aktivieren?' })).getByText(
        'Spieler dieser Integration können neue Runden des Spiels starten.',
      ),
    ).toBeTruthy();
    await confirmInDialog(user, 'Spiel cosmic-cash aktivieren?', 'cosmic-cash', 'Aktivieren');
    await waitFor(() =>
      expect(api.sent('PUT', '/api/integrations/acme/games/cosmic-cash/activation')[0]?.body).toEqual({
        active: true,
      }),
    );
  });
});

describe('a role that may only look', { timeout: 30_000 }, () => {
  it('sees integrations, their settings and games, but changes nothing', async () => {
    const api = seeded();
    const { user, unmount } = await openScreen(api, '/integrations/manage/acme', 'en', 'visitor');
    await screen.findByRole('heading', { level: 1, name: 'ACME Platform' });

    // The settings as text: no input box, required mark or placeholder, on every tab.
    expect(await shownValue('Name')).toBe('ACME Platform');
    const record = screen.getByTestId('read-only-record');
    const noInputs = () => {
      expect(record.querySelector('input, textarea, [placeholder]')).toBeNull();
      expect(record.textContent).not.toContain('*');
    };
    noInputs();
    for (const name of ['Save', 'Delete', 'Deactivate']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'Push' })).toBeNull();
    await openTab(user, /^Rules/);
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove rule 1' })).toBeNull();
    noInputs();
    await openTab(user, /^Persistence/);
    noInputs();
    await openTab(user, /^Tests/);
    expect(within(screen.getByTestId('rule-test-result-1')).getByText('Passed')).toBeTruthy();
    noInputs();
    unmount();

    await openScreen(api, '/integrations/games/acme', 'en', 'visitor');
    await screen.findByRole('heading', { level: 1, name: 'Games of ACME Platform' });
    expect(await screen.findByText('Book of Stars')).toBeTruthy();
    expect(screen.queryByText('Add a game')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('is offered no create in the list', async () => {
    const api = seeded();
    await openScreen(api, '/integrations/manage', 'en', 'visitor');
    expect(await screen.findByRole('link', { name: 'acme' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });
});
