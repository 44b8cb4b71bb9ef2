import type { Language, Role } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { instantOf } from '../../components/inputs/date-time-input';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeSignificantEventsApi } from '../../test/fake-significant-events-api';
import { fieldError, renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { SignificantEventCreatePage, SignificantEventsPage } from './index';
import { significantEventConfirmText } from './pages/significant-events-create-page';

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

const routes: RouteObject[] = [
  {
    path: '/reporting',
    ...crumb('nav.groups.reporting', false),
    children: [
      {
        path: 'significant-events',
        ...crumb('nav.significantEvents'),
        children: [
          { index: true, element: <SignificantEventsPage /> },
          { path: 'create', ...crumb('crumbs.create'), element: <SignificantEventCreatePage /> },
        ],
      },
    ],
  },
];

const LIST = '/reporting/significant-events';
const CREATE = '/reporting/significant-events/create';

function seeded(): FakeSignificantEventsApi {
  const api = new FakeSignificantEventsApi();
  api.add({ happenedAt: '2025-02-01T09:00:00.000Z', reason: 'Bridge outage', component: 'Bridge EU' });
  api.add({
    happenedAt: '2025-03-05T18:00:00.000Z',
    reason: 'Jackpot reset',
    component: 'jackpot',
    user: 'jdoe',
    beforeValue: '1.000.000',
    afterValue: '0',
  });
  return api;
}

async function openScreen(
  api: FakeSignificantEventsApi,
  url: string,
  language: Language = 'en',
  role: Role = 'admin',
) {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession(role) });
}

function listed(): string[][] {
  // The events' table (an open date picker is a table too).
  const table = screen
    .getAllByRole('table')
    .find((candidate) => within(candidate).queryByRole('columnheader', { name: /^(Reason|Grund)$/ }))!;
  const body = table.querySelector('tbody')!;
  return within(body)
    .queryAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent ?? ''),
    );
}

const field = (label: RegExp) =>
  screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('significant events list', () => {
  it('lists the events newest first with all their fields', async () => {
    await openScreen(seeded(), LIST);
    await waitFor(() =>
      expect(listed()).toEqual([
        ['Jackpot reset', 'jackpot', 'jdoe', '1.000.000', '0', 'accountant'],
        ['Bridge outage', 'Bridge EU', '–', '–', '–', 'accountant'],
      ]),
    );
    expect(screen.getByTestId('list-total').textContent).toBe('2 entries');
  });

  it(
    'searches reason and component and filters by time, with the filters in the URL',
    { timeout: 20_000 },
    async () => {
      const api = seeded();
      const { user, router } = await openScreen(api, LIST, 'de');
      await waitFor(() => expect(listed()).toHaveLength(2));

      await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'bridge');
      await waitFor(() => expect(listed().map((row) => row[0])).toEqual(['Bridge outage']));
      await user.clear(screen.getByRole('searchbox', { name: 'Suchen' }));
      await waitFor(() => expect(listed()).toHaveLength(2));

      await user.type(screen.getByLabelText('Von'), '01.03.2025');
      await waitFor(() => expect(listed().map((row) => row[0])).toEqual(['Jackpot reset']));
      expect(api.listRequests().at(-1)).toEqual({
        page: '1',
        pageSize: '20',
        from: instantOf('2025-03-01', null),
      });
      expect(new URLSearchParams(router.state.location.search).get('from')).toBe(
        instantOf('2025-03-01', null),
      );
    },
  );

  it('offers to record an event only to those who may', async () => {
    const first = await openScreen(seeded(), LIST, 'en', 'accountant');
    expect((await screen.findByRole('link', { name: 'Create' })).getAttribute('href')).toBe(CREATE);
    first.unmount();
    await openScreen(seeded(), LIST, 'en', 'visitor');
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });
});

describe('recording a significant event', () => {
  it(
    'records the event after the typed confirmation, says so, and goes back to the list',
    { timeout: 30_000 },
    async () => {
      const api = seeded();
      const { user, router } = await openScreen(api, CREATE, 'en', 'accountant');

      await user.type(await screen.findByLabelText(/^Happened at/), '03/10/2025');
      await user.type(screen.getByLabelText('Time of Happened at'), '14:45');
      await user.type(field(/^Reason/), 'Rates of March fixed');
      await user.type(field(/^Component/), 'master data');
      await user.type(field(/^Value before/), 'USD 0.5');
      await user.type(field(/^Value after/), 'USD 0.92');
      await user.click(screen.getByRole('button', { name: 'Create' }));

      const dialog = within(await screen.findByRole('dialog', { name: 'Save changes?' }));
      await user.type(dialog.getByLabelText('Confirmation text'), 'Rates of March fixed');
      await user.click(dialog.getByRole('button', { name: 'Create' }));

      expect(await screen.findByText('The significant event has been recorded.')).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
      expect(api.posted()).toEqual([
        {
          happenedAt: instantOf('2025-03-10', '14:45'),
          reason: 'Rates of March fixed',
          component: 'master data',
          user: '',
          beforeValue: 'USD 0.5',
          afterValue: 'USD 0.92',
        },
      ]);
      await waitFor(() => expect(listed().map((row) => row[0])).toContain('Rates of March fixed'));
    },
  );

  it('asks for the reason and the time before sending anything, in the user’s language', async () => {
    const api = seeded();
    const { user } = await openScreen(api, CREATE, 'de', 'developer');
    await user.click(await screen.findByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(fieldError(field(/^Grund/))).toBeTruthy());
    expect(fieldError(field(/^Grund/))).toBe('Geben Sie einen Grund ein.');
    expect(fieldError(screen.getByLabelText(/^Zeitpunkt/))).toBe('Geben Sie Datum und Uhrzeit ein.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.posted()).toEqual([]);
  });

  it('confirms a long reason by its beginning', () => {
    const reason = 'The bridge of the EU region lost its connection for two hours';
    expect(significantEventConfirmText({ happenedAt: '', reason })).toBe(
      'The bridge of the EU region lost its con',
    );
    expect(significantEventConfirmText({ happenedAt: '', reason: ' Short ' })).toBe('Short');
  });

  it('is not offered to those who may not record', async () => {
    await openScreen(seeded(), CREATE, 'en', 'visitor');
    expect(await screen.findByRole('heading', { name: 'No permission.' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Reason/)).toBeNull();
  });
});
