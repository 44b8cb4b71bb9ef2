import type { Language, Role } from '@backoffice/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeSupportApi } from '../../test/fake-support-api';
import { renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import { PlayerPage } from './index';

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

const routes: RouteObject[] = [
  {
    path: '/support',
    ...crumb('nav.groups.support', false),
    children: [{ path: 'player', ...crumb('nav.player'), element: <PlayerPage /> }],
  },
];

const URL_BASE = '/support/player';

async function openScreen(
  api: FakeSupportApi,
  url = URL_BASE,
  language: Language = 'en',
  role: Role = 'admin',
) {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession(role) });
}

/** Text with the no-break spaces of Intl as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The body rows of a table as their cells' text. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table.querySelector('tbody')!)
    .queryAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    );
}

/** The player's fields table as field → shown text. */
function fieldsOf(table: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        plain(within(row).getByRole('rowheader').textContent),
        plain(within(row).getByRole('cell').textContent),
      ]),
  );
}

/** Players of two casinos: Alice with rounds (one open) and savegames, and two more. */
function playersApi(role: Role = 'admin'): FakeSupportApi {
  const api = new FakeSupportApi(role);
  api.casinoNames.set('casino-de', 'Casino Deutschland');
  api.casinoNames.set('casino-mt', 'Casino Malta');
  api.addPlayer({
    playerId: 'p-1',
    nickName: 'Lucky',
    email: 'alice@example.com',
    firstName: 'Alice',
    lastName: 'Adler',
    city: 'Berlin',
    dateOfBirth: '1990-04-05',
    gender: 'f',
  });
  api.addPlayer({ playerId: 'p-2', casinoId: 'casino-mt', nickName: 'Spinner', email: 'bob@example.com' });
  api.addPlayer({ playerId: 'p-3', nickName: 'Alicorn', email: 'carol@example.com' });
  api.addRound({ roundId: 'r-old', playerId: 'p-1', minute: 1, currency: 'USD', debit: 1234 });
  api.addRound({ roundId: 'r-open', playerId: 'p-1', minute: 5, status: 'open', debit: 250_000 });
  api.addRound({ roundId: 'r-other', playerId: 'p-2', casinoId: 'casino-mt' });
  api.addSavegame({ playerId: 'p-1', gameId: 'book-of-stars' });
  api.addSavegame({ playerId: 'p-1', gameId: 'gold-rush', restorable: false });
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('player look-up', () => {
  it('searches by text, opens a player with fields, rounds and savegames, all in the URL', async () => {
    const api = playersApi();
    const { user, router } = await openScreen(api);
    expect(screen.getByText('Enter a player id or a text to search for, then choose "Search".')).toBeTruthy();
    expect(api.searches()).toEqual([]);

    const form = within(screen.getByRole('form', { name: 'Search players' }));
    await user.type(form.getByLabelText('Nickname, e-mail or name'), ' ali ');
    await user.click(form.getByRole('button', { name: 'Search' }));

    const results = await screen.findByRole('table', { name: 'Players' });
    await waitFor(() => expect(rowsOf(results)).toHaveLength(2));
    expect(rowsOf(results)).toEqual([
      ['casino-de', 'p-1', 'Lucky', 'Alice Adler', 'alice@example.com'],
      ['casino-de', 'p-3', 'Alicorn', '', 'carol@example.com'],
    ]);
    expect(api.searches()).toEqual([{ q: 'ali' }]);
    expect(router.state.location.search).toBe('?q=ali');

    await user.click(within(results).getByRole('button', { name: 'p-1' }));
    const player = await screen.findByRole('region', { name: 'Player p-1 in casino-de' });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('ali');
    expect(new URLSearchParams(router.state.location.search).get('casino')).toBe('casino-de');
    expect(new URLSearchParams(router.state.location.search).get('player')).toBe('p-1');

    const fields = fieldsOf(await within(player).findByRole('table', { name: 'Player data' }));
    expect(fields).toMatchObject({
      Integration: 'acme',
      Casino: 'casino-de',
      'Player id': 'p-1',
      Language: 'de',
      Country: 'DE',
      'E-mail': 'alice@example.com',
      Jurisdiction: 'MGA',
      'First name': 'Alice',
      'Last name': 'Adler',
      Nickname: 'Lucky',
      City: 'Berlin',
      'Date of birth': 'Apr 5, 1990',
      Gender: 'f',
    });
    expect(Object.keys(fields)).toHaveLength(15);

    const rounds = within(player).getByRole('table', { name: 'Last game rounds' });
    const roundRows = rowsOf(rounds);
    expect(roundRows.map((row) => row.slice(1))).toEqual([
      ['r-open', 'book-of-stars', 'Open', '€2,500.00', '€0.00', '€0.00'],
      ['r-old', 'book-of-stars', 'Completed', '$12.34', '$0.00', '$0.00'],
    ]);
    // The open round stands out (a filled badge); settled ones do not.
    const badge = (status: string) => within(rounds).getByText(status).closest('.mantine-Badge-root');
    expect(badge('Open')?.getAttribute('data-variant')).toBe('filled');
    expect(badge('Completed')?.getAttribute('data-variant')).toBe('light');
    // A round opens in support's round screen, with its casino.
    const link = within(rounds).getByRole('link', { name: 'r-open' });
    expect(link.getAttribute('href')).toBe('/support/last-game-rounds/r-open?casinoId=casino-de');
    expect(within(player).queryByRole('link', { name: /More rounds/ })).toBeNull();

    const savegames = within(player).getByRole('table', { name: 'Savegames' });
    expect(rowsOf(savegames).map((row) => [row[0], row[3]])).toEqual([
      ['book-of-stars', 'Yes'],
      ['gold-rush', 'No'],
    ]);
  });

  it('opens the search and the player straight from the URL, and links to more rounds', async () => {
    const api = playersApi();
    for (let minute = 10; minute < 30; minute += 1)
      api.addRound({ roundId: `r-${minute}`, playerId: 'p-1', minute });
    await openScreen(api, `${URL_BASE}?casinoId=casino-de&playerId=p-1&casino=casino-de&player=p-1`);

    const results = await screen.findByRole('table', { name: 'Players' });
    await waitFor(() => expect(rowsOf(results)).toHaveLength(1));
    const form = within(screen.getByRole('form', { name: 'Search players' }));
    expect((form.getByLabelText('Player id') as HTMLInputElement).value).toBe('p-1');
    expect(api.searches()).toEqual([{ casinoId: 'casino-de', playerId: 'p-1' }]);

    const player = await screen.findByRole('region', { name: 'Player p-1 in casino-de' });
    const rounds = await within(player).findByRole('table', { name: 'Last game rounds' });
    expect(rowsOf(rounds)).toHaveLength(20);
    expect(rowsOf(rounds)[0]![1]).toBe('r-29');
    const more = within(player).getByRole('link', {
      name: 'More rounds of this player in the game-round search',
    });
    const target = new URL(more.getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe('/reporting/game-rounds');
    expect(Object.fromEntries(target.searchParams)).toEqual({ playerId: 'p-1', casinoIds: 'casino-de' });
    expect(api.detailRequests()).toEqual(['casino-de/p-1']);
  });

  it('says "No data found." for a search without players, and sends no search that is too short; casinos by name', async () => {
    const api = playersApi();
    const { user } = await openScreen(api);
    const form = within(screen.getByRole('form', { name: 'Search players' }));
    await user.type(form.getByLabelText('Nickname, e-mail or name'), 'x');
    await user.click(form.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter at least 2 characters.')).toBeTruthy();
    expect(api.searches()).toEqual([]);

    // Lucky plays in casino-de: in the Malta casino, chosen by name, nobody matches.
    await user.clear(form.getByLabelText('Nickname, e-mail or name'));
    await user.type(form.getByLabelText('Nickname, e-mail or name'), 'luck');
    await user.type(form.getByLabelText('Casino', { selector: 'input' }), 'malta');
    await user.click(await screen.findByRole('option', { name: 'Casino Malta (casino-mt)' }));
    await user.click(form.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No data found.')).toBeTruthy();
    expect(api.searches()).toEqual([{ casinoId: 'casino-mt', q: 'luck' }]);
  });

  it('shows a role without personal data the hidden note instead of e-mail and names, in German', async () => {
    const api = playersApi('qa');
    const { user } = await openScreen(api, URL_BASE, 'de', 'qa');
    const form = within(screen.getByRole('form', { name: 'Spieler suchen' }));
    // Only the nickname is searched for this role: "alice" is part of an e-mail, not of a nickname.
    await user.type(form.getByLabelText('Nickname'), 'alice');
    await user.click(form.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByText('Keine Daten gefunden.')).toBeTruthy();

    await user.clear(form.getByLabelText('Nickname'));
    await user.type(form.getByLabelText('Nickname'), 'luck');
    await user.click(form.getByRole('button', { name: 'Suchen' }));
    const results = await screen.findByRole('table', { name: 'Spieler' });
    await waitFor(() => expect(rowsOf(results)).toHaveLength(1));
    expect(rowsOf(results)[0]).toEqual([
      'casino-de',
      'p-1',
      'Lucky',
      'Für Ihre Rolle nicht sichtbar',
      'Für Ihre Rolle nicht sichtbar',
    ]);
    expect(screen.queryByText('alice@example.com')).toBeNull();

    await user.click(within(results).getByRole('button', { name: 'p-1' }));
    const player = await screen.findByRole('region', { name: 'Spieler p-1 in casino-de' });
    const fields = fieldsOf(await within(player).findByRole('table', { name: 'Spielerdaten' }));
    for (const name of ['E-Mail', 'Vorname', 'Nachname', 'Stadt', 'Geburtsdatum', 'Geschlecht'])
      expect(fields[name]).toBe('Für Ihre Rolle nicht sichtbar');
    expect(fields['Nickname']).toBe('Lucky');
    expect(fields['Land']).toBe('DE');

    const rounds = within(player).getByRole('table', { name: 'Letzte Spielrunden' });
    expect(rowsOf(rounds).map((row) => row.slice(3, 5))).toEqual([
      ['Offen', '2.500,00 €'],
      ['Abgeschlossen', '12,34 $'],
    ]);
    const savegames = within(player).getByRole('table', { name: 'Spielstände' });
    expect(rowsOf(savegames).map((row) => row[3])).toEqual(['Ja', 'Nein']);
  });
});
