import { type Language, type Role } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../../lib/route-handle';
import { FakeMoneyReportsApi } from '../../test/fake-money-reports-api';
import { renderRoutes } from '../../test/render';
import { testSession } from '../../test/sessions';
import {
  CasinoPerformancePage,
  GamePerformancePage,
  GgrReportPage,
  IntegrationGamePerformancePage,
  ReportsPage,
} from './index';

const crumb = (key: string, linkable = true): { handle: RouteHandle } => ({
  handle: { crumb: key, linkable },
});

/** The feature's screens as the app mounts them (features do not import the app's route table). */
const routes: RouteObject[] = [
  {
    path: '/reporting',
    ...crumb('nav.groups.reporting', false),
    children: [
      { path: 'ggr-report', ...crumb('nav.ggrReport'), element: <GgrReportPage /> },
      {
        path: 'casino-performance-report',
        ...crumb('nav.casinoPerformance'),
        element: <CasinoPerformancePage />,
      },
      { path: 'game-performance-report', ...crumb('nav.gamePerformance'), element: <GamePerformancePage /> },
      {
        path: 'integration-game-performance-report',
        ...crumb('nav.integrationGamePerformance'),
        element: <IntegrationGamePerformancePage />,
      },
      { path: 'reports', ...crumb('nav.reports'), element: <ReportsPage /> },
    ],
  },
];

const GGR = '/api/reports/ggr';
const CASINOS = '/api/reports/casino-performance';
const GAMES = '/api/reports/game-performance';
const INTEGRATION_GAMES = '/api/reports/integration-game-performance';
const PLAYERS = '/api/reports/players.csv';

/** Today for the reports' default range (the last 30 days: 2025-02-14 to 2025-03-15). */
const NOW = new Date('2025-03-15T12:00:00Z');

/**
 * Two casinos, two integrations, two games. Book of Stars pays 90 % against a theoretical 96 % over 2,015
 * rounds (flagged); Cosmic Cash pays far off its 95 % but over only 600 rounds (not flagged). USD has a
 * rate on 2 March only: the USD rounds of 3 and 4 March are not in the EUR sums.
 */
function seeded(): FakeMoneyReportsApi {
  const api = new FakeMoneyReportsApi();
  api.addCasino('casino-de', 'Casino Deutschland');
  api.addCasino('casino-mt', 'Casino Malta');
  api.addIntegration('acme', 'ACME Platform');
  api.addIntegration('beta', 'Beta Games');
  api.addGame('book-of-stars', 'Book of Stars', 96);
  api.addGame('cosmic-cash', 'Cosmic Cash', 95);
  const row = { integrationId: 'acme', gameId: 'book-of-stars', currency: 'EUR' };
  api.addFigures(
    { ...row, day: '2025-03-01', casinoId: 'casino-de', rounds: 2000, bet: 1_000_000, win: 900_000 },
    {
      ...row,
      day: '2025-03-02',
      casinoId: 'casino-mt',
      gameId: 'cosmic-cash',
      rounds: 500,
      bet: 200_000,
      win: 150_000,
    },
    {
      day: '2025-03-02',
      casinoId: 'casino-mt',
      integrationId: 'beta',
      gameId: 'cosmic-cash',
      currency: 'USD',
      rounds: 100,
      bet: 50_000,
      win: 10_000,
    },
    { ...row, day: '2025-03-03', casinoId: 'casino-de', currency: 'USD', rounds: 10, bet: 10_000, win: 0 },
    { ...row, day: '2025-03-04', casinoId: 'casino-de', currency: 'USD', rounds: 5, bet: 5_000, win: 1_000 },
  );
  api.setRate('2025-03-02', 'USD', 0.9);
  return api;
}

async function openScreen(
  api: FakeMoneyReportsApi,
  url: string,
  language: Language = 'en',
  role: Role = 'admin',
) {
  api.install();
  return renderRoutes(routes, { initialEntries: [url], language, session: testSession(role) });
}

/** Text with the no-break spaces of Intl as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function kpi(label: string): string {
  return plain(
    within(screen.getByRole('group', { name: label }))
      .getAllByText(/./)
      .at(-1)!.textContent,
  );
}

/** The cells of a table's body rows (only the rows directly in its body), as text. */
function bodyRows(table: HTMLElement): string[][] {
  const body = table.querySelector(':scope > tbody')!;
  return [...body.querySelectorAll(':scope > tr')]
    .filter((row) => row.querySelectorAll(':scope > td').length > 1)
    .map((row) => [...row.querySelectorAll(':scope > td')].map((cell) => plain(cell.textContent)));
}

function field(label: string): HTMLInputElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}(\\s*\\*)?$`), {
    selector: 'input',
  }) as HTMLInputElement;
}

async function choose(user: UserEvent, select: HTMLElement, option: string) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The CSV texts the page saved (read from the blobs handed to `URL.createObjectURL`). */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:http://localhost/${blobs.length}`;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return {
    names,
    revoke,
    texts: () => Promise.all(blobs.map(async (blob) => (await blob.text()).replace(/^\uFEFF/, ''))),
  };
}

beforeEach(() => {
  // Only the date is fixed: timers run for real, so the screens and user events behave as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('GGR report', { timeout: 20_000 }, () => {
  it('asks the last 30 days by default and shows the KPIs in EUR, in English', async () => {
    const api = seeded();
    await openScreen(api, '/reporting/ggr-report');

    await screen.findByRole('group', { name: 'Turnover (EUR)' });
    expect(api.lastQuery(GGR)).toEqual({ from: '2025-02-14', to: '2025-03-15' });
    expect(screen.getByRole('heading', { level: 1, name: 'GGR report' })).toBeTruthy();
    expect(kpi('Turnover (EUR)')).toBe('€12,450.00');
    expect(kpi('Wins (EUR)')).toBe('€10,590.00');
    expect(kpi('GGR (EUR)')).toBe('€1,860.00');
    expect(kpi('Hold %')).toBe('14.94%');
    expect(kpi('Rounds')).toBe('2,615');
  });

  it('shows the same figures in the German formats', async () => {
    await openScreen(seeded(), '/reporting/ggr-report', 'de');

    await screen.findByRole('group', { name: 'Umsatz (EUR)' });
    expect(kpi('Umsatz (EUR)')).toBe('12.450,00 €');
    expect(kpi('GGR (EUR)')).toBe('1.860,00 €');
    expect(kpi('Hold %')).toBe('14,94 %');
    expect(kpi('Runden')).toBe('2.615');
  });

  it('warns which currencies and days the EUR figures leave out for want of a rate', async () => {
    await openScreen(seeded(), '/reporting/ggr-report');

    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText('Exchange rates missing')).toBeTruthy();
    expect(plain(warning.textContent)).toContain(
      'EUR figures leave out the rounds of these currencies and days because no exchange rate is set:',
    );
    // Two days in a row show as one range.
    expect(within(warning).getByRole('listitem').textContent).toBe('USD: 03/03/2025 – 03/04/2025');
    expect(
      within(warning).getByRole('link', { name: 'Exchange rates in master data' }).getAttribute('href'),
    ).toBe('/masterdata/configuration');
  });

  it('shows no warning when every currency has its rates', async () => {
    const api = seeded();
    api.setRate('2025-03-03', 'USD', 0.9);
    api.setRate('2025-03-04', 'USD', 0.92);
    await openScreen(api, '/reporting/ggr-report');

    await screen.findByRole('group', { name: 'Turnover (EUR)' });
    expect(screen.queryByText('Exchange rates missing')).toBeNull();
    expect(kpi('Turnover (EUR)')).toBe('€12,586.00');
  });

  it('shows the totals of each original currency on request', async () => {
    const { user } = await openScreen(seeded(), '/reporting/ggr-report');

    await user.click(await screen.findByRole('button', { name: /Totals by 2 currencies/ }));
    const table = screen.getByRole('table', { name: 'Totals by currency' });
    expect(bodyRows(table)).toEqual([
      ['EUR', '2,500', 'EUR 12,000.00', 'EUR 10,500.00', 'EUR 1,500.00', '12.50%'],
      ['USD', '115', 'USD 650.00', 'USD 110.00', 'USD 540.00', '83.08%'],
    ]);
  });

  it('shows the GGR per day as a table, and the top games linking to their game performance', async () => {
    const { user } = await openScreen(seeded(), '/reporting/ggr-report?casinoIds=casino-de,casino-mt');

    await screen.findByRole('heading', { name: 'GGR per day' });
    // The chart first (its code loads on demand), the table on request.
    expect(await screen.findByLabelText('GGR over time')).toBeTruthy();
    await user.click(screen.getByText('Table'));
    expect(screen.queryByLabelText('GGR over time')).toBeNull();
    expect(bodyRows(screen.getByRole('table', { name: 'GGR over time as a table' }))).toEqual([
      ['03/01/2025', '2,000', '€10,000.00', '€9,000.00', '€1,000.00'],
      ['03/02/2025', '600', '€2,450.00', '€1,590.00', '€860.00'],
      ['03/03/2025', '10', '€0.00', '€0.00', '€0.00'],
      ['03/04/2025', '5', '€0.00', '€0.00', '€0.00'],
    ]);

    const top = screen.getByRole('table', { name: 'Top games' });
    expect(bodyRows(top).map((cells) => cells.slice(0, 5))).toEqual([
      ['Book of Starsbook-of-stars', '2,015', '€10,000.00', '€9,000.00', '€1,000.00'],
      ['Cosmic Cashcosmic-cash', '600', '€2,450.00', '€1,590.00', '€860.00'],
    ]);
    // The game's figures, with the report's other filters kept.
    expect(within(top).getByRole('link', { name: 'Book of Stars' }).getAttribute('href')).toBe(
      '/reporting/game-performance-report?casinoIds=casino-de%2Ccasino-mt&gameIds=book-of-stars',
    );
  });

  it('shows one point per month for a long range, named in the language', async () => {
    const { user } = await openScreen(seeded(), '/reporting/ggr-report?from=2024-12-01&to=2025-03-31', 'de');

    await screen.findByRole('heading', { name: 'GGR pro Monat' });
    await user.click(screen.getByText('Tabelle'));
    expect(bodyRows(screen.getByRole('table', { name: 'GGR im Zeitverlauf als Tabelle' }))).toEqual([
      ['März 2025', '2.615', '12.450,00 €', '10.590,00 €', '1.860,00 €'],
    ]);
  });

  it('exports the GGR per day and the top games as CSV', async () => {
    const downloads = captureDownloads();
    const { user } = await openScreen(seeded(), '/reporting/ggr-report');

    await screen.findByRole('group', { name: 'Turnover (EUR)' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(downloads.names).toEqual(['ggr-report-2025-03-15.csv']);
    expect(await downloads.texts()).toEqual([
      [
        'Day,Rounds,Turnover (EUR),Wins (EUR),GGR (EUR)',
        '2025-03-01,2000,10000,9000,1000',
        '2025-03-02,600,2450,1590,860',
        '2025-03-03,10,0,0,0',
        '2025-03-04,5,0,0,0',
        'Total,2615,12450,10590,1860',
        '',
      ].join('\r\n'),
    ]);

    await user.click(screen.getByRole('button', { name: 'Export top games (CSV)' }));
    expect(downloads.names[1]).toBe('ggr-top-games-2025-03-15.csv');
    expect((await downloads.texts())[1]).toBe(
      [
        'Game id,Game name,Rounds,Turnover (EUR),Wins (EUR),GGR (EUR),Hold %',
        'book-of-stars,Book of Stars,2015,10000,9000,1000,10',
        'cosmic-cash,Cosmic Cash,600,2450,1590,860,35.1',
        '',
      ].join('\r\n'),
    );
  });
});

describe('report filters', { timeout: 20_000 }, () => {
  it('asks what the URL says, and shows it in the filters', async () => {
    const api = seeded();
    await openScreen(
      api,
      '/reporting/ggr-report?from=2025-03-01&to=2025-03-02&casinoIds=casino-mt&integrationIds=acme&currency=EUR',
    );

    await screen.findByRole('group', { name: 'Turnover (EUR)' });
    expect(api.lastQuery(GGR)).toEqual({
      from: '2025-03-01',
      to: '2025-03-02',
      casinoIds: 'casino-mt',
      integrationIds: 'acme',
      currency: 'EUR',
    });
    expect(kpi('Turnover (EUR)')).toBe('€2,000.00');
    expect(field('From').value).toBe('03/01/2025');
    expect(field('To').value).toBe('03/02/2025');
    expect(field('Currency').value).toBe('EUR');
    await waitFor(() =>
      expect(field('Casinos').closest('.mantine-MultiSelect-root')?.textContent).toContain(
        'Casino Malta (casino-mt)',
      ),
    );
  });

  it('puts a changed filter into the URL and asks again', async () => {
    const api = seeded();
    const { user, router } = await openScreen(api, '/reporting/casino-performance-report');

    await screen.findByRole('table', { name: 'Casino performance' });
    await choose(user, field('Casinos'), 'Casino Malta (casino-mt)');
    await waitFor(() => expect(api.lastQuery(CASINOS).casinoIds).toBe('casino-mt'));
    expect(router.state.location.search).toBe('?casinoIds=casino-mt');

    await user.type(field('Currency'), 'usd');
    await waitFor(() => expect(api.lastQuery(CASINOS).currency).toBe('USD'));
    expect(new URLSearchParams(router.state.location.search).get('currency')).toBe('USD');
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: 'Casino performance' }))[0]!.slice(0, 3)).toEqual([
        'Casino Maltacasino-mt',
        '100',
        '€450.00',
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(field('Currency').value).toBe('');
  });

  it('does not ask for a range that ends before it starts, and says why', async () => {
    const api = seeded();
    await openScreen(api, '/reporting/ggr-report?from=2025-03-10&to=2025-03-01', 'de');

    expect(await screen.findByText('Darf nicht vor dem ersten Tag liegen.')).toBeTruthy();
    expect(api.sent('GET', GGR)).toEqual([]);
    expect(screen.queryByTestId('report-no-data')).toBeNull();
    expect((screen.getByRole('button', { name: 'CSV exportieren' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('lets an accountant, who may not open the configuration lists, pick a casino by name', async () => {
    const api = seeded();
    const { router, user } = await openScreen(api, '/reporting/ggr-report', 'en', 'accountant');

    await screen.findByRole('group', { name: 'Turnover (EUR)' });
    await user.type(field('Casinos'), 'deutsch');
    expect(screen.queryByRole('option', { name: 'Casino Malta (casino-mt)' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Casino Deutschland (casino-de)' }));
    await waitFor(() => expect(api.lastQuery(GGR).casinoIds).toBe('casino-de'));
    expect(router.state.location.search).toBe('?casinoIds=casino-de');
    await waitFor(() => expect(kpi('Turnover (EUR)')).toBe('€10,000.00'));
    // The names come from the report dimensions, asked once for all three filters.
    expect(api.sent('GET', '/api/reports/dimensions')).toHaveLength(1);
    expect(api.sent('GET').filter((request) => !request.url.pathname.startsWith('/api/reports/'))).toEqual(
      [],
    );
  });

  it('offers integrations and games by name, and one without a name by its id', async () => {
    const api = seeded();
    api.addFigures({
      day: '2025-03-01',
      casinoId: 'casino-de',
      integrationId: 'acme',
      gameId: 'retired-game',
      currency: 'EUR',
      rounds: 1,
      bet: 100,
      win: 0,
    });
    const { user } = await openScreen(api, '/reporting/ggr-report', 'de', 'accountant');

    await screen.findByRole('group', { name: 'Umsatz (EUR)' });
    await user.click(field('Integrationen'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'ACME Platform (acme)',
      'Beta Games (beta)',
    ]);
    await user.click(field('Spiele'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Book of Stars (book-of-stars)',
      'Cosmic Cash (cosmic-cash)',
      'retired-game',
    ]);
  });
});

describe('empty reports and errors', { timeout: 20_000 }, () => {
  const empty = '?from=2024-01-01&to=2024-01-31';

  it.each([
    ['en', '/reporting/ggr-report', 'No data found.'],
    ['de', '/reporting/ggr-report', 'Keine Daten gefunden.'],
    ['en', '/reporting/casino-performance-report', 'No data found.'],
    ['de', '/reporting/game-performance-report', 'Keine Daten gefunden.'],
    ['en', '/reporting/integration-game-performance-report', 'No data found.'],
  ] as const)('says so in %s on %s when nothing matches', async (language, path, message) => {
    const api = seeded();
    await openScreen(api, path + empty, language);

    expect((await screen.findByTestId('report-no-data')).textContent).toBe(message);
    expect(api.sent('GET').some((request) => request.url.pathname.startsWith('/api/reports/'))).toBe(true);
    // Nothing to export.
    const button = screen.getByRole('button', { name: language === 'de' ? 'CSV exportieren' : 'Export CSV' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows other errors in the error alert, with a retry', async () => {
    const api = seeded();
    api.failWith = 'REPORTING_UNAVAILABLE';
    const { user } = await openScreen(api, '/reporting/casino-performance-report');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Reporting service does not respond.');
    api.failWith = null;
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('table', { name: 'Casino performance' })).toBeTruthy();
  });
});

describe('casino performance', { timeout: 20_000 }, () => {
  it('lists the casinos with totals, sorts by a figure and keeps the sort in the URL', async () => {
    const { user, router } = await openScreen(seeded(), '/reporting/casino-performance-report');

    const table = await screen.findByRole('table', { name: 'Casino performance' });
    expect(bodyRows(table).map((cells) => cells.slice(0, 6))).toEqual([
      ['Casino Deutschlandcasino-de', '2,015', '€10,000.00', '€9,000.00', '€1,000.00', '10.00%'],
      ['Casino Maltacasino-mt', '600', '€2,450.00', '€1,590.00', '€860.00', '35.10%'],
    ]);
    const totals = [...table.querySelectorAll('tfoot td')].map((cell) => plain(cell.textContent));
    expect(totals.slice(0, 6)).toEqual(['Total', '2,615', '€12,450.00', '€10,590.00', '€1,860.00', '14.94%']);

    await user.click(screen.getByRole('button', { name: 'Sort by Hold %' }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('hold');
    expect(new URLSearchParams(router.state.location.search).get('order')).toBe('desc');
    expect(bodyRows(table).map((cells) => cells[0])).toEqual([
      'Casino Maltacasino-mt',
      'Casino Deutschlandcasino-de',
    ]);
    await user.click(screen.getByRole('button', { name: 'Sort by Hold %' }));
    expect(bodyRows(table).map((cells) => cells[0])).toEqual([
      'Casino Deutschlandcasino-de',
      'Casino Maltacasino-mt',
    ]);
  });

  it("drills into the casino's game performance with the same filters", async () => {
    const api = seeded();
    const { user, router } = await openScreen(
      api,
      '/reporting/casino-performance-report?from=2025-03-01&to=2025-03-31',
    );

    await user.click(await screen.findByRole('link', { name: 'Casino Deutschland' }));
    await screen.findByRole('table', { name: 'Game performance' });
    expect(router.state.location.pathname).toBe('/reporting/game-performance-report');
    expect(api.lastQuery(GAMES)).toEqual({ from: '2025-03-01', to: '2025-03-31', casinoIds: 'casino-de' });
    expect(
      bodyRows(screen.getByRole('table', { name: 'Game performance' })).map((cells) => cells[0]),
    ).toEqual(['Book of Starsbook-of-stars']);
  });

  it("unfolds a casino's figures by original currency, in the language's format", async () => {
    const { user } = await openScreen(seeded(), '/reporting/casino-performance-report', 'de');

    await user.click(
      await screen.findByRole('button', { name: /– Zahlen von Casino Deutschland nach Währung$/ }),
    );
    expect(bodyRows(screen.getByRole('table', { name: 'Casino Deutschland nach Währung' }))).toEqual([
      ['EUR', '2.000', '10.000,00 EUR', '9.000,00 EUR', '1.000,00 EUR', '10,00 %'],
      ['USD', '15', '150,00 USD', '10,00 USD', '140,00 USD', '93,33 %'],
    ]);
  });

  it('exports the rows as shown, in their order, with the totals', async () => {
    const downloads = captureDownloads();
    const api = seeded();
    api.addCasino('casino-de', '=Casino "Deutschland", Berlin');
    const { user } = await openScreen(api, '/reporting/casino-performance-report?sort=ggr&order=asc');

    await screen.findByRole('table', { name: 'Casino performance' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(downloads.names).toEqual(['casino-performance-2025-03-15.csv']);
    expect(await downloads.texts()).toEqual([
      [
        'Casino id,Casino name,Rounds,Turnover (EUR),Wins (EUR),GGR (EUR),Hold %',
        'casino-mt,Casino Malta,600,2450,1590,860,35.1',
        `casino-de,"'=Casino ""Deutschland"", Berlin",2015,10000,9000,1000,10`,
        'Total,,2615,12450,10590,1860,14.94',
        '',
      ].join('\r\n'),
    ]);
  });
});

describe('game performance', { timeout: 20_000 }, () => {
  it('shows the band each actual RTP is expected in, flags a game outside it, and says what that means', async () => {
    await openScreen(seeded(), '/reporting/game-performance-report');

    const table = await screen.findByRole('table', { name: 'Game performance' });
    expect(bodyRows(table).map((cells) => [cells[0], ...cells.slice(6, 9)])).toEqual([
      ['Book of Starsbook-of-stars', 'RTP deviation90.00%', '96.00%', '94.00% – 98.00%'],
      ['Cosmic Cashcosmic-cash', '64.90%', '95.00%', '—'],
    ]);
    const [book, cosmic] = [...table.querySelectorAll('tbody > tr')];
    expect(within(book as HTMLElement).getByTestId('rtp-deviation').textContent).toBe('RTP deviation');
    // Far off, but over 600 rounds only: too few to judge.
    expect(within(cosmic as HTMLElement).queryByTestId('rtp-deviation')).toBeNull();
    // The band says what it is, to the pointer (tooltip) and to screen readers (its name).
    expect(
      within(book as HTMLElement)
        .getByTestId('rtp-band')
        .getAttribute('aria-label'),
    ).toBe(
      'If the game pays its theoretical RTP of 96.00%, its actual RTP over these 2,015 rounds lies between 94.00% and 98.00% in 99 cases out of 100: the band is narrower the more rounds there are and the less their wins vary.',
    );
    expect(
      within(cosmic as HTMLElement)
        .getByTestId('rtp-band')
        .getAttribute('aria-label'),
    ).toBe('Fewer than 1,000 rounds with a bet, or no theoretical RTP: too few to judge.');

    expect(screen.getByText('1 game deviates from its theoretical RTP')).toBeTruthy();
    expect(
      screen.getByText(
        "The actual RTP lies outside the band its theoretical RTP allows at 99 %, given the game's rounds and how much their wins vary. Check the game's configuration and the significant events of the period.",
      ),
    ).toBeTruthy();
  });

  it('flags nothing when no game deviates', async () => {
    const api = seeded();
    api.addGame('book-of-stars', 'Book of Stars', 90.5);
    await openScreen(api, '/reporting/game-performance-report', 'de');

    await screen.findByRole('table', { name: 'Spiel-Performance' });
    expect(screen.queryByTestId('rtp-deviation')).toBeNull();
    expect(screen.queryByText(/weicht von seinem theoretischen RTP ab/)).toBeNull();
  });

  it('exports RTPs and the flag', async () => {
    const downloads = captureDownloads();
    const { user } = await openScreen(seeded(), '/reporting/game-performance-report');

    await screen.findByRole('table', { name: 'Game performance' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [csv] = await downloads.texts();
    expect(csv!.split('\r\n').slice(0, 3)).toEqual([
      'Game id,Game name,Rounds,Turnover (EUR),Wins (EUR),GGR (EUR),Hold %,Actual RTP,Theoretical RTP,Expected from,Expected to,RTP deviation',
      'book-of-stars,Book of Stars,2015,10000,9000,1000,10,90,96,94,98,yes',
      'cosmic-cash,Cosmic Cash,600,2450,1590,860,35.1,64.9,95,,,no',
    ]);
  });
});

describe('integration game performance', { timeout: 20_000 }, () => {
  it('lists each game per integration with its RTPs, sortable by integration', async () => {
    const api = seeded();
    const { user } = await openScreen(
      api,
      '/reporting/integration-game-performance-report?sort=integration&order=desc',
    );

    const table = await screen.findByRole('table', { name: 'Integration game performance' });
    // The sort stays in the browser: the server is asked for the filters only.
    expect(api.lastQuery(INTEGRATION_GAMES)).toEqual({ from: '2025-02-14', to: '2025-03-15' });
    expect(bodyRows(table).map((cells) => [...cells.slice(0, 3), cells[7]])).toEqual([
      ['Beta Gamesbeta', 'Cosmic Cashcosmic-cash', '100', '20.00%'],
      ['ACME Platformacme', 'Book of Starsbook-of-stars', '2,015', 'RTP deviation90.00%'],
      ['ACME Platformacme', 'Cosmic Cashcosmic-cash', '500', '75.00%'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Sort by Rounds' }));
    expect(bodyRows(table).map((cells) => cells[2])).toEqual(['2,015', '500', '100']);
  });
});

describe('reports overview', { timeout: 20_000 }, () => {
  it('links the reports the role may open', async () => {
    await openScreen(seeded(), '/reporting/reports', 'en', 'admin');

    const links = await screen.findAllByRole('link');
    const reports = links.map((link) => [link.textContent, link.getAttribute('href')]);
    expect(reports).toEqual([
      ['GGR report', '/reporting/ggr-report'],
      ['Casino performance', '/reporting/casino-performance-report'],
      ['Game performance', '/reporting/game-performance-report'],
      ['Integration game performance', '/reporting/integration-game-performance-report'],
      ['Game rounds', '/reporting/game-rounds'],
      ['Audit entries', '/reporting/audit-entries'],
      ['Significant events', '/reporting/significant-events'],
    ]);
  });

  it('leaves out what the role may not open (visitors see no game rounds)', async () => {
    await openScreen(seeded(), '/reporting/reports', 'de', 'visitor');

    await screen.findByRole('link', { name: 'GGR-Bericht' });
    expect(screen.queryByRole('link', { name: 'Spielrunden' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Spielerdaten herunterladen (CSV)' })).toBeTruthy();
  });

  it('downloads the player data of the chosen casinos and releases the link after 40 seconds', async () => {
    const downloads = captureDownloads();
    const api = seeded();
    api.players.push(
      { casinoId: 'casino-de', playerId: 'p-1', integrationId: 'acme', country: 'DE', firstName: 'Jörg' },
      { casinoId: 'casino-mt', playerId: 'p-2', integrationId: 'acme', country: 'MT' },
    );
    const timeouts = vi.spyOn(window, 'setTimeout');
    const { user } = await openScreen(api, '/reporting/reports');

    await screen.findByRole('button', { name: 'Download player data (CSV)' });
    await choose(user, field('Only these casinos (all when empty)'), 'Casino Deutschland (casino-de)');
    await user.click(screen.getByRole('button', { name: 'Download player data (CSV)' }));

    expect(await screen.findByText('The download has started.')).toBeTruthy();
    const request = api.sent('GET', PLAYERS).at(-1)!;
    expect(request.url.searchParams.get('casinoIds')).toBe('casino-de');
    expect(request.headers.accept).toContain('text/plain');
    expect(downloads.names).toEqual(['players-2025-03-15.csv']);
    const [csv] = await downloads.texts();
    expect(csv!.split('\r\n')).toEqual([
      'integrationId,casinoId,playerId,language,country,email,jurisdiction,firstName,lastName,nickName,city,dateOfBirth,gender,registeredAt,createdAt',
      'acme,casino-de,p-1,,DE,,,Jörg,,,,,,,',
      '',
    ]);

    // The object URL is released by a timer of 40 s — run it: the URL goes.
    const release = timeouts.mock.calls.find(([, delay]) => delay === 40_000);
    expect(release).toBeDefined();
    expect(downloads.revoke).not.toHaveBeenCalled();
    (release![0] as () => void)();
    expect(downloads.revoke).toHaveBeenCalledWith('blob:http://localhost/1');
  });

  it('shows why the player data could not be downloaded', async () => {
    const api = seeded();
    const { user } = await openScreen(api, '/reporting/reports', 'de');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statusCode: 403, code: 'NO_PERMISSION', message: 'x' }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );

    await user.click(await screen.findByRole('button', { name: 'Spielerdaten herunterladen (CSV)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Keine Berechtigung.');
  });
});
