import type { Language, Role } from '@backoffice/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSupportApi } from '../../test/fake-support-api';
import { fieldsOf, rowsOf, waitForRows } from '../../test/tables';
import { openSupportScreen } from './test-screen';

const URL_BASE = '/support/player';

const openScreen = (api: FakeSupportApi, url = URL_BASE, language: Language = 'en', role: Role = 'admin') =>
  openSupportScreen(api, url, { language, role });

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

describe('deleting savegames', () => {
  const PLAYER = `${URL_BASE}?playerId=p-1&casino=casino-de&player=p-1`;

  async function savegamesOf(role: Role, language: Language = 'en') {
    const api = playersApi(role);
    const rendered = await openScreen(api, PLAYER, language, role);
    const name = language === 'en' ? 'Savegames' : 'Spielstände';
    await waitForRows(() => screen.getByRole('table', { name }), 2);
    return { api, table: screen.getByRole('table', { name }), ...rendered };
  }

  /** Gives the reason, types the game id and confirms the open dialog. */
  async function confirmIn(
    dialog: HTMLElement,
    user: Awaited<ReturnType<typeof openScreen>>['user'],
    gameId: string,
  ) {
    const confirm = within(dialog).getByRole('button', { name: /delete$/ }) as HTMLButtonElement;
    await user.type(within(dialog).getByLabelText('Confirmation text'), gameId);
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Player asked for a fresh start');
    await user.click(confirm);
  }

  it('soft deletes a restorable savegame and hard deletes another, each behind a reason and the typed game id', async () => {
    const { api, table, user } = await savegamesOf('support');
    // A soft delete only for a savegame that still holds a game state.
    expect(within(table).queryByRole('button', { name: 'Soft delete the savegame of gold-rush' })).toBeNull();

    await user.click(
      within(table).getByRole('button', { name: 'Soft delete the savegame of book-of-stars' }),
    );
    await confirmIn(
      await screen.findByRole('dialog', { name: 'Soft delete the savegame of book-of-stars?' }),
      user,
      'book-of-stars',
    );
    expect(
      await screen.findByText('The game state of the savegame of book-of-stars was removed.'),
    ).toBeTruthy();
    await waitFor(() => expect(rowsOf(table).map((row) => row[3])).toEqual(['No', 'No']));
    expect(within(table).queryByRole('button', { name: /^Soft delete/ })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Hard delete the savegame of gold-rush' }));
    await confirmIn(
      await screen.findByRole('dialog', { name: 'Hard delete the savegame of gold-rush?' }),
      user,
      'gold-rush',
    );
    await waitFor(() => expect(rowsOf(table).map((row) => row[0])).toEqual(['book-of-stars']));
    expect(api.posts()).toEqual([
      {
        path: '/support/players/casino-de/p-1/savegames/book-of-stars/delete',
        body: { mode: 'soft', reason: 'Player asked for a fresh start', confirmation: 'book-of-stars' },
      },
      {
        path: '/support/players/casino-de/p-1/savegames/gold-rush/delete',
        body: { mode: 'hard', reason: 'Player asked for a fresh start', confirmation: 'gold-rush' },
      },
    ]);
  });

  it('offers no deleting to a role without player support actions (QA, in German)', async () => {
    const { table } = await savegamesOf('qa', 'de');
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(within(table).queryByRole('columnheader', { name: 'Aktionen' })).toBeNull();
  });

  it('names the delete buttons in German for support', async () => {
    const { table } = await savegamesOf('support', 'de');
    expect(
      within(table).getByRole('button', { name: 'Spielstand von book-of-stars soft löschen' }),
    ).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Spielstand von gold-rush hart löschen' })).toBeTruthy();
  });
});
