import { useMutation } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorText } from '../../lib/api-client';
import { i18n } from '../../i18n';
import { SessionProvider } from '../../lib/session';
import { CODE, FakeSecondFactorApi, PASSWORD } from '../../test/fake-second-factor-api';
import { renderRoutes } from '../../test/render';
import { StepUpPrompt } from './step-up-prompt';

/** A dangerous action, as a screen does one: deleting the user "victim". */
function DeleteScreen({ id }: { id: string }) {
  const remove = useMutation({
    mutationFn: () => apiRequest<void>(`/users/${id}`, { method: 'DELETE', query: { version: 1 } }),
  });
  return (
    <>
      <button type="button" onClick={() => remove.mutate()}>
        Delete victim
      </button>
      {remove.isSuccess && <p>Deleted</p>}
      {remove.error && <p role="alert">{errorText(remove.error, i18n.t)}</p>}
    </>
  );
}

async function open(api: FakeSecondFactorApi, language: 'en' | 'de' = 'en') {
  api.install();
  const victim = [...api.records.values()].find((user) => user.username === 'victim')!;
  const routes = [
    {
      path: '/',
      element: (
        <SessionProvider initial={api.session()} intervalMs={3_600_000} onEnded={vi.fn()}>
          <Outlet />
          <StepUpPrompt />
        </SessionProvider>
      ),
      children: [{ index: true, element: <DeleteScreen id={victim.id} /> }],
    },
  ];
  return { ...(await renderRoutes(routes, { initialEntries: ['/'], language })), victim };
}

const deletes = (api: FakeSecondFactorApi, id: string) =>
  api.requests.filter(
    (request) => request.method === 'DELETE' && request.url.pathname === `/api/users/${id}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('step-up before a dangerous action', () => {
  it('asks for a code of the app, refuses a wrong one, and does the action once the right one is given', async () => {
    const api = new FakeSecondFactorApi([{ username: 'victim', role: 'qa' }]);
    api.enrolled.add(api.me.id);
    api.stale = true;
    const { user, victim } = await open(api);

    await user.click(screen.getByRole('button', { name: 'Delete victim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog.textContent).toContain('Enter the current code of your authenticator app');

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the code your app shows.')).toBeTruthy();

    await user.type(screen.getByLabelText(/Code from the app/), '999999');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is not correct.')).toBeTruthy();
    expect(deletes(api, victim.id)).toHaveLength(1);

    await user.clear(screen.getByLabelText(/Code from the app/));
    await user.type(screen.getByLabelText(/Code from the app/), CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Refused once (nothing happened), sent again once after the confirmation.
    expect(deletes(api, victim.id)).toHaveLength(2);
  });

  it('asks a user without a second factor for the password, in German, and marks a wrong one invalid', async () => {
    const api = new FakeSecondFactorApi([{ username: 'victim', role: 'qa' }]);
    api.stale = true;
    const { user } = await open(api, 'de');

    await user.click(screen.getByRole('button', { name: 'Delete victim' }));
    await screen.findByRole('dialog', { name: 'Bestätigen Sie, dass Sie es sind' });
    const password = () => screen.getByLabelText(/Passwort/, { selector: 'input' });
    // A wrong one: the field says so, to screen readers too.
    await user.type(password(), 'nicht-das-Passwort');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Das aktuelle Passwort ist nicht korrekt.')).toBeTruthy();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    await user.clear(password());
    expect(password().getAttribute('aria-invalid')).toBeNull();
    await user.type(password(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });

  it('leaves the action undone when the user cancels, and says why', async () => {
    const api = new FakeSecondFactorApi([{ username: 'victim', role: 'qa' }]);
    api.enrolled.add(api.me.id);
    api.stale = true;
    const { user, victim } = await open(api);

    await user.click(screen.getByRole('button', { name: 'Delete victim' }));
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please confirm that it is you: this action needs a fresh confirmation.',
    );
    expect(deletes(api, victim.id)).toHaveLength(1);
    expect(api.records.has(victim.id)).toBe(true);
  });
});
