/**
 * Issue 15 items 3 and 4 on the web: the sessions panel of `/users/account` and of the user screen, the
 * GLI-19 §2.8.9 record on the user screen and as columns of the users list, and the access review CSV.
 */
import type { Language } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeUsersApi } from '../../test/fake-users-api';
import { renderRoutes } from '../../test/render';
import { AccountPage, UserDetailPage, UsersListPage } from './index';

const routes: RouteObject[] = [
  { path: '/users/account', element: <AccountPage /> },
  { path: '/users/manage', element: <UsersListPage /> },
  { path: '/users/manage/:id', element: <UserDetailPage /> },
];

const FIREFOX_ON_LINUX = {
  browser: 'Firefox',
  system: 'Linux',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  address: '192.0.2.66',
};

async function open(api: FakeUsersApi, url: string, language: Language = 'en') {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: api.session() });
}

/** The rows of the sessions table, as the text of their cells. */
async function sessionRows(): Promise<string[][]> {
  const table = await screen.findByRole('table', { name: /^(Sessions|Sitzungen)$/ });
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('my sessions', () => {
  function withSessions() {
    const api = new FakeUsersApi();
    const here = api.addSession(api.me.id, { current: true });
    const there = api.addSession(api.me.id, FIREFOX_ON_LINUX);
    return { api, here, there };
  }

  it('lists the own sessions with device in words, address, start and last activity, this one marked', async () => {
    const { api } = withSessions();
    await open(api, '/users/account');
    const rows = await sessionRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, 2)).toEqual(['Chrome on Windows', '203.0.113.7']);
    expect(rows[0]![4]).toBe('This session');
    expect(rows[1]!.slice(0, 2)).toEqual(['Firefox on Linux', '192.0.2.66']);
    expect(rows[1]![2]).toMatch(/2025/);
    expect(screen.getByRole('cell', { name: 'Firefox on Linux' }).getAttribute('title')).toBe(
      FIREFOX_ON_LINUX.userAgent,
    );
    // Only other sessions can be signed out from here.
    expect(screen.getByRole('button', { name: 'Sign out Firefox on Linux' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out Chrome on Windows' })).toBeNull();
  });

  it('names the device in German too', async () => {
    const { api } = withSessions();
    await open(api, '/users/account', 'de');
    const rows = await sessionRows();
    expect(rows.map((row) => row[0])).toEqual(['Chrome unter Windows', 'Firefox unter Linux']);
    expect(rows[0]![4]).toBe('Diese Sitzung');
    expect(screen.getByRole('button', { name: 'Überall sonst abmelden' })).toBeTruthy();
  });

  it('signs out one other session, which leaves the list', async () => {
    const { api, there } = withSessions();
    const { user } = await open(api, '/users/account');
    await sessionRows();
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Linux' }));
    await waitFor(async () => expect(await sessionRows()).toHaveLength(1));
    const [request] = api.sent('DELETE');
    expect(request!.url.pathname).toBe(`/api/account/sessions/${there.id}`);
    expect(await screen.findByText('One session has been signed out.')).toBeTruthy();
  });

  it('signs out everywhere else and keeps this session', async () => {
    const { api } = withSessions();
    api.addSession(api.me.id, { browser: 'Safari', system: 'iOS', address: '198.51.100.23' });
    const { user } = await open(api, '/users/account');
    expect(await sessionRows()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(async () => expect(await sessionRows()).toHaveLength(1));
    expect((await sessionRows())[0]![4]).toBe('This session');
    expect(api.sent('DELETE').map((request) => request.url.pathname)).toEqual(['/api/account/sessions']);
    expect(await screen.findByText('2 sessions have been signed out.')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('names a device the user agent does not name as unknown', async () => {
    const api = new FakeUsersApi();
    api.addSession(api.me.id, { current: true, browser: null, system: null, userAgent: null, address: null });
    await open(api, '/users/account');
    const [row] = await sessionRows();
    expect(row!.slice(0, 2)).toEqual(['Unknown device', '–']);
  });
});

describe('the user screen (admin)', () => {
  function withUser() {
    const api = new FakeUsersApi([
      {
        username: 'mmuster',
        role: 'support',
        lastSignInAt: '2025-03-04T08:30:00.000Z',
        lastSignInAddress: '203.0.113.7',
        secondFactorChangedAt: '2025-02-01T09:00:00.000Z',
      },
    ]);
    const target = api.byUsername('mmuster')!;
    const laptop = api.addSession(target.id);
    const phone = api.addSession(target.id, FIREFOX_ON_LINUX);
    return { api, target, laptop, phone };
  }

  it('shows the access record: status, created, last sign-in with address, changes, deactivation', async () => {
    const { api, target } = withUser();
    await open(api, `/users/manage/${target.id}`);
    const record = await screen.findByRole('table', { name: 'Access record' });
    const value = (name: string) =>
      within(record).getByRole('rowheader', { name }).closest('tr')!.querySelector('td')!.textContent;
    expect(value('Status')).toBe('Active');
    expect(value('Last sign-in')).toMatch(/^Mar 4, 2025.* from 203\.0\.113\.7$/);
    expect(value('Password changed')).toMatch(/2025/);
    expect(value('Second factor changed')).toMatch(/^Feb 1, 2025/);
    expect(value('Deactivated on')).toBe('–');
    expect(value('Created')).toMatch(/2025/);
  });

  it('lists the user’s sessions and signs out one of them', async () => {
    const { api, target, phone } = withUser();
    const { user } = await open(api, `/users/manage/${target.id}`);
    const rows = await sessionRows();
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['Chrome on Windows', '203.0.113.7'],
      ['Firefox on Linux', '192.0.2.66'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Linux' }));
    await waitFor(async () => expect(await sessionRows()).toHaveLength(1));
    expect(api.sent('DELETE').map((request) => request.url.pathname)).toEqual([
      `/api/users/${target.id}/sessions/${phone.id}`,
    ]);
  });

  it('signs the user out everywhere', async () => {
    const { api, target } = withUser();
    const { user } = await open(api, `/users/manage/${target.id}`);
    await sessionRows();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('No active sessions.')).toBeTruthy();
    expect(api.sent('DELETE').map((request) => request.url.pathname)).toEqual([
      `/api/users/${target.id}/sessions`,
    ]);
  });
});

describe('the users list', () => {
  function withPeople() {
    return new FakeUsersApi([
      { username: 'early', lastSignInAt: '2025-01-02T10:00:00.000Z', lastSignInAddress: '198.51.100.1' },
      { username: 'late', lastSignInAt: '2025-05-06T10:00:00.000Z', lastSignInAddress: '198.51.100.2' },
      { username: 'gone', active: false },
    ]);
  }

  const headers = () =>
    within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);

  const listed = () => {
    const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
    return within(body!)
      .getAllByRole('row')
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
  };

  it('shows the record’s dates as columns, the last sign-in with its address', async () => {
    const api = withPeople();
    await open(api, '/users/manage');
    await screen.findByRole('link', { name: 'late' });
    expect(headers()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Last sign-in'),
        expect.stringContaining('Password changed'),
        expect.stringContaining('Second factor changed'),
        expect.stringContaining('Deactivated on'),
        expect.stringContaining('Created'),
      ]),
    );
    const row = screen.getByRole('link', { name: 'late' }).closest('tr')!;
    expect(within(row).getByText('198.51.100.2')).toBeTruthy();
    const gone = screen.getByRole('link', { name: 'gone' }).closest('tr')!;
    expect(within(gone).getByText('Inactive')).toBeTruthy();
  });

  it('sorts by the last sign-in on the server, users who never signed in last', async () => {
    const api = withPeople();
    const { user } = await open(api, '/users/manage');
    await screen.findByRole('link', { name: 'late' });
    await user.click(screen.getByRole('button', { name: 'Sort by Last sign-in' }));
    await waitFor(() => expect(listed().slice(0, 2)).toEqual(['early', 'late']));
    expect(listed().slice(2).sort()).toEqual(['admin', 'gone']);
    const last = api.sent('GET').at(-1)!;
    expect(last.url.searchParams.get('sort')).toBe('lastSignInAt');
  });

  it('downloads the access review as CSV', async () => {
    const api = withPeople();
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:http://localhost/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await open(api, '/users/manage');
    await screen.findByRole('link', { name: 'late' });
    await user.click(screen.getByRole('button', { name: 'Access review (CSV)' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(names[0]).toMatch(/^access-review-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await blobs[0]!.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toContain('gone,visitor,inactive');
    expect(api.sent('GET').some((request) => request.url.pathname === '/api/users/access-review.csv')).toBe(
      true,
    );
  });
});
