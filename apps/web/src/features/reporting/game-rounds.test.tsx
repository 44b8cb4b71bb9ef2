import type { Language, Role } from '@backoffice/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { instantOf } from '../../components/inputs/date-time-input';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeGameRoundsApi } from '../../test/fake-game-rounds-api';
import { renderRoutes } from '../../test/render';
import { plain, rowsOf, waitForRows as waitForTableRows } from '../../test/tables';
import { testSession } from '../../test/sessions';
import { GameRoundsPage } from './index';

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

const routes: RouteObject[] = [
  {
    path: '/reporting',
    ...crumb('nav.groups.reporting', false),
    children: [{ path: 'game-rounds', ...crumb('nav.gameRounds'), element: <GameRoundsPage /> }],
  },
];

const URL_BASE = '/reporting/game-rounds';

async function openScreen(
  api: FakeGameRoundsApi,
  url = URL_BASE,
  language: Language = 'en',
  role: Role = 'admin',
) {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession(role) });
}

function resultTable(): HTMLElement {
  return screen.getByRole('table', { name: /^(Game rounds|Spielrunden)$/ });
}

/** The body rows of the result table as their cells' text. */
const resultRows = () => rowsOf(resultTable());

const waitForRows = (count: number) => waitForTableRows(resultTable, count);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('game rounds search', () => {
  it('lists the rounds newest first, with money in its currency and translated statuses', async () => {
    const api = new FakeGameRoundsApi();
    api.add({ roundId: 'r-old', minute: 1, currency: 'USD', debit: 1234, credit: 50, totalWin: 50 });
    api.add({ roundId: 'r-new', minute: 5, status: 'open', debit: 250_000, casinoId: 'casino-mt' });
    await openScreen(api);

    const rows = await waitForRows(2);
    expect(rows[0]!.slice(1, 6)).toEqual(['casino-mt', 'r-new', 'player-1', 'book-of-stars', 'Open']);
    expect(rows[0]!.slice(6)).toEqual(['€2,500.00', '€0.00', '€0.00']);
    expect(rows[1]!.slice(1, 3)).toEqual(['casino-de', 'r-old']);
    expect(rows[1]!.slice(5)).toEqual(['Completed', '$12.34', '$0.50', '$0.50']);
    const started = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
    expect(rows[1]![0]).toBe(plain(started.format(new Date('2025-03-01T10:01:30Z'))));
    expect(screen.getByTestId('rounds-shown').textContent).toBe('2 rounds shown');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.searches()).toEqual([{}]);
  });

  it('writes amounts and statuses the German way', async () => {
    const api = new FakeGameRoundsApi();
    api.add({ roundId: 'r-1', currency: 'USD', debit: 123_456, status: 'autoCloseFailed' });
    await openScreen(api, URL_BASE, 'de');
    const [row] = await waitForRows(1);
    expect(row![5]).toBe('Automatisches Schließen fehlgeschlagen');
    expect(row![6]).toBe('1.234,56 $');
    expect(screen.getByRole('columnheader', { name: 'Einsatz' })).toBeTruthy();
  });

  it('says "No data found." when nothing matches, in the user’s language', async () => {
    await openScreen(new FakeGameRoundsApi());
    expect(await screen.findByText('No data found.')).toBeTruthy();
    await openScreen(new FakeGameRoundsApi(), URL_BASE, 'de');
    expect(await screen.findByText('Keine Daten gefunden.')).toBeTruthy();
  });

  it(
    'loads further pages with the server’s cursor until there are no more',
    { timeout: 20_000 },
    async () => {
      const api = new FakeGameRoundsApi();
      for (let minute = 0; minute < 105; minute += 1)
        api.add({ roundId: `r-${minute}`, minute, playerId: 'p' });
      const { user } = await openScreen(api, `${URL_BASE}?playerId=p`);

      await waitForRows(50);
      expect(resultRows()[0]![2]).toBe('r-104');
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitForRows(100);
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      const rows = await waitForRows(105);
      expect(rows.map((row) => row[2])).toEqual(Array.from({ length: 105 }, (_, i) => `r-${104 - i}`));
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      expect(screen.getByTestId('rounds-shown').textContent).toBe('105 rounds shown');
      // Each further page asks for the same search after the cursor of the page before.
      expect(api.searches()).toEqual([
        { playerId: 'p' },
        { playerId: 'p', after: 'cursor-50' },
        { playerId: 'p', after: 'cursor-100' },
      ]);
    },
  );

  it('searches with the form and keeps the search in the URL', async () => {
    const api = new FakeGameRoundsApi();
    api.add({ roundId: 'r-1', playerId: 'alice', casinoId: 'casino-de', status: 'open' });
    api.add({ roundId: 'r-2', playerId: 'alice', casinoId: 'casino-mt', status: 'open' });
    api.add({ roundId: 'r-3', playerId: 'bob', casinoId: 'casino-de', status: 'open' });
    api.names.casinos.set('casino-de', 'Casino Deutschland');
    api.names.casinos.set('casino-mt', 'Casino Malta');
    // An accountant may not open the casino list, yet picks casinos by name.
    const { user, router } = await openScreen(api, URL_BASE, 'en', 'accountant');
    await waitForRows(3);

    const form = within(screen.getByRole('form', { name: 'Search game rounds' }));
    await user.type(form.getByLabelText('Player id'), '  alice ');
    await user.type(form.getByLabelText('Casinos', { selector: 'input' }), 'deutsch');
    await user.click(await screen.findByRole('option', { name: 'Casino Deutschland (casino-de)' }));
    await user.click(form.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Open' }));
    await user.click(form.getByRole('button', { name: 'Search' }));

    const rows = await waitForRows(1);
    expect(rows[0]![2]).toBe('r-1');
    expect(api.searches().at(-1)).toEqual({ playerId: 'alice', casinoIds: 'casino-de', status: 'open' });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      playerId: 'alice',
      casinoIds: 'casino-de',
      status: 'open',
    });

    await user.click(form.getByRole('button', { name: 'Reset' }));
    await waitForRows(3);
    expect(router.state.location.search).toBe('');
    expect((form.getByLabelText('Player id') as HTMLInputElement).value).toBe('');
  });

  it('offers readers of game rounds without reports the names from the game-round dimensions', async () => {
    const api = new FakeGameRoundsApi();
    api.add({ roundId: 'r-1', gameId: 'book-of-stars' });
    api.add({ roundId: 'r-2', gameId: 'retired-game' });
    api.names.games.set('book-of-stars', 'Book of Stars');
    const { user } = await openScreen(api, URL_BASE, 'de', 'support');
    await waitForRows(2);

    const form = within(screen.getByRole('form', { name: 'Spielrunden suchen' }));
    await user.click(form.getByLabelText('Spiele', { selector: 'input' }));
    // A game without a name (deleted) is offered by its id.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Book of Stars (book-of-stars)',
      'retired-game',
    ]);
    const asked = api.requests.map((request) => request.url.pathname);
    expect(asked).toContain('/api/game-rounds/dimensions');
    expect(asked).not.toContain('/api/reports/dimensions');
  });

  it('lets ids be typed when the choices cannot be loaded', async () => {
    const api = new FakeGameRoundsApi();
    api.add({ roundId: 'r-1', casinoId: 'casino-de' });
    api.add({ roundId: 'r-2', casinoId: 'casino-mt' });
    api.dimensionsError = 'INTERNAL';
    const { user } = await openScreen(api, URL_BASE, 'en', 'accountant');
    await waitForRows(2);

    const form = within(screen.getByRole('form', { name: 'Search game rounds' }));
    const casinos = await waitFor(() => {
      const input = form.getByLabelText('Casinos', { selector: 'input' }) as HTMLInputElement;
      expect(input.placeholder).toBe('Type ids, all when empty');
      return input;
    });
    await user.type(casinos, 'casino-mt,');
    await user.click(form.getByRole('button', { name: 'Search' }));
    await waitForRows(1);
    expect(api.searches().at(-1)).toEqual({ casinoIds: 'casino-mt' });
  });

  it('starts from a search in the URL, form filled in', async () => {
    const api = new FakeGameRoundsApi();
    api.add({ roundId: 'r-1', providerRoundId: 'prov-9', gameId: 'cosmic-cash' });
    api.add({ roundId: 'r-2' });
    api.names.games.set('cosmic-cash', 'Cosmic Cash');
    await openScreen(
      api,
      `${URL_BASE}?roundId=r-1&providerRoundId=prov-9&gameIds=cosmic-cash,book-of-stars&status=bogus`,
      'en',
      'accountant',
    );
    const rows = await waitForRows(1);
    expect(rows[0]![2]).toBe('r-1');
    // A value the API would refuse (status) is left out.
    expect(api.searches()).toEqual([
      { roundId: 'r-1', providerRoundId: 'prov-9', gameIds: 'cosmic-cash,book-of-stars' },
    ]);
    const form = within(screen.getByRole('form', { name: 'Search game rounds' }));
    expect((form.getByLabelText('Round id') as HTMLInputElement).value).toBe('r-1');
    expect((form.getByLabelText('Game provider round id') as HTMLInputElement).value).toBe('prov-9');
    // The chosen games show their names once the choices have come.
    const games = form.getByLabelText('Games', { selector: 'input' }).closest('.mantine-MultiSelect-root');
    await waitFor(() => expect(games?.textContent).toContain('Cosmic Cash (cosmic-cash)'));
    expect(games?.textContent).toContain('book-of-stars');
  });

  it('searches a start range given as local date and time', async () => {
    const api = new FakeGameRoundsApi();
    api.add({ roundId: 'r-1' });
    const { user } = await openScreen(api);
    await waitForRows(1);
    const form = within(screen.getByRole('form', { name: 'Search game rounds' }));

    await user.type(form.getByLabelText('Started from'), '03/01/2025');
    await user.type(form.getByLabelText('Time of Started from'), '09:30');
    await user.type(form.getByLabelText('Started until'), '03/02/2025');
    await user.click(form.getByRole('button', { name: 'Search' }));

    await waitFor(() =>
      expect(api.searches().at(-1)).toEqual({
        from: instantOf('2025-03-01', '09:30'),
        to: instantOf('2025-03-02', null, true),
      }),
    );
  });

  it('refuses a range that ends before it starts, without searching', async () => {
    const api = new FakeGameRoundsApi();
    const { user } = await openScreen(api, URL_BASE, 'de');
    await screen.findByText('Keine Daten gefunden.');
    const form = within(screen.getByRole('form', { name: 'Spielrunden suchen' }));
    await user.type(form.getByLabelText('Gestartet ab'), '02.03.2025');
    await user.type(form.getByLabelText('Gestartet bis'), '01.03.2025');
    await user.click(form.getByRole('button', { name: 'Suchen' }));
    expect(await form.findByText('Darf nicht vor dem Beginn des Zeitraums liegen.')).toBeTruthy();
    expect(api.searches()).toHaveLength(1);
  });

  it('shows a failed search as the catalogue message', async () => {
    const api = new FakeGameRoundsApi();
    api.searchError = 'VALIDATION_FAILED';
    await openScreen(api);
    expect(await screen.findByText('The input is not valid.')).toBeTruthy();
  });
});

describe('game round details', () => {
  function withDetails(): FakeGameRoundsApi {
    const api = new FakeGameRoundsApi();
    api.add({
      roundId: 'r-7',
      casinoId: 'casino-mt',
      providerRoundId: 'prov-7',
      integrationId: 'beta',
      playerId: 'carol',
      gameId: 'cosmic-cash',
      currency: 'USD',
      debit: 250,
      credit: 1_000,
      totalWin: 1_000,
      voucherCode: 'SPRING',
      fundsAtStart: 5_000,
      fundsAtEnd: 5_750,
      displayedOutcome: { reels: [[1, 2, 3]], win: 1000 },
      moneySplit: { real: 150, bonus: 60, voucher: 40 },
    });
    api.add({ roundId: 'r-8', casinoId: 'casino-de' });
    return api;
  }

  /** The detail fields of the open drawer as name → value. */
  function detailFields(): Record<string, string> {
    const table = screen.getByRole('table', { name: 'Fields of the round' });
    return Object.fromEntries(
      within(table)
        .getAllByRole('row')
        .map((row) => [
          plain(row.querySelector('th')!.textContent),
          plain(row.querySelector('td')!.textContent),
        ]),
    );
  }

  it('opens a round from its row, with every field, the outcome as JSON and the money split', async () => {
    const api = withDetails();
    const { user, router } = await openScreen(api);
    await waitForRows(2);
    await user.click(screen.getByRole('cell', { name: 'r-7' }));

    const dialog = await screen.findByRole('dialog', { name: 'Round r-7 of casino-mt' });
    await within(dialog).findByRole('table', { name: 'Fields of the round' });
    expect(detailFields()).toMatchObject({
      Casino: 'casino-mt',
      'Round id': 'r-7',
      'Game provider round id': 'prov-7',
      Integration: 'beta',
      'Player id': 'carol',
      Game: 'cosmic-cash',
      Status: 'Completed',
      Currency: 'USD',
      Debit: '$2.50',
      Credit: '$10.00',
      'Total win': '$10.00',
      'Voucher code': 'SPRING',
      'Funds at start': '$50.00',
      'Funds at end': '$57.50',
    });
    const split = within(dialog).getByRole('table', { name: 'Money split of the bet' });
    expect(plain(split.textContent)).toBe('Real money$1.50Bonus money$0.60Voucher money$0.40');
    const outcome = within(dialog).getByLabelText('Displayed outcome');
    expect(JSON.parse(outcome.textContent!)).toEqual({ reels: [[1, 2, 3]], win: 1000 });
    expect(outcome.textContent).toContain('\n  "reels"');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      casino: 'casino-mt',
      round: 'r-7',
    });
    expect(api.detailRequests()).toEqual(['casino-mt/r-7']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('opens the round of the URL, and says when the platform reported no split or outcome', async () => {
    const api = withDetails();
    await openScreen(api, `${URL_BASE}?playerId=player-1&casino=casino-de&round=r-8`, 'de');
    const dialog = await screen.findByRole('dialog', { name: 'Runde r-8 von casino-de' });
    expect(await within(dialog).findByText('Die Plattform hat keine Aufteilung gemeldet.')).toBeTruthy();
    expect(within(dialog).getByText('Die Plattform hat kein angezeigtes Ergebnis gemeldet.')).toBeTruthy();
    expect(api.searches()).toEqual([{ playerId: 'player-1' }]);
  });

  it('says when the round does not exist (or is outside the reader’s scope)', async () => {
    const api = withDetails();
    await openScreen(api, `${URL_BASE}?casino=casino-de&round=r-7`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The record does not exist (any more).')).toBeTruthy();
  });
});
