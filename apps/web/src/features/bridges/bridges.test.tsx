import { errorCatalogue, type Bridge, type ErrorCode, type Language } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch';
import { fieldError, renderRoutes, shownValue } from '../../test/render';
import { testSession } from '../../test/sessions';
import { BridgeCreatePage, BridgeDetailPage, BridgesListPage } from './index';

const ID = '00000000-0000-4000-8000-000000000001';
const routes: RouteObject[] = [
  {
    path: '/bridges/manage',
    handle: { crumb: 'nav.bridges', linkable: true },
    children: [
      { index: true, element: <BridgesListPage /> },
      { path: 'create', element: <BridgeCreatePage /> },
      { path: ':id', element: <BridgeDetailPage /> },
    ],
  },
];

const STORED: Bridge = {
  id: ID,
  name: 'Bridge Malta',
  routerUrl: 'https://bridge.example/router',
  properties: { region: 'eu' },
  secretSet: true,
  version: 2,
  createdAt: '2025-01-01T12:00:00.000Z',
  updatedAt: '2025-01-01T12:00:00.000Z',
};

function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

function installApi(answers: { write?: (r: RecordedRequest) => Response; check?: () => Response } = {}) {
  const requests: RecordedRequest[] = [];
  stubFetch((request) => {
    requests.push(request);
    const path = request.url.pathname;
    if (path.endsWith('/health-check'))
      return (answers.check ?? (() => jsonResponse(200, { status: 'ok', protocolVersion: 1 })))();
    if (request.method === 'GET' && path === '/api/bridges') {
      return jsonResponse(200, { items: [STORED], total: 1, page: 1, pageSize: 20 });
    }
    if (request.method === 'GET' && path === `/api/bridges/${ID}`) return jsonResponse(200, STORED);
    if (request.method === 'GET') return errorResponse('BRIDGE_NOT_FOUND');
    return (
      answers.write ??
      ((r) => jsonResponse(r.method === 'POST' ? 201 : 200, { ...STORED, ...(r.body as object), version: 3 }))
    )(request);
  });
  return requests;
}

async function confirm(user: UserEvent, typed: string, label: string) {
  const dialog = within(await screen.findByRole('dialog'));
  await user.type(dialog.getByTestId('confirm-input'), typed);
  await user.click(dialog.getByRole('button', { name: label }));
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('bridges', () => {
  it('lists bridges with their router URL', async () => {
    installApi();
    await renderRoutes(routes, {
      initialEntries: ['/bridges/manage'],
      language: 'en',
      session: testSession(),
    });
    expect(await screen.findByRole('link', { name: 'Bridge Malta' })).toBeTruthy();
    expect(screen.getByText('https://bridge.example/router')).toBeTruthy();
  });

  it('requires a secret on create and sends name, URL, secret and properties after the typed confirmation', async () => {
    const requests = installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: ['/bridges/manage/create'],
      language: 'en',
      session: testSession(),
    });
    await user.type(input(/^Name/), 'Bridge Sweden');
    await user.type(input(/^Router URL/), 'https://se.bridge.example');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fieldError(input(/^Shared secret/))).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(input(/^Shared secret/), 'a-long-shared-secret-value');
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    await user.type(screen.getByRole('textbox', { name: 'Key' }), 'region');
    await user.type(screen.getByRole('textbox', { name: 'Value of region' }), 'nordics');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await confirm(user, 'Bridge Sweden', 'Create');
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'Bridge Sweden',
      routerUrl: 'https://se.bridge.example',
      secret: 'a-long-shared-secret-value',
      properties: { region: 'nordics' },
    });
  });

  it('keeps the stored secret when left empty on save', async () => {
    const requests = installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: [`/bridges/manage/${ID}`],
      language: 'en',
      session: testSession(),
    });
    const secret = (await screen.findByLabelText(/^Shared secret/, {
      selector: 'input',
    })) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toContain('••••••');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await confirm(user, 'Bridge Malta', 'Save');
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      name: 'Bridge Malta',
      routerUrl: 'https://bridge.example/router',
      secret: '',
      properties: { region: 'eu' },
      version: 2,
    });
  });

  it.each<[Language, string, string]>([
    ['de', 'Verbindung prüfen', 'Keine Verbindung zur Bridge.'],
    ['en', 'Check connection', 'No connection to the bridge.'],
  ])(
    'checks the connection and says when the bridge cannot be reached (%s)',
    async (language, button, message) => {
      let reachable = true;
      installApi({
        check: () =>
          reachable
            ? jsonResponse(200, { status: 'ok', protocolVersion: 1 })
            : errorResponse('BRIDGE_UNREACHABLE'),
      });
      const { user } = await renderRoutes(routes, {
        initialEntries: [`/bridges/manage/${ID}`],
        language,
        session: testSession(),
      });
      await user.click(await screen.findByRole('button', { name: button }));
      expect((await screen.findByTestId('bridge-check')).textContent).toContain('1');
      reachable = false;
      await user.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(message)).toBeTruthy();
    },
  );

  it('shows a bridge read-only, without its secret field, to roles that may not change bridges', async () => {
    installApi();
    await renderRoutes(routes, {
      initialEntries: [`/bridges/manage/${ID}`],
      language: 'en',
      session: testSession('qa'),
    });
    expect(await shownValue('Name')).toBe('Bridge Malta');
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    expect(screen.queryByLabelText(/^Shared secret/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check connection' })).toBeTruthy();
  });
});
