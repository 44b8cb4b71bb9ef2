import type { Language } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCpvApi } from '../../test/fake-cpv-api';
import { renderScreen } from '../../test/render';
import { groupRoutes } from '../../test/routes';
import { plain, rowsOf } from '../../test/tables';
import { CpvCheckTriggerPage, CpvChecksPage } from './index';
import { START_CHECK_CONFIRM_TEXT } from './pages/cpv-check-trigger-page';

const routes = groupRoutes('cpv', {
  path: 'checks',
  crumb: 'nav.cpvChecks',
  index: <CpvChecksPage />,
  pages: [{ path: 'trigger', crumb: 'crumbs.trigger', element: <CpvCheckTriggerPage /> }],
});

const CHECKS = '/cpv/checks';
const TRIGGER = '/cpv/checks/trigger';

function seeded(): FakeCpvApi {
  const api = new FakeCpvApi();
  const daily = api.addCheck({
    trigger: 'schedule',
    triggeredBy: null,
    createdAt: '2025-03-09T03:00:00.000Z',
    total: 2,
    done: 2,
  });
  api.addResult(daily, {
    component: 'game:alpha@1.0.0',
    result: 'pass',
    checkedOn: '2025-03-09T03:00:02.000Z',
  });
  api.addResult(daily, {
    component: 'bridge:Bridge EU',
    result: 'unreachable',
    checkedOn: '2025-03-09T03:00:03.000Z',
  });
  const manual = api.addCheck({
    createdAt: '2025-03-10T08:00:00.000Z',
    components: ['bridge:Bridge EU'],
    total: 3,
    done: 3,
  });
  api.addResult(manual, {
    component: 'bridge-simulator',
    result: 'pass',
    checkedOn: '2025-03-10T08:00:02.000Z',
  });
  api.addResult(manual, {
    component: 'game-backend/slots',
    result: 'mismatch',
    checkedOn: '2025-03-10T08:00:03.000Z',
  });
  api.addResult(manual, {
    component: 'game-backend/new',
    result: 'unknown-component',
    checkedOn: '2025-03-10T08:00:04.000Z',
  });
  api.addCheck({
    createdAt: '2025-03-10T09:00:00.000Z',
    state: 'running',
    total: 4,
    done: 1,
    counts: { pass: 1, mismatch: 0, unknownComponent: 0, unreachable: 0 },
  });
  return api;
}

const openScreen = (api: FakeCpvApi, url: string, language: Language = 'en') =>
  renderScreen(api, routes, url, { language, role: 'developer' });

const checksTable = () => screen.getByRole('table', { name: /^(Checks|Prüfungen)$/ });
const resultsTable = () =>
  screen
    .getAllByRole('table')
    .find((table) =>
      within(table).queryByRole('columnheader', { name: /^(Actual hash|Tatsächlicher Hash)$/ }),
    )!;
const resultRows = () => rowsOf(resultsTable()).map((row) => [row[1], row[2]]);

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('CPV checks list', () => {
  it('shows the latest checks with state and progress, and the results newest first with their badges', async () => {
    await openScreen(seeded(), CHECKS);
    await waitFor(() => expect(rowsOf(checksTable())).toHaveLength(3));
    const checks = rowsOf(checksTable());
    expect(checks[0]).toEqual([
      expect.any(String),
      'developer',
      'All components',
      'Running',
      '1 of 4',
      '1 pass',
    ]);
    expect(checks[1]!.slice(1)).toEqual([
      'developer',
      '1 component',
      'Finished',
      '3 of 3',
      '1 pass1 mismatch1 unknown',
    ]);
    expect(checks[2]!.slice(1, 4)).toEqual(['Schedule', 'All components', 'Finished']);
    expect(screen.getByRole('progressbar', { name: '1 of 4' })).toBeTruthy();

    await waitFor(() => expect(rowsOf(resultsTable())).toHaveLength(5));
    expect(resultRows()).toEqual([
      ['game-backend/newBridge', 'Unknown component'],
      ['game-backend/slotsBridge', 'Mismatch'],
      ['bridge-simulatorBridge', 'Pass'],
      ['bridge:Bridge EUBridge', 'Unreachable'],
      ['game:alpha@1.0.0Game version frontend', 'Pass'],
    ]);
    const mismatch = rowsOf(resultsTable())[1]!;
    expect(mismatch[3]).toBe('a'.repeat(64));
    expect(mismatch[4]).toBe('b'.repeat(64));
    expect(mismatch[6]).toBe('developer');
    expect(rowsOf(resultsTable())[3]![4]).toBe('–');
    expect(rowsOf(resultsTable())[4]![6]).toBe('Schedule');
    expect(screen.getByRole('link', { name: 'Trigger a check' }).getAttribute('href')).toBe(TRIGGER);
  });

  it(
    'filters results by result, component and check, with the filters in the URL',
    { timeout: 20_000 },
    async () => {
      const api = seeded();
      const { user, router } = await openScreen(api, CHECKS, 'de');
      await waitFor(() => expect(rowsOf(resultsTable())).toHaveLength(5));

      await user.click(screen.getByLabelText('Ergebnis', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Abweichung' }));
      await waitFor(() => expect(resultRows()).toEqual([['game-backend/slotsBridge', 'Abweichung']]));
      expect(new URLSearchParams(router.state.location.search).get('result')).toBe('mismatch');
      expect(api.requestsTo('/api/cpv/results').at(-1)?.url.searchParams.get('result')).toBe('mismatch');

      // Choosing the chosen result again: all results.
      await user.click(screen.getByLabelText('Ergebnis', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Abweichung' }));
      await waitFor(() => expect(rowsOf(resultsTable())).toHaveLength(5));

      await user.type(screen.getByRole('searchbox', { name: 'Komponente' }), 'GAME:');
      await waitFor(() =>
        expect(resultRows()).toEqual([['game:alpha@1.0.0Frontend einer Spielversion', 'Bestanden']]),
      );
      expect(new URLSearchParams(router.state.location.search).get('component')).toBe('GAME:');
      await user.clear(screen.getByRole('searchbox', { name: 'Komponente' }));
      await waitFor(() => expect(rowsOf(resultsTable())).toHaveLength(5));

      // A check chosen in the checks' table: only its results.
      await user.click(within(checksTable()).getAllByRole('row')[2]!);
      await waitFor(() => expect(rowsOf(resultsTable())).toHaveLength(3));
      expect(new URLSearchParams(router.state.location.search).get('checkId')).toBe(api.checks[1]!.id);
      expect(plain(screen.getByTestId('chosen-check').textContent)).toMatch(/^Ergebnisse der Prüfung vom /);
      await user.click(screen.getByRole('button', { name: 'Ergebnisse aller Prüfungen zeigen' }));
      await waitFor(() => expect(rowsOf(resultsTable())).toHaveLength(5));
      expect(new URLSearchParams(router.state.location.search).get('checkId')).toBeNull();
    },
  );

  it('takes its filters from the URL and leaves out what does not fit', async () => {
    const api = seeded();
    await openScreen(api, `${CHECKS}?result=unreachable&checkId=nonsense&pageSize=7`);
    await waitFor(() => expect(resultRows()).toEqual([['bridge:Bridge EUBridge', 'Unreachable']]));
    const sent = Object.fromEntries(api.requestsTo('/api/cpv/results').at(-1)!.url.searchParams);
    expect(sent).toEqual({ page: '1', pageSize: '7', result: 'unreachable' });
  });
});

describe('triggering a check', () => {
  it(
    'checks chosen components after the typed confirmation, shows the progress until it ends, then the results',
    { timeout: 30_000 },
    async () => {
      const api = new FakeCpvApi();
      const { user, router } = await openScreen(api, TRIGGER);
      await user.click(await screen.findByRole('radio', { name: 'Chosen components' }));
      const start = screen.getByRole('button', { name: 'Start check' });
      expect(start.hasAttribute('disabled')).toBe(true);

      await user.click(await screen.findByRole('checkbox', { name: /game:alpha@1\.0\.0/ }));
      await user.click(screen.getByRole('checkbox', { name: /bridge:Bridge EU/ }));
      expect(screen.getByText('deactivated')).toBeTruthy();
      expect(screen.getByText('2 components')).toBeTruthy();
      await user.click(start);

      const dialog = await screen.findByRole('dialog', { name: 'Start a CPV check?' });
      const confirm = within(dialog).getByRole('button', { name: 'Start check' });
      expect(confirm.hasAttribute('disabled')).toBe(true);
      await user.type(within(dialog).getByTestId('confirm-input'), START_CHECK_CONFIRM_TEXT);
      await user.click(confirm);

      await waitFor(() => expect(api.requestsTo('/api/cpv/checks', 'POST')).toHaveLength(1));
      expect(api.requestsTo('/api/cpv/checks', 'POST')[0]!.body).toEqual({
        components: ['game:alpha@1.0.0', 'bridge:Bridge EU'],
      });
      const id = api.checks[0]!.id;
      await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('check')).toBe(id));

      // Progress while it runs, asked for again and again.
      await screen.findByRole('progressbar', { name: /of 2$/ }, { timeout: 5_000 });
      await screen.findByText('Finished', {}, { timeout: 8_000 });
      expect(api.requestsTo(`/api/cpv/checks/${id}`).length).toBeGreaterThanOrEqual(3);
      await waitFor(() => expect(rowsOf(resultsTable())).toHaveLength(2));
      expect(resultRows()).toEqual([
        ['game-backend/slotsBridge', 'Mismatch'],
        ['game:alpha@1.0.0Game version frontend', 'Pass'],
      ]);
      expect(api.requestsTo('/api/cpv/results').at(-1)?.url.searchParams.get('checkId')).toBe(id);
      expect(screen.getByRole('link', { name: 'Show with all results' }).getAttribute('href')).toBe(
        `${CHECKS}?checkId=${id}`,
      );
      // Asked no more once it ended.
      const asked = api.requestsTo(`/api/cpv/checks/${id}`).length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(api.requestsTo(`/api/cpv/checks/${id}`)).toHaveLength(asked);

      await user.click(screen.getByRole('button', { name: 'Trigger another check' }));
      expect(await screen.findByRole('radio', { name: 'All components' })).toBeTruthy();
      expect(new URLSearchParams(router.state.location.search).get('check')).toBeNull();
    },
  );

  it('checks all components by default, in German', { timeout: 20_000 }, async () => {
    const api = new FakeCpvApi();
    const { user } = await openScreen(api, TRIGGER, 'de');
    expect((await screen.findByRole('radio', { name: 'Alle Komponenten' })).hasAttribute('checked')).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Prüfung starten' }));
    const dialog = await screen.findByRole('dialog', { name: 'CPV-Prüfung starten?' });
    expect(within(dialog).getByText(/Alle Komponenten werden geprüft/)).toBeTruthy();
    await user.type(within(dialog).getByTestId('confirm-input'), START_CHECK_CONFIRM_TEXT);
    await user.click(within(dialog).getByRole('button', { name: 'Prüfung starten' }));
    await waitFor(() => expect(api.requestsTo('/api/cpv/checks', 'POST')).toHaveLength(1));
    expect(api.requestsTo('/api/cpv/checks', 'POST')[0]!.body).toEqual({});
    expect(await screen.findByText('Wartend')).toBeTruthy();
  });

  it('keeps watching the check of the URL after a reload', async () => {
    const api = seeded();
    const running = api.checks[0]!;
    await openScreen(api, `${TRIGGER}?check=${running.id}`);
    expect(await screen.findByText('Running')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '1 of 4' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'All components' })).toBeNull();
  });
});
