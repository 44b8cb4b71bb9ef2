import type { Language, Role } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCpvApi } from '../../test/fake-cpv-api';
import { renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { AlertBanner } from './index';

async function open(api: FakeCpvApi, role: Role = 'admin', language: Language = 'en') {
  api.install();
  return renderRoutes([{ path: '/', element: <AlertBanner /> }], { language, session: testSession(role) });
}

function withAlert(): FakeCpvApi {
  const api = new FakeCpvApi();
  api.addAlert({ subject: 'game-backend/slots' });
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('alert banner', () => {
  it('shows open alerts to admins and developers, with a link to the results', async () => {
    for (const role of ['admin', 'developer'] as const) {
      const rendered = await open(withAlert(), role);
      const region = await screen.findByRole('region', { name: 'Alerts' });
      expect(within(region).getByText('CPV mismatch: game-backend/slots')).toBeTruthy();
      expect(within(region).getByText(/is not among its allowed hashes/)).toBeTruthy();
      expect(within(region).getByRole('link', { name: 'Show the results' }).getAttribute('href')).toBe(
        '/cpv/checks?result=mismatch&component=game-backend%2Fslots',
      );
      rendered.unmount();
    }
  });

  it('is not shown, nor asked for, to other roles', async () => {
    for (const role of ['qa', 'support', 'accountant', 'visitor'] as const) {
      const api = withAlert();
      const rendered = await open(api, role);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull();
      expect(api.requestsTo('/api/alerts')).toEqual([]);
      rendered.unmount();
    }
  });

  it('shows nothing without open alerts', async () => {
    const api = new FakeCpvApi();
    await open(api);
    await waitFor(() => expect(api.requestsTo('/api/alerts')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull();
  });

  it('acknowledges an alert after its subject is typed; it is then gone', { timeout: 20_000 }, async () => {
    const api = withAlert();
    const { user } = await open(api, 'developer', 'de');
    const region = await screen.findByRole('region', { name: 'Alarme' });
    await user.click(within(region).getByRole('button', { name: 'Bestätigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alarm bestätigen?' });
    const confirm = within(dialog).getByRole('button', { name: 'Bestätigen' });
    await user.type(within(dialog).getByTestId('confirm-input'), 'game-backend/slot');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByTestId('confirm-input'), 's');
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Alarme' })).toBeNull());
    const [posted] = api.requests.filter((request) => request.method === 'POST');
    expect(posted?.url.pathname).toBe(`/api/alerts/${api.alerts[0]!.id}/acknowledge`);
    expect(await screen.findByText('Der Alarm wurde bestätigt.')).toBeTruthy();
  });

  it('says so when someone else acknowledged it first, and shows what is still open', async () => {
    const api = withAlert();
    api.addAlert({ subject: 'game:alpha@1.0.0' });
    const { user } = await open(api);
    const region = await screen.findByRole('region', { name: 'Alerts' });
    expect(within(region).getAllByRole('button', { name: 'Acknowledge' })).toHaveLength(2);
    // Meanwhile acknowledged elsewhere.
    api.alerts[0]!.acknowledgedAt = '2025-03-10T09:00:00.000Z';
    await user.click(within(region).getAllByRole('button', { name: 'Acknowledge' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert?' });
    await user.type(within(dialog).getByTestId('confirm-input'), 'game:alpha@1.0.0');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Someone has already acknowledged this alert.')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Alerts' })).getAllByRole('button', {
          name: 'Acknowledge',
        }),
      ).toHaveLength(1),
    );
  });
});
