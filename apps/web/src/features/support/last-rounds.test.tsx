import { GAME_ROUNDS_PAGE_SIZE } from '@backoffice/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSupportApi } from '../../test/fake-support-api';
import { fieldError } from '../../test/render';
import { rowsOf, waitForRows } from '../../test/tables';
import { openSupportScreen } from './test-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LIST = '/support/last-game-rounds';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Rounds of two casinos and integrations: two open (one stuck for long), one failed auto-close, one completed. */
function roundsApi(role: ConstructorParameters<typeof FakeSupportApi>[0] = 'support'): FakeSupportApi {
  const api = new FakeSupportApi(role);
  api.casinoNames.set('casino-de', 'Casino Deutschland');
  api.casinoNames.set('casino-mt', 'Casino Malta');
  api.gameRounds.names.integrations.set('beta', 'Beta Games');
  api.addRound({ roundId: 'r-stuck', minute: 1, status: 'open', playerId: 'alice', debit: 500 });
  api.addRound({ roundId: 'r-done', minute: 2, playerId: 'alice' });
  api.addRound({
    roundId: 'r-failed',
    minute: 3,
    status: 'autoCloseFailed',
    casinoId: 'casino-mt',
    integrationId: 'beta',
  });
  api.addRound({ roundId: 'r-new', minute: 4, status: 'open', casinoId: 'casino-mt', integrationId: 'beta' });
  return api;
}

const table = () => screen.getByRole('table', { name: /^(Game rounds|Spielrunden)$/ });

const resultRows = (count: number) => waitForRows(table, count);

describe('last game rounds', () => {
  it('starts at the open rounds, newest first, marked, each linking to the round screen', async () => {
    const api = roundsApi();
    await openSupportScreen(api, LIST);
    const rows = await resultRows(2);
    expect(rows.map((row) => row.slice(1, 6))).toEqual([
      ['casino-mt', 'r-new', 'player-1', 'book-of-stars', 'Open'],
      ['casino-de', 'r-stuck', 'alice', 'book-of-stars', 'Open'],
    ]);
    expect(api.roundSearches()).toEqual([{ status: 'open' }]);
    const badge = within(table()).getAllByText('Open')[0]!.closest('.mantine-Badge-root');
    expect(badge?.getAttribute('data-variant')).toBe('filled');
    expect(within(table()).getByRole('link', { name: 'r-stuck' }).getAttribute('href')).toBe(
      '/support/last-game-rounds/r-stuck?casinoId=casino-de',
    );
  });

  it('searches by integration, player, every status and age, with the search in the URL', async () => {
    const api = roundsApi();
    const { user, router } = await openSupportScreen(api, LIST);
    await resultRows(2);
    const form = within(screen.getByRole('form', { name: 'Search game rounds' }));

    await user.click(form.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'All statuses' }));
    await user.type(form.getByLabelText('Integrations', { selector: 'input' }), 'beta');
    await user.click(await screen.findByRole('option', { name: 'Beta Games (beta)' }));
    await user.click(form.getByRole('button', { name: 'Search' }));
    const rows = await resultRows(2);
    expect(rows.map((row) => row[2])).toEqual(['r-new', 'r-failed']);
    expect(api.roundSearches().at(-1)).toEqual({ integrationIds: 'beta' });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      integrationIds: 'beta',
      status: 'all',
    });

    await user.click(form.getByRole('button', { name: 'Reset' }));
    await resultRows(2);
    await user.type(form.getByLabelText('Player id'), ' alice ');
    await user.type(form.getByLabelText('Older than (days)'), '3');
    await user.click(form.getByRole('button', { name: 'Search' }));
    await resultRows(1);
    const { to, ...rest } = api.roundSearches().at(-1)!;
    expect(rest).toEqual({ playerId: 'alice', status: 'open' });
    // "Older than 3 days": rounds started before now − 3 days.
    expect(Math.abs(Date.parse(to!) - (Date.now() - 3 * DAY_MS))).toBeLessThan(60_000);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      playerId: 'alice',
      olderThan: '3',
    });
  });

  it('starts from a search in the URL and refuses an age that is not a number of days', async () => {
    const api = roundsApi();
    const { user } = await openSupportScreen(api, `${LIST}?status=autoCloseFailed&casinoIds=casino-mt`, {
      language: 'de',
    });
    const rows = await resultRows(1);
    expect(rows[0]![5]).toBe('Automatisches Schließen fehlgeschlagen');
    expect(api.roundSearches()).toEqual([{ casinoIds: 'casino-mt', status: 'autoCloseFailed' }]);

    const form = within(screen.getByRole('form', { name: 'Spielrunden suchen' }));
    const status = form.getByLabelText('Status', { selector: 'input' }) as HTMLInputElement;
    expect(status.value).toBe('Automatisches Schließen fehlgeschlagen');
    const age = form.getByLabelText('Älter als (Tage)');
    await user.type(age, '1.5');
    await user.click(form.getByRole('button', { name: 'Suchen' }));
    expect(fieldError(age)).toBeTruthy();
    expect(api.roundSearches()).toHaveLength(1);
  });

  it('loads the next page with the server’s cursor', { timeout: 20_000 }, async () => {
    const api = new FakeSupportApi('support');
    for (let minute = 0; minute < GAME_ROUNDS_PAGE_SIZE + 3; minute += 1)
      api.addRound({ roundId: `r-${minute}`, minute, status: 'open' });
    const { user } = await openSupportScreen(api, LIST);
    await resultRows(GAME_ROUNDS_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await resultRows(GAME_ROUNDS_PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.roundSearches()).toEqual([
      { status: 'open' },
      { status: 'open', after: `cursor-${GAME_ROUNDS_PAGE_SIZE}` },
    ]);
  });
});

describe('opening a round by id', () => {
  it('asks for the round id in the user’s language, then opens the round', async () => {
    const api = roundsApi();
    const { user, router } = await openSupportScreen(api, LIST, { language: 'de' });
    const form = within(screen.getByRole('form', { name: 'Spielrunde per ID öffnen' }));
    const id = form.getByLabelText(/^Runden-ID/);
    await user.type(id, '   ');
    await user.click(form.getByRole('button', { name: 'Runde öffnen' }));
    expect(fieldError(id)).toBe('Geben Sie die Spielrunden-ID ein.');
    expect(router.state.location.pathname).toBe(LIST);

    await user.type(id, 'r-stuck');
    await user.click(form.getByRole('button', { name: 'Runde öffnen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/last-game-rounds/r-stuck'));
    expect(await screen.findByRole('heading', { name: 'Spielrunde r-stuck' })).toBeTruthy();
    // The one round of that id opens without choosing.
    expect(await screen.findByRole('table', { name: 'Felder der Runde' })).toBeTruthy();
    expect(api.roundSearches().at(-1)).toEqual({ roundId: 'r-stuck' });
  });

  it('says "Enter the game round id." in English, and opens a round in the chosen casino', async () => {
    const api = roundsApi();
    const { user, router } = await openSupportScreen(api, LIST);
    const form = within(screen.getByRole('form', { name: 'Open a game round by id' }));
    await user.click(form.getByRole('button', { name: 'Open round' }));
    expect(fieldError(form.getByLabelText(/^Round id/))).toBe('Enter the game round id.');

    await user.type(form.getByLabelText(/^Round id/), 'r-new');
    await user.type(form.getByLabelText('Casino (optional)', { selector: 'input' }), 'malta');
    await user.click(await screen.findByRole('option', { name: 'Casino Malta (casino-mt)' }));
    await user.click(form.getByRole('button', { name: 'Open round' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/support/last-game-rounds/r-new?casinoId=casino-mt',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Game round r-new of casino-mt' })).toBeTruthy();
  });

  it('lists the casinos of a round id found in several, and says when none is found', async () => {
    const api = roundsApi();
    api.addRound({ roundId: 'r-twice', casinoId: 'casino-de', status: 'open' });
    api.addRound({ roundId: 'r-twice', casinoId: 'casino-mt' });
    await openSupportScreen(api, '/support/last-game-rounds/r-twice');
    expect(
      await screen.findByText('Game rounds with the id r-twice exist in several casinos. Choose one:'),
    ).toBeTruthy();
    const choices = await screen.findByRole('table', { name: 'Game rounds with this id' });
    await waitFor(() => expect(rowsOf(choices)).toHaveLength(2));
    expect(rowsOf(choices).map((row) => row[1])).toEqual(['casino-mt', 'casino-de']);
    expect(
      within(choices)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/support/last-game-rounds/r-twice?casinoId=casino-mt',
      '/support/last-game-rounds/r-twice?casinoId=casino-de',
    ]);

    await openSupportScreen(api, '/support/last-game-rounds/r-nowhere');
    expect(await screen.findByText('No game round with the id r-nowhere was found.')).toBeTruthy();
  });
});
