import type { Language, Role, TimelineEntry } from '@backoffice/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSupportApi } from '../../test/fake-support-api';
import { fieldsOf } from '../../test/tables';
import { openSupportScreen } from './test-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUND = '/support/last-game-rounds/r-1?casinoId=casino-de';
const CLOSE = '/support/rounds/casino-de/r-1/close';

/** One open round of Alice in casino-de: a bet of €2.50 and, unless told otherwise, nothing won. */
function roundApi(role: Role = 'support', won = 0): FakeSupportApi {
  const api = new FakeSupportApi(role);
  api.addRound({
    roundId: 'r-1',
    playerId: 'alice',
    status: 'open',
    providerRoundId: 'prov-1',
    debit: 250,
    totalWin: won,
    voucherCode: 'SPRING',
    fundsAtStart: 10_000,
    fundsAtEnd: 9_750,
    displayedOutcome: { reels: [[7, 7, 1]] },
    moneySplit: { real: 200, bonus: 50, voucher: 0 },
  });
  return api;
}

const open = (api: FakeSupportApi, language: Language = 'en', role: Role = 'support') =>
  openSupportScreen(api, ROUND, { language, role });

/** Waits for an alert (error or notice) that says `text`. */
const alertSaying = (text: string) =>
  waitFor(() =>
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(text))).toBe(true),
  );

const closeSection = () => screen.findByRole('region', { name: 'Close the round' });
const closureSection = () => screen.findByRole('region', { name: 'Close of the round' });

/** Chooses a way to close, gives the reason and types the round id. */
async function closeWith(user: Awaited<ReturnType<typeof open>>['user'], button: string, reason: string) {
  await user.click(within(await closeSection()).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: 'Close game round r-1?' });
  const confirm = within(dialog).getByRole('button', { name: button });
  await user.type(within(dialog).getByLabelText('Confirmation text'), 'r-1');
  // The reason is required.
  expect((confirm as HTMLButtonElement).disabled).toBe(true);
  await user.type(within(dialog).getByLabelText(/^Reason/), reason);
  await user.click(confirm);
  return dialog;
}

describe('a round for support', () => {
  it('shows every field of the round, its player as a link, and its timeline', async () => {
    const api = roundApi();
    await open(api);
    const fields = fieldsOf(await screen.findByRole('table', { name: 'Fields of the round' }));
    expect(fields).toMatchObject({
      Casino: 'casino-de',
      'Round id': 'r-1',
      'Game provider round id': 'prov-1',
      'Player id': 'alice',
      Game: 'book-of-stars',
      Status: 'Open',
      Debit: '€2.50',
      Credit: '€0.00',
      'Total win': '€0.00',
      'Voucher code': 'SPRING',
      'Funds at start': '€100.00',
      'Funds at end': '€97.50',
    });
    expect(screen.getByRole('link', { name: 'alice' }).getAttribute('href')).toBe(
      '/support/player?casinoId=casino-de&playerId=alice&casino=casino-de&player=alice',
    );
    const split = screen.getByRole('table', { name: 'Money split of the bet' });
    expect(fieldsOf(split)).toEqual({
      'Real money': '€2.00',
      'Bonus money': '€0.50',
      'Voucher money': '€0.00',
    });
    expect(JSON.parse(screen.getByLabelText('Displayed outcome').textContent!)).toEqual({
      reels: [[7, 7, 1]],
    });
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('State of the round')).toBeTruthy();
    expect(within(timeline).getByText('reported by the platform')).toBeTruthy();
    expect(within(timeline).getByText('Debit €2.50 · credit €0.00 · total win €0.00')).toBeTruthy();
    // No close yet.
    expect(screen.queryByRole('region', { name: 'Close of the round' })).toBeNull();
  });

  it('offers the three ways to close; a refund after a win is disabled with its reason', async () => {
    const api = roundApi('support', 1_000);
    const { user } = await open(api);
    const actions = await closeSection();
    const refund = within(actions).getByRole('button', { name: 'Refund the bet (€2.50)' });
    expect(refund.getAttribute('aria-disabled')).toBe('true');
    const reason = 'Refund is not possible once the player has won.';
    expect(within(actions).getByText(reason)).toBeTruthy();
    expect(document.getElementById(refund.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    await user.click(refund);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Book the total win (€10.00)' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Close without booking' })).toBeTruthy();
  });

  it('closes with the reason and the typed round id, then shows the round closed', async () => {
    const api = roundApi('support', 1_000);
    const { user } = await open(api);
    await closeWith(user, 'Book the total win (€10.00)', '  Game crashed after the win  ');

    expect(await screen.findByText('The total win was booked and the round closed.')).toBeTruthy();
    expect(api.posts()).toEqual([
      {
        path: CLOSE,
        body: { booking: 'win', reason: 'Game crashed after the win', confirmation: 'r-1' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const closure = fieldsOf(within(await closureSection()).getByRole('table', { name: 'Close' }));
    expect(closure).toMatchObject({
      State: 'Closed',
      Booking: 'Booking of the total win',
      Amount: '€10.00',
      'Idempotency key': 'close-key-1',
      Attempts: '1',
      'Booking id of the bridge': 'bk-1',
      Reason: 'Game crashed after the win',
      'Requested by': 'support',
    });
    expect(screen.queryByRole('region', { name: 'Close the round' })).toBeNull();
    const fields = fieldsOf(screen.getByRole('table', { name: 'Fields of the round' }));
    expect(fields['Status']).toBe('Closed manually');
  });

  it('keeps a close whose outcome is unknown pending, with "Retry booking" sending the same booking again', async () => {
    const api = roundApi();
    api.closures.bridge = 'timeout';
    const { user } = await open(api);
    await closeWith(user, 'Refund the bet (€2.50)', 'stuck');

    // The error first, then the close as the server keeps it: pending.
    await alertSaying('Bridge does not respond.');
    const closure = await closureSection();
    expect(await within(closure).findByText('Booking pending')).toBeTruthy();
    expect(within(closure).getByText(/Last error: Bridge does not respond\./)).toBeTruthy();
    expect(fieldsOf(within(closure).getByRole('table', { name: 'Close' }))).toMatchObject({
      State: 'Pending',
      'Idempotency key': 'close-key-1',
      Attempts: '1',
      'Last error': 'Bridge does not respond.',
    });
    // Nothing else may be asked for while the booking is pending.
    expect(screen.queryByRole('region', { name: 'Close the round' })).toBeNull();

    api.closures.bridge = 'book';
    await user.click(within(closure).getByRole('button', { name: 'Retry booking' }));
    expect(await screen.findByText('The booking was sent again.')).toBeTruthy();
    expect(api.posts().at(-1)).toEqual({ path: '/support/rounds/casino-de/r-1/retry', body: {} });
    await waitFor(() =>
      expect(fieldsOf(within(closure).getByRole('table', { name: 'Close' }))).toMatchObject({
        State: 'Closed',
        Attempts: '2',
        'Booking id of the bridge': 'bk-2',
      }),
    );
    expect(
      screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes('Bridge does')),
    ).toEqual([]);
    // Both calls went out with the same key.
    const calls = screen.getAllByRole('table', { name: /^Call to the bridge at / });
    expect(calls.map((call) => fieldsOf(call)['Idempotency key'])).toEqual(['close-key-1', 'close-key-1']);
  });

  it('says why a rejected booking failed, and offers closing again', async () => {
    const api = roundApi();
    api.closures.bridge = 'reject';
    const { user } = await open(api);
    await closeWith(user, 'Refund the bet (€2.50)', 'stuck');

    const message = 'The operator refused the booking.';
    await alertSaying(message);
    const closure = await closureSection();
    expect(await within(closure).findByText('Booking rejected')).toBeTruthy();
    expect(
      within(closure).getByText(
        `The bridge rejected the booking: ${message} The round is open again and can be closed in a new attempt.`,
      ),
    ).toBeTruthy();
    expect(fieldsOf(within(closure).getByRole('table', { name: 'Close' }))['State']).toBe('Rejected');
    // A new attempt is possible.
    const actions = await closeSection();
    expect(
      within(actions).getByRole('button', { name: 'Refund the bet (€2.50)' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('shows a bridge call with its key, request and answer — and nothing else the answer might hold', async () => {
    const api = roundApi();
    const call = {
      kind: 'bridge-call',
      at: '2025-03-01T10:05:00.000Z',
      durationMs: 1_200,
      request: {
        method: 'POST',
        path: '/bookings/refund',
        idempotencyKey: 'key-42',
        body: { roundId: 'r-1', amount: 250 },
        headers: { 'x-bridge-signature': 'sig-secret-123' },
      },
      outcome: 'unknown',
      answer: { status: 504, body: null, error: 'BRIDGE_TIMEOUT' },
      secret: 'shh-secret-456',
    } as unknown as TimelineEntry;
    api.closures.addTimeline('casino-de', 'r-1', call);
    await open(api);
    const table = await screen.findByRole('table', { name: /^Call to the bridge at / });
    expect(fieldsOf(table)).toMatchObject({
      Method: 'POST',
      Path: '/bookings/refund',
      'Idempotency key': 'key-42',
      Outcome: 'Unknown',
      Duration: '1200 ms',
      'Answer status': '504',
      Error: 'Bridge does not respond.',
    });
    expect(JSON.parse(within(table).getByLabelText('Request body').textContent!)).toEqual({
      roundId: 'r-1',
      amount: 250,
    });
    const page = document.body.textContent ?? '';
    for (const secret of ['x-bridge-signature', 'sig-secret-123', 'shh-secret-456'])
      expect(page).not.toContain(secret);
  });
});

describe('a round for readers who may not act', () => {
  it('shows QA the round and its pending close without any button to act, in German', async () => {
    const api = roundApi('qa');
    api.closures.setClosure('casino-de', 'r-1', { state: 'pending', lastError: 'BRIDGE_UNREACHABLE' });
    await open(api, 'de', 'qa');
    const closure = await screen.findByRole('region', { name: 'Schließen der Runde' });
    expect(within(closure).getByText('Buchung ausstehend')).toBeTruthy();
    expect(within(closure).getByText(/Letzter Fehler: Keine Verbindung zur Bridge\./)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Felder der Runde' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Runde schließen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /erstatten|buchen|schließen|wiederholen/i })).toBeNull();
  });

  it('shows QA no close buttons on an open round either', async () => {
    await open(roundApi('qa'), 'en', 'qa');
    expect(await screen.findByRole('table', { name: 'Fields of the round' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Close the round' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refund|Book|Close without/ })).toBeNull();
  });
});

describe('closing in German', () => {
  it('names the choices and the reason a refund is ruled out in German', async () => {
    const api = roundApi('admin', 1_000);
    await open(api, 'de', 'admin');
    const actions = await screen.findByRole('region', { name: 'Runde schließen' });
    expect(
      within(actions)
        .getByRole('button', { name: /^Einsatz erstatten \(2,50\s€\)$/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(
      within(actions).getByText('Eine Erstattung ist nicht möglich, sobald der Spieler gewonnen hat.'),
    ).toBeTruthy();
    expect(within(actions).getByRole('button', { name: /^Gesamtgewinn buchen \(10,00\s€\)$/ })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Ohne Buchung schließen' })).toBeTruthy();
  });
});
