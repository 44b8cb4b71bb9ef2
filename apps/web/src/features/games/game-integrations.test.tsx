import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { GameIntegrationsPage } from './index';

afterEach(() => vi.unstubAllGlobals());

it('shows for each game the casinos and integrations it is in, and its state there', async () => {
  const requests: RecordedRequest[] = [];
  stubFetch((request) => {
    requests.push(request);
    return jsonResponse(200, {
      items: [
        {
          gameId: 'alpha',
          name: 'Alpha Reels',
          casinos: [
            { id: 'casino-a', name: 'Casino A', active: true },
            { id: 'casino-b', name: 'Casino B', active: false },
          ],
          integrations: [{ id: 'int-1', name: 'Integration 1', active: true }],
        },
        { gameId: 'beta', name: 'Beta Gems', casinos: [], integrations: [] },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    });
  });
  await renderRoutes([{ path: '/games/integrations', element: <GameIntegrationsPage /> }], {
    initialEntries: ['/games/integrations?q=a'],
    session: testSession('visitor'),
  });

  const casinoA = await screen.findByRole('link', { name: 'Casino A' });
  expect(casinoA.getAttribute('href')).toBe('/casinos/manage/casino-a');
  expect(casinoA.closest('.mantine-Badge-root')?.textContent).toBe('Casino A · aktiv');
  expect(screen.getByRole('link', { name: 'Casino B' }).closest('.mantine-Badge-root')?.textContent).toBe(
    'Casino B · inaktiv',
  );
  expect(screen.getByRole('link', { name: 'Integration 1' }).getAttribute('href')).toBe(
    '/integrations/games/int-1',
  );
  const betaRow = screen.getByRole('link', { name: 'beta' }).closest('tr')!;
  expect(within(betaRow).getAllByText('—')).toHaveLength(2);
  expect(requests[0]!.url.pathname).toBe('/api/game-assignments');
  expect(requests[0]!.url.searchParams.get('q')).toBe('a');
});
