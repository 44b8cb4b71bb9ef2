/**
 * The API keys panel of the integration screen: the list, creating a key that is shown once in a dialog
 * (with copy and the warning), revoking behind the typed prefix, and no actions for roles that only look.
 */
import type { Language, Role } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { FakeIntegrationsApi } from '../../test/fake-integrations-api';
import { fieldError, renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { IntegrationDetailPage } from './index';

const routes: RouteObject[] = [
  {
    path: '/integrations/manage',
    handle: { crumb: 'nav.integrations', linkable: true },
    children: [
      {
        path: ':id',
        handle: { crumb: 'crumbs.details', linkable: true },
        element: <IntegrationDetailPage />,
      },
    ],
  },
];

const USED_AT = '2025-03-04T05:06:00.000Z';
const REVOKED_AT = '2025-03-05T08:00:00.000Z';

/** Integration acme with a key in use and a revoked one; integration beta with a key of its own. */
function seeded(): FakeIntegrationsApi {
  const api = new FakeIntegrationsApi();
  api.addIntegration({ id: 'acme', name: 'ACME Platform' });
  api.addIntegration({ id: 'beta', name: 'Beta Games' });
  api.addApiKey('acme', 'Old platform', { prefix: 'bok_Old00000', revokedAt: REVOKED_AT });
  api.addApiKey('acme', 'Production', { prefix: 'bok_Prod1234', lastUsedAt: USED_AT });
  api.addApiKey('beta', 'Beta key', { prefix: 'bok_Beta0000' });
  return api;
}

async function openScreen(api: FakeIntegrationsApi, language: Language = 'en', role: Role = 'admin') {
  api.install();
  const rendered = await renderRoutes(routes, {
    initialEntries: ['/integrations/manage/acme'],
    language,
    session: testSession(role),
  });
  await screen.findByRole('heading', { level: 1, name: 'ACME Platform' });
  return rendered;
}

const panel = () => within(screen.getByTestId('api-keys'));

/** The cells of the keys table's body rows, as text. */
async function keyRows(): Promise<string[][]> {
  const table = await panel().findByRole('table');
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
  act(() => {
    notifications.clean();
  });
});

describe('API keys of an integration', { timeout: 30_000 }, () => {
  it('lists the keys of this integration, newest first, without the keys themselves', async () => {
    const api = seeded();
    const created = (name: string) => [...api.apiKeys.values()].find((key) => key.name === name)!.createdAt;
    await openScreen(api);
    expect(await keyRows()).toEqual([
      [
        'Production',
        'bok_Prod1234…',
        formatDateTime(created('Production'), 'en'),
        'Ada Admin',
        formatDateTime(USED_AT, 'en'),
        'Valid',
        'Revoke',
      ],
      [
        'Old platform',
        'bok_Old00000…',
        formatDateTime(created('Old platform'), 'en'),
        'Ada Admin',
        'never',
        `Revoked ${formatDateTime(REVOKED_AT, 'en')}`,
        '',
      ],
    ]);
    expect(panel().queryByText('Beta key')).toBeNull();
    expect(api.sent('GET', '/api/integrations/acme/api-keys')).toHaveLength(1);
  });

  it('creates a key and shows it once, with copy and the warning that it is not shown again', async () => {
    const api = seeded();
    const { user } = await openScreen(api);
    await keyRows();

    await user.type(panel().getByLabelText(/^Name/), 'Staging');
    await user.click(panel().getByRole('button', { name: 'Create API key' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'API key Staging created' }));
    await waitFor(() => expect(api.issuedKeys).toHaveLength(1));
    const key = api.issuedKeys[0]!;
    expect(api.sent('POST', '/api/integrations/acme/api-keys')[0]!.body).toEqual({ name: 'Staging' });
    expect(dialog.getByTestId('created-api-key').textContent).toBe(key);
    expect(dialog.getByText('Copy the key now')).toBeTruthy();
    expect(
      dialog.getByText(
        'This is the only time the key is shown: it is not stored and cannot be shown again. If it gets lost, revoke it and create a new one.',
      ),
    ).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(key);
    expect(dialog.getByRole('button', { name: 'Copied' })).toBeTruthy();

    // The list shows the new key by its prefix only; the name field is empty again.
    await waitFor(async () =>
      expect((await keyRows())[0]!.slice(0, 2)).toEqual(['Staging', `${key.slice(0, 12)}…`]),
    );
    expect((panel().getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');

    await user.click(dialog.getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Gone for good: nowhere on the screen, and nothing asks the server for it again.
    expect(document.body.textContent).not.toContain(key);
    expect(document.body.textContent).toContain(key.slice(0, 12));
    expect(api.sent('POST')).toHaveLength(1);
  });

  it('asks for a name before creating a key', async () => {
    const api = seeded();
    const { user } = await openScreen(api, 'de');
    await keyRows();
    await user.type(panel().getByLabelText(/^Name/), '   ');
    await user.click(panel().getByRole('button', { name: 'API-Schlüssel anlegen' }));
    expect(fieldError(panel().getByLabelText(/^Name/))).toBe('Dieses Feld ist erforderlich.');
    expect(api.sent('POST')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('revokes a key only after its prefix is typed', async () => {
    const api = seeded();
    const { user } = await openScreen(api);
    await keyRows();

    await user.click(panel().getByRole('button', { name: 'Revoke Production' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke API key Production?' }));
    expect(
      dialog.getByText(
        'From now on every request of the platform with this key is refused. A revoked key cannot be used again; give the platform a new one.',
      ),
    ).toBeTruthy();
    const confirm = dialog.getByRole('button', { name: 'Revoke' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(dialog.getByTestId('confirm-input'), 'Production');
    expect(confirm.disabled).toBe(true);
    await user.click(confirm);
    expect(api.sent('POST')).toHaveLength(0);

    await user.clear(dialog.getByTestId('confirm-input'));
    await user.type(dialog.getByTestId('confirm-input'), 'bok_Prod1234');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [id] = [...api.apiKeys.values()].filter((apiKey) => apiKey.name === 'Production').map((k) => k.id);
    expect(api.sent('POST').map((request) => request.url.pathname)).toEqual([
      `/api/integrations/acme/api-keys/${id}/revoke`,
    ]);
    const revokedAt = api.apiKeys.get(id!)!.revokedAt!;
    await waitFor(async () =>
      expect((await keyRows())[0]!.slice(5)).toEqual([`Revoked ${formatDateTime(revokedAt, 'en')}`, '']),
    );
    expect(await screen.findByText('API key revoked.')).toBeTruthy();
    expect(panel().queryByRole('button', { name: /^Revoke/ })).toBeNull();
  });

  it('cancelling the confirmation revokes nothing', async () => {
    const api = seeded();
    const { user } = await openScreen(api, 'de');
    await keyRows();
    await user.click(panel().getByRole('button', { name: 'Production widerrufen' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'API-Schlüssel Production widerrufen?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST')).toHaveLength(0);
    expect((await keyRows())[0]![5]).toBe('Gültig');
  });

  it.each<Role>(['visitor', 'qa'])('shows %s the keys but neither create nor revoke', async (role) => {
    const api = seeded();
    await openScreen(api, 'en', role);
    const rows = await keyRows();
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['Production', 'bok_Prod1234…'],
      ['Old platform', 'bok_Old00000…'],
    ]);
    expect(rows[0]).toHaveLength(6);
    expect(panel().queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(panel().queryByLabelText(/^Name/)).toBeNull();
    expect(panel().queryByRole('button', { name: /^Revoke/ })).toBeNull();
    expect(panel().queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
