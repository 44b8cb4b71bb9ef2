import { errorCatalogue, type ErrorCode, type GameStudio, type Language } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch';
import { fieldError, renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { GameStudioCreatePage, GameStudioDetailPage, GameStudiosListPage } from './index';

const ID = '00000000-0000-4000-8000-000000000007';
const routes: RouteObject[] = [
  {
    path: '/game-studios/manage',
    children: [
      { index: true, element: <GameStudiosListPage /> },
      { path: 'create', element: <GameStudioCreatePage /> },
      { path: ':id', element: <GameStudioDetailPage /> },
    ],
  },
];

const STORED: GameStudio = {
  id: ID,
  name: 'Northern Lights',
  relaxId: 'nl-1',
  gameCount: 2,
  version: 1,
  createdAt: '2025-01-01T12:00:00.000Z',
  updatedAt: '2025-01-01T12:00:00.000Z',
};

function errorResponse(code: ErrorCode): Response {
  const { status, messages } = errorCatalogue[code];
  return jsonResponse(status, { statusCode: status, code, message: messages.en });
}

function installApi(write: (request: RecordedRequest) => Response) {
  const requests: RecordedRequest[] = [];
  stubFetch((request) => {
    requests.push(request);
    if (request.method === 'GET' && request.url.pathname === '/api/game-studios') {
      return jsonResponse(200, { items: [STORED], total: 1, page: 1, pageSize: 20 });
    }
    if (request.method === 'GET' && request.url.pathname === `/api/game-studios/${ID}`) {
      return jsonResponse(200, STORED);
    }
    if (request.method === 'GET') return errorResponse('GAME_STUDIO_NOT_FOUND');
    return write(request);
  });
  return requests;
}

async function confirm(user: UserEvent, typed: string, label: string) {
  const dialog = within(await screen.findByRole('dialog'));
  await user.type(dialog.getByTestId('confirm-input'), typed);
  await user.click(dialog.getByRole('button', { name: label }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

const texts = {
  de: {
    create: 'Anlegen',
    delete: 'Löschen',
    taken: 'Der Name des Spielstudios ist bereits vergeben.',
    inUse: 'Das Spielstudio ist einem Spiel zugeordnet.',
    games: '2 Spiele',
  },
  en: {
    create: 'Create',
    delete: 'Delete',
    taken: 'Game studio name already taken.',
    inUse: 'Game studio assigned to a game.',
    games: '2 games',
  },
} as const;

describe('game studios', () => {
  it('lists studios with their Relax id and game count', async () => {
    installApi(() => errorResponse('METHOD_NOT_ALLOWED'));
    await renderRoutes(routes, {
      initialEntries: ['/game-studios/manage'],
      language: 'en',
      session: testSession(),
    });
    const row = (await screen.findByRole('link', { name: 'Northern Lights' })).closest('tr')!;
    expect(within(row).getByText('nl-1')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
  });

  it.each<Language>(['de', 'en'])('shows a taken name under the field (%s)', async (language) => {
    const requests = installApi(() => errorResponse('GAME_STUDIO_NAME_TAKEN'));
    const { user } = await renderRoutes(routes, {
      initialEntries: ['/game-studios/manage/create'],
      language,
      session: testSession(),
    });
    const name = (await screen.findByLabelText(/^Name/, { selector: 'input' })) as HTMLInputElement;
    await user.type(name, 'Northern Lights');
    await user.click(screen.getByRole('button', { name: texts[language].create }));
    await confirm(user, 'Northern Lights', texts[language].create);
    await waitFor(() => expect(fieldError(name)).toBe(texts[language].taken));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'Northern Lights', relaxId: '' });
  });

  it.each<Language>(['de', 'en'])('says why a studio with games cannot be deleted (%s)', async (language) => {
    installApi(() => errorResponse('GAME_STUDIO_IN_USE'));
    const { user } = await renderRoutes(routes, {
      initialEntries: [`/game-studios/manage/${ID}`],
      language,
      session: testSession(),
    });
    expect((await screen.findByRole('link', { name: texts[language].games })).getAttribute('href')).toBe(
      `/games/manage?studioId=${ID}`,
    );
    await user.click(screen.getByRole('button', { name: texts[language].delete }));
    await confirm(user, 'Northern Lights', texts[language].delete);
    expect(await screen.findByText(texts[language].inUse)).toBeTruthy();
  });
});
