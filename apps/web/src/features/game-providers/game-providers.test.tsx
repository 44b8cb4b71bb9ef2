import { errorCatalogue, type ErrorCode, type GameProvider, type Language } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyResponse, jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch';
import { fieldError, renderRoutes, shownValue } from '../../test/render';
import { testSession } from '../../test/sessions';
import { GameProviderCreatePage, GameProviderDetailPage, GameProvidersListPage } from './index';

const routes: RouteObject[] = [
  {
    path: '/game-providers/manage',
    handle: { crumb: 'nav.gameProviders', linkable: true },
    children: [
      { index: true, element: <GameProvidersListPage /> },
      { path: 'create', element: <GameProviderCreatePage /> },
      { path: ':id', element: <GameProviderDetailPage /> },
    ],
  },
];

const STORED: GameProvider = {
  id: 'relax',
  name: 'Relax Gaming',
  api: 'relax',
  config: { apiUrl: 'https://relax.example.com/api', operatorId: '42' },
  secretsSet: ['apiSecret'],
  gameCount: 3,
  version: 4,
  createdAt: '2025-01-01T12:00:00.000Z',
  updatedAt: '2025-01-01T12:00:00.000Z',
};

function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

/** Answers like the server: one stored provider, and a chosen answer for writes. */
function installApi(
  write: (request: RecordedRequest) => Response = (request) =>
    jsonResponse(200, { ...STORED, ...(request.body as object), version: STORED.version + 1 }),
) {
  const requests: RecordedRequest[] = [];
  stubFetch((request) => {
    requests.push(request);
    if (request.method === 'GET' && request.url.pathname === '/api/game-providers') {
      return jsonResponse(200, { items: [STORED], total: 1, page: 1, pageSize: 20 });
    }
    if (request.method === 'GET' && request.url.pathname === '/api/game-providers/relax') {
      return jsonResponse(200, STORED);
    }
    if (request.method === 'GET') return errorResponse('GAME_PROVIDER_NOT_FOUND');
    if (request.method === 'DELETE') return emptyResponse(204);
    return write(request);
  });
  return requests;
}

async function confirm(user: UserEvent, typed: string, label: string) {
  const dialog = within(await screen.findByRole('dialog'));
  await user.type(dialog.getByTestId('confirm-input'), typed);
  await user.click(dialog.getByRole('button', { name: label }));
}

const byLabel = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('game providers', () => {
  it('lists providers with their API and game count', async () => {
    installApi();
    await renderRoutes(routes, {
      initialEntries: ['/game-providers/manage'],
      language: 'en',
      session: testSession(),
    });
    expect(await screen.findByRole('link', { name: 'relax' })).toBeTruthy();
    expect(screen.getByText('Relax Gaming partner API')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create' })).toBeTruthy();
  });

  it('shows only the chosen API’s fields and sends only those, after the typed confirmation', async () => {
    const requests = installApi((request) => jsonResponse(201, { ...STORED, ...(request.body as object) }));
    const { user } = await renderRoutes(routes, {
      initialEntries: ['/game-providers/manage/create'],
      language: 'en',
      session: testSession(),
    });
    await user.type(byLabel(/^Id/), 'nodes');
    await user.type(byLabel(/^Name/), 'Node Games');
    await user.type(byLabel(/^API URL/), 'https://relax.example.com');
    expect(screen.queryByLabelText(/^Node id/)).toBeNull();

    await user.click(byLabel(/^API( \*)?$/));
    await user.click(await screen.findByRole('option', { name: 'RGS node API' }));
    expect(byLabel(/^Node id/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Operator id/)).toBeNull();
    await user.type(byLabel(/^Node id/), '7');
    await user.type(byLabel(/^Salt/), 'pepper');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await confirm(user, 'nodes', 'Create');
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const [post] = requests.filter((r) => r.method === 'POST');
    expect(post!.body).toEqual({
      id: 'nodes',
      name: 'Node Games',
      api: 'rgsNode',
      config: { apiUrl: 'https://relax.example.com', nodeId: '7', salt: 'pepper' },
      clearSecrets: [],
    });
  });

  it('requires the API’s first field before asking to save', async () => {
    const requests = installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: ['/game-providers/manage/create'],
      language: 'en',
      session: testSession(),
    });
    await user.type(byLabel(/^Id/), 'x');
    await user.type(byLabel(/^Name/), 'X');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fieldError(byLabel(/^API URL/))).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it.each<[Language, string]>([
    ['de', 'Der Name des Spieleanbieters ist bereits vergeben.'],
    ['en', 'Game provider name already taken.'],
  ])('shows a taken name under the field (%s)', async (language, message) => {
    installApi(() => errorResponse('GAME_PROVIDER_NAME_TAKEN'));
    const { user } = await renderRoutes(routes, {
      initialEntries: ['/game-providers/manage/relax'],
      language,
      session: testSession(),
    });
    const name = await screen.findByDisplayValue('Relax Gaming');
    await user.clear(name);
    await user.type(name, 'Taken Name');
    await user.click(screen.getByRole('button', { name: language === 'de' ? 'Speichern' : 'Save' }));
    await confirm(user, 'relax', language === 'de' ? 'Speichern' : 'Save');
    await waitFor(() => expect(fieldError(name)).toBe(message));
  });

  it('never shows a stored secret: masked, kept when left empty, removable', async () => {
    const requests = installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: ['/game-providers/manage/relax'],
      language: 'en',
      session: testSession(),
    });
    const secret = (await screen.findByLabelText(/^API secret/, { selector: 'input' })) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toContain('••••••');
    expect(screen.getByText('Stored. Leave empty to keep it.')).toBeTruthy();
    expect(byLabel(/^Id/).readOnly).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await confirm(user, 'relax', 'Save');
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const kept = requests.find((r) => r.method === 'PUT')!.body as Record<string, unknown>;
    expect(kept).toEqual({
      name: 'Relax Gaming',
      api: 'relax',
      config: { apiUrl: 'https://relax.example.com/api', operatorId: '42' },
      clearSecrets: [],
      version: 4,
    });
    // The saved record is the next version: the form starts afresh from it.
    await screen.findByText(/Version 5/);
    expect(requests[0]!.url.pathname).toBe('/api/game-providers/relax');

    await user.click(screen.getByRole('checkbox', { name: 'Remove API secret' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await confirm(user, 'relax', 'Save');
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(
      (requests.filter((r) => r.method === 'PUT')[1]!.body as { clearSecrets: string[] }).clearSecrets,
    ).toEqual(['apiSecret']);
  });

  it('is read-only for a role that may not change the catalogue', async () => {
    installApi();
    await renderRoutes(routes, {
      initialEntries: ['/game-providers/manage/relax'],
      language: 'en',
      session: testSession('visitor'),
    });
    expect(await shownValue('Name')).toBe('Relax Gaming');
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Remove' })).toBeNull();
  });

  it('shows the not-found page for an unknown provider', async () => {
    installApi();
    await renderRoutes(routes, {
      initialEntries: ['/game-providers/manage/unknown'],
      language: 'en',
      session: testSession(),
    });
    expect(await screen.findByText('This page could not be found')).toBeTruthy();
  });
});
