import { jobSummaryCounts, type JobRun } from '@backoffice/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadAreaTexts } from '../../i18n';
import { formatDateTime, formatInstant } from '../../lib/format';
import { FakeJobsApi } from '../../test/fake-jobs-api';
import { renderRoutes, setLanguage } from '../../test/render';
import { testSession } from '../../test/sessions';
import { plain, rowsOf, waitForRows } from '../../test/tables';
import { runSummary, schedulePhrase } from './components/job-texts';
import { JobsPage } from './index';

const URL_PATH = '/masterdata/jobs';
const routes: RouteObject[] = [
  { path: URL_PATH, handle: { crumb: 'nav.jobs', linkable: true }, element: <JobsPage /> },
];

const MINUTE = 60_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** The jobs of today, one the screen does not know, and their runs. */
function installApi() {
  const api = new FakeJobsApi();
  const nextRun = at(5 * MINUTE + 20_000);
  const lastStart = at(-3 * MINUTE);
  api.addJob({
    name: 'housekeeping',
    cron: '*/15 * * * *',
    nextRunAt: nextRun,
    lastRun: api.run({ startedAt: lastStart, finishedAt: at(-3 * MINUTE + 1500) }),
  });
  const failures = [at(-2 * 60 * MINUTE), at(-26 * 60 * MINUTE)].map((startedAt, index) =>
    api.run({
      startedAt,
      finishedAt: startedAt,
      outcome: 'failed',
      error: index === 0 ? 'connect ECONNREFUSED 10.0.0.7:443' : 'bridge answered 500',
    }),
  );
  api.addJob({
    name: 'auto-close',
    cron: '*/10 * * * *',
    nextRunAt: nextRun,
    lastRun: api.run({
      startedAt: lastStart,
      finishedAt: at(-3 * MINUTE + 125_000),
      trigger: 'manual',
      triggeredBy: 'anna',
      summary: { found: 3, closed: 2, pending: 0, failed: 1 },
    }),
    failures: { count: 7, recent: failures },
  });
  api.addJob({ name: 'booking-retries', cron: '* * * * *', nextRunAt: at(40_000) });
  api.addJob({ name: 'retention', cron: '0 3 * * *', nextRunAt: at(20 * 60 * MINUTE) });
  api.addJob({ name: 'nightly-export', cron: '5 4 * * 1-5', nextRunAt: null });
  api.install();
  return { api, nextRun, lastStart, failures };
}

const jobsTable = (name = 'Background jobs') => screen.getByRole('table', { name });
const rowOf = (rows: string[][], title: string) => rows.find((cells) => cells[0]!.startsWith(title))!;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
});

describe('jobs screen', () => {
  it('lists each job with its schedule, next run, last run and failures', async () => {
    const { nextRun, lastStart } = installApi();
    await renderRoutes(routes, { initialEntries: [URL_PATH], language: 'en', session: testSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Background jobs' })).toBeTruthy();
    const rows = await waitForRows(() => jobsTable(), 5);
    const headers = within(jobsTable())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Job',
      'Schedule',
      'Next run',
      'Last run',
      'Duration',
      'Started by',
      'Result',
      'Failures (7 days)',
      'Actions',
    ]);

    const housekeeping = rowOf(rows, 'Housekeeping');
    expect(housekeeping[0]).toContain('Removes expired sessions');
    expect(housekeeping[1]).toBe('every 15 minutes*/15 * * * * (UTC)');
    expect(housekeeping[2]).toBe(`in 5 minutes${plain(formatDateTime(nextRun, 'en'))}`);
    expect(housekeeping[3]).toBe(`Succeeded3 minutes ago${plain(formatDateTime(lastStart, 'en'))}`);
    expect(housekeeping.slice(4, 8)).toEqual(['1.5 s', 'Schedule', '–', '0']);

    const autoClose = rowOf(rows, 'Auto-close of stale rounds');
    expect(autoClose[1]).toBe('every 10 minutes*/10 * * * * (UTC)');
    expect(autoClose.slice(4, 8)).toEqual([
      '2 min 5 s',
      'anna (manual)',
      'found 3 · closed 2 · pending 0 · failed 1',
      '7Show errors',
    ]);

    const retries = rowOf(rows, 'Booking retries');
    expect(retries[1]).toBe('every minute* * * * * (UTC)');
    // 40 seconds ahead when the jobs were made; the page may show it a few seconds later on a busy machine.
    expect(retries[2]).toMatch(/^in (3\d|40) seconds/);
    expect(retries.slice(3, 8)).toEqual(['Not run yet', '–', '–', '–', '0']);

    expect(rowOf(rows, 'Retention')[1]).toBe('daily at 03:00 UTC0 3 * * * (UTC)');
    expect(rowOf(rows, 'Retention')[2]).toMatch(/^in 20 hours/);

    // A job the screen has no words for yet: its name, its cron as it is.
    const unknown = rowOf(rows, 'nightly-export');
    expect(unknown.slice(0, 3)).toEqual(['nightly-export', '5 4 * * 1-5 (UTC)', '–']);

    expect(screen.getByRole('button', { name: 'Run now: Housekeeping' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'History: nightly-export' })).toBeTruthy();
  });

  it('says it in German', async () => {
    installApi();
    await renderRoutes(routes, { initialEntries: [URL_PATH], language: 'de', session: testSession() });
    const rows = await waitForRows(() => jobsTable('Hintergrundaufgaben'), 5);
    const autoClose = rowOf(rows, 'Automatisches Schließen alter Runden');
    expect(autoClose[1]).toBe('alle 10 Minuten*/10 * * * * (UTC)');
    expect(autoClose[2]).toMatch(/^in 5 Minuten/);
    expect(autoClose[3]).toMatch(/^Erfolgreichvor 3 Minuten/);
    expect(autoClose.slice(4, 8)).toEqual([
      '2 min 5 s',
      'anna (manuell)',
      'gefunden 3 · geschlossen 2 · ausstehend 0 · fehlgeschlagen 1',
      '7Fehler anzeigen',
    ]);
    expect(rowOf(rows, 'Aufräumen')[4]).toBe('1,5 s');
    expect(rowOf(rows, 'Aufbewahrung')[1]).toBe('täglich um 03:00 UTC0 3 * * * (UTC)');
    expect(rowOf(rows, 'Buchungswiederholungen')[3]).toBe('Noch nie gelaufen');
    expect(screen.getByRole('button', { name: 'Jetzt ausführen: Aufräumen' })).toBeTruthy();
  });

  it('shows the errors of the recent failures on request', async () => {
    const { failures } = installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: [URL_PATH],
      language: 'en',
      session: testSession(),
    });
    const show = await screen.findByRole('button', { name: 'Show errors: Auto-close of stale rounds' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Recent failures of Auto-close of stale rounds' })).toBeNull();
    // Jobs without failures have nothing to show.
    expect(screen.queryByRole('button', { name: 'Show errors: Housekeeping' })).toBeNull();

    await user.click(show);
    const hide = screen.getByRole('button', { name: 'Hide errors: Auto-close of stale rounds' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Recent failures of Auto-close of stale rounds' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent)),
    ).toEqual([
      `${plain(formatInstant(failures[0]!.startedAt, 'en'))} · Scheduleconnect ECONNREFUSED 10.0.0.7:443`,
      `${plain(formatInstant(failures[1]!.startedAt, 'en'))} · Schedulebridge answered 500`,
    ]);
    expect(screen.getByText('The newest 2 of 7 failures in the last 7 days.')).toBeTruthy();

    await user.click(hide);
    expect(screen.queryByRole('list', { name: 'Recent failures of Auto-close of stale rounds' })).toBeNull();
  });

  it('runs a job now: the queued notice, then the run in the list', async () => {
    const { api } = installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: [URL_PATH],
      language: 'en',
      session: testSession(),
    });
    await user.click(await screen.findByRole('button', { name: 'Run now: Booking retries' }));

    expect(await screen.findByText('Booking retries is queued and starts in a moment.')).toBeTruthy();
    expect(api.runNowRequests()).toEqual(['booking-retries']);
    await waitFor(() => {
      const retries = rowOf(rowsOf(jobsTable()), 'Booking retries');
      expect(retries[3]).toMatch(/^Running/);
      expect(retries[5]).toBe('admin (manual)');
    });
  });

  it('asks again every 10 seconds, so a run shows up with its outcome', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const { api } = installApi();
    const { user } = await renderRoutes(routes, {
      initialEntries: [URL_PATH],
      language: 'en',
      session: testSession(),
    });
    await user.click(await screen.findByRole('button', { name: 'Run now: Auto-close of stale rounds' }));
    await waitFor(() => expect(rowOf(rowsOf(jobsTable()), 'Auto-close')[3]).toMatch(/^Running/));
    const asked = api.listRequests();

    api.finish('auto-close', { found: 1, closed: 1, pending: 0, failed: 0 });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(rowOf(rowsOf(jobsTable()), 'Auto-close')[3]).toMatch(/^Succeeded/));
    expect(api.listRequests()).toBeGreaterThan(asked);
    expect(rowOf(rowsOf(jobsTable()), 'Auto-close').slice(4, 7)).toEqual([
      '2 s',
      'admin (manual)',
      'found 1 · closed 1 · pending 0 · failed 0',
    ]);
  });

  it('says why a run was refused: one already waiting (409), no job engine (503)', async () => {
    const { api } = installApi();
    api.queued.add('auto-close');
    const { user } = await renderRoutes(routes, {
      initialEntries: [URL_PATH],
      language: 'en',
      session: testSession(),
    });
    await user.click(await screen.findByRole('button', { name: 'Run now: Auto-close of stale rounds' }));
    expect(await screen.findByText('A run of this job is already waiting to start.')).toBeTruthy();
    expect(screen.getByText('Auto-close of stale rounds was not started')).toBeTruthy();

    api.engineRunning = false;
    await user.click(screen.getByRole('button', { name: 'Run now: Housekeeping' }));
    expect(
      await screen.findByText('Background jobs do not run on this server; try again later.'),
    ).toBeTruthy();
    expect(api.runNowRequests()).toEqual(['auto-close', 'housekeeping']);
  });

  it("opens a job's history in a drawer and loads older runs", async () => {
    const { api } = installApi();
    const runs = api.addRuns('housekeeping', 62, at(-MINUTE));
    const { user, router } = await renderRoutes(routes, {
      initialEntries: [URL_PATH],
      language: 'en',
      session: testSession(),
    });
    await user.click(await screen.findByRole('button', { name: 'History: Housekeeping' }));
    const drawer = await screen.findByRole('dialog', { name: 'Runs of Housekeeping' });
    expect(router.state.location.search).toBe('?runs=housekeeping');
    const runsTable = () => within(drawer).getByRole('table', { name: 'Runs of Housekeeping' });
    const firstPage = await waitForRows(runsTable, 50);
    expect(firstPage[0]).toEqual([
      plain(formatInstant(runs[0]!.startedAt, 'en')),
      'Succeeded',
      '800 ms',
      'Schedule',
      '–',
      '–',
    ]);
    expect(within(drawer).getByTestId('runs-shown').textContent).toBe('50 runs shown');

    await user.click(within(drawer).getByRole('button', { name: 'Load older runs' }));
    const all = await waitForRows(runsTable, 62);
    expect(all.at(-1)![0]).toBe(plain(formatInstant(runs[61]!.startedAt, 'en')));
    expect(api.runsRequests('housekeeping')).toEqual([null, runs[49]!.startedAt]);
    expect(within(drawer).queryByRole('button', { name: 'Load older runs' })).toBeNull();

    await user.click(within(drawer).getByRole('button', { name: 'Close the runs' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the history from the URL, with an error text in the run', async () => {
    const { api } = installApi();
    api.runs.set('auto-close', [
      api.run({ startedAt: at(-MINUTE), finishedAt: at(-MINUTE), outcome: 'failed', error: 'boom' }),
      api.run({ startedAt: at(-2 * MINUTE), outcome: 'interrupted' }),
    ]);
    await renderRoutes(routes, {
      initialEntries: [`${URL_PATH}?runs=auto-close`],
      language: 'de',
      session: testSession(),
    });
    const drawer = await screen.findByRole('dialog', {
      name: 'Läufe von Automatisches Schließen alter Runden',
    });
    const rows = await waitForRows(
      () => within(drawer).getByRole('table', { name: 'Läufe von Automatisches Schließen alter Runden' }),
      2,
    );
    expect(rows.map((cells) => [cells[1], cells[5]])).toEqual([
      ['Fehlgeschlagen', 'boom'],
      ['Abgebrochen', '–'],
    ]);
    expect(within(drawer).queryByRole('button', { name: 'Ältere Läufe laden' })).toBeNull();
  });
});

describe('schedule phrases', () => {
  beforeAll(() => setLanguage('en'));

  it.each([
    ['* * * * *', 'every minute', 'jede Minute'],
    ['*/1 * * * *', 'every minute', 'jede Minute'],
    ['*/15 * * * *', 'every 15 minutes', 'alle 15 Minuten'],
    ['5 * * * *', 'every hour at minute 5', 'stündlich zur Minute 5'],
    ['30 */6 * * *', 'every 6 hours at minute 30', 'alle 6 Stunden zur Minute 30'],
    ['0 3 * * *', 'daily at 03:00 UTC', 'täglich um 03:00 UTC'],
    ['15 22 * * 1', 'weekly on Monday at 22:15 UTC', 'wöchentlich am Montag um 22:15 UTC'],
    ['0 0 * * 7', 'weekly on Sunday at 00:00 UTC', 'wöchentlich am Sonntag um 00:00 UTC'],
    ['0 4 1 * *', 'monthly on day 1 at 04:00 UTC', 'monatlich am 1. um 04:00 UTC'],
  ])('%s reads "%s" and "%s"', (cron, english, german) => {
    expect(schedulePhrase(cron, i18n.getFixedT('en'), 'en')).toBe(english);
    expect(schedulePhrase(cron, i18n.getFixedT('de'), 'de')).toBe(german);
  });

  it.each([
    '5 4 * * 1-5',
    '0 3 1 1 *',
    '0 3 * * * *',
    '*/5 3 * * *',
    '0 25 * * *',
    '61 * * * *',
    '0 3 1 * 1',
    'nonsense',
  ])('%s has no phrase (the cron shows alone)', (cron) => {
    expect(schedulePhrase(cron, i18n.getFixedT('en'), 'en')).toBeNull();
  });
});

describe('run summaries', () => {
  it.each(jobSummaryCounts)('name the count %s in both languages', async (count) => {
    await loadAreaTexts('jobs');
    for (const language of ['en', 'de'] as const) {
      const t = i18n.getFixedT(language);
      expect(t(`jobs.summary.counts.${count}`, { defaultValue: '' }), language).not.toBe('');
    }
  });

  it('read as words, not keys, e.g. the configuration delivery’s', async () => {
    await loadAreaTexts('jobs');
    const run = { summary: { failed: 0, alerted: 1, delivered: 2 } } as unknown as JobRun;
    expect(runSummary(run, i18n.getFixedT('de'), 'de')).toBe(
      'fehlgeschlagen 0 · Alarme ausgelöst 1 · übertragen 2',
    );
  });
});
