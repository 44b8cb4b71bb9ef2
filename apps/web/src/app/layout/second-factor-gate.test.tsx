import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { SessionProvider } from '../../lib/session';
import { CODE, FakeSecondFactorApi } from '../../test/fake-second-factor-api';
import { renderRoutes } from '../../test/render';
import { SecondFactorGate } from './second-factor-gate';

/** A screen that asks the API something, as every screen does. */
function UsersScreen() {
  const { data, refetch } = useQuery({ queryKey: ['probe'], queryFn: () => apiRequest('/users') });
  return (
    <>
      <h1>{data ? 'Users screen' : 'loading'}</h1>
      <button type="button" onClick={() => void refetch()}>
        Reload
      </button>
    </>
  );
}

async function open(api: FakeSecondFactorApi, url = '/') {
  api.install();
  const routes = [
    {
      path: '/',
      element: (
        <SessionProvider initial={api.session()} intervalMs={3_600_000} onEnded={vi.fn()}>
          <SecondFactorGate>
            <Outlet />
          </SecondFactorGate>
        </SessionProvider>
      ),
      children: [
        { index: true, element: <UsersScreen /> },
        { path: 'logout', element: <p>Signing out</p> },
      ],
    },
  ];
  return renderRoutes(routes, { initialEntries: [url], language: 'en' });
}

const LOAD = { timeout: 5000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forced second-factor enrolment', () => {
  it('shows only the enrolment while a required second factor is missing, and unlocks after confirming', async () => {
    const api = new FakeSecondFactorApi([], { username: 'helpdesk', role: 'support' });
    api.requiredRoles = ['support'];
    const { user } = await open(api);

    expect(await screen.findByRole('heading', { name: 'Set up your second factor' })).toBeTruthy();
    expect(screen.getByText(/Your role requires a second factor/)).toBeTruthy();
    // All of it in landmarks: the way out in the banner, the enrolment in main.
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText('Users screen')).toBeNull();
    expect(api.requests.some((request) => request.url.pathname === '/api/users')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Set up second factor' }, LOAD));
    await user.type(await screen.findByLabelText('Code from the app (6 digits)'), CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // The session is read again at once, but the recovery codes stay until the user stored them.
    const codes = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await vi.waitFor(() =>
      expect(api.requests.filter((request) => request.url.pathname === '/auth/session')).toHaveLength(1),
    );
    expect(screen.getByRole('heading', { name: 'Set up your second factor' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I have stored the codes' }));
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set up your second factor' })).toBeNull();
  });

  it('leads to the enrolment when any API call answers 403 SECOND_FACTOR_ENROLMENT_REQUIRED', async () => {
    const api = new FakeSecondFactorApi([], { username: 'helpdesk', role: 'support' });
    const { user } = await open(api);
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeTruthy();

    // Master data makes the role require one while the page is open.
    api.requiredRoles = ['support'];
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('heading', { name: 'Set up your second factor' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Users screen' })).toBeNull();
  });

  it('keeps signing out possible', async () => {
    const api = new FakeSecondFactorApi([], { username: 'helpdesk', role: 'support' });
    api.requiredRoles = ['support'];
    await open(api, '/logout');
    expect(await screen.findByText('Signing out')).toBeTruthy();
  });
});
