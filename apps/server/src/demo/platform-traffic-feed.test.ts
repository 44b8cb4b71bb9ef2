/**
 * tools/platform-traffic as a reader of the support feed, without a database: the tool's view of open
 * rounds and savegames under support actions (also delivered twice), the feed client against an in-memory
 * feed that keeps the contract (oldest first, again until acknowledged, acknowledging beyond the last
 * position refused), and live mode against a small HTTP stand-in of the back office: a round that support
 * closes while the tool holds it open is never finished by the tool. The same against the real server is
 * in platform-traffic-feed.server.test.ts.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlatformRound, SupportAction } from '@backoffice/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { describeAction, PlatformView } from '../../../../tools/platform-traffic/platform-view';
import {
  drainSupportFeed,
  followSupportFeed,
  SupportFeedClient,
  SupportFeedError,
} from '../../../../tools/platform-traffic/support-feed';
import { sendTraffic, type TrafficOptions } from '../../../../tools/platform-traffic/traffic';

const KEY = 'bok_test-key';
const URL_ = 'http://back-office.test';

const round = (roundId: string, overrides: Partial<PlatformRound> = {}): PlatformRound => ({
  roundId,
  casinoId: 'casino-a',
  playerId: 'player-1',
  gameId: 'game-a',
  startedAt: '2026-05-14T10:00:00.000Z',
  updatedAt: '2026-05-14T10:00:03.000Z',
  status: 'completed',
  currency: 'EUR',
  debit: 100,
  credit: 0,
  totalWin: 0,
  ...overrides,
});

const roundClosed = (position: number, roundId: string, casinoId = 'casino-a'): SupportAction => ({
  position,
  kind: 'round-closed',
  happenedAt: '2026-05-14T10:00:02.000Z',
  casinoId,
  playerId: 'player-1',
  roundId,
  startedAt: '2026-05-14T10:00:00.000Z',
  status: 'manualClose',
  booking: 'win',
  amount: 250,
  currency: 'EUR',
  bridgeBookingId: 'bk-1',
  gameId: null,
  deletion: null,
  reason: 'Stuck after a disconnect',
});

const savegameDeleted = (
  position: number,
  gameId: string,
  deletion: 'hard' | 'soft',
  happenedAt = '2026-05-14T11:00:00.000Z',
): SupportAction => ({
  position,
  kind: 'savegame-deleted',
  happenedAt,
  casinoId: 'casino-a',
  playerId: 'player-1',
  roundId: null,
  startedAt: null,
  status: null,
  booking: null,
  amount: null,
  currency: null,
  bridgeBookingId: null,
  gameId,
  deletion,
  reason: 'Player asked for a fresh start',
});

describe('the platform view of the traffic tool under support actions', () => {
  it('drops an open round that support closed, so it is never finished; twice changes nothing', () => {
    const view = new PlatformView();
    view.holdOpen(round('r-1'), 1_000);
    view.holdOpen(round('r-2'), 2_000);
    view.holdOpen(round('r-1', { casinoId: 'casino-b' }), 1_000);

    expect(view.apply(roundClosed(1, 'r-1'))).toBe('round-dropped');
    expect(view.isOpen('casino-a', 'r-1')).toBe(false);
    // The same round id in another casino is another round.
    expect(view.isOpen('casino-b', 'r-1')).toBe(true);
    expect(view.apply(roundClosed(1, 'r-1'))).toBe('already-applied');
    // Delivered again after the view forgot the position (a new run): still harmless.
    expect(new PlatformView().apply(roundClosed(1, 'r-1'))).toBe('round-not-held');
    expect(view.apply(roundClosed(2, 'r-9'))).toBe('round-not-held');
    expect(view.applied).toBe(2);
    expect(view.dropped).toBe(1);

    expect(view.takeDue(1_500).map((r) => `${r.casinoId}/${r.roundId}`)).toEqual(['casino-b/r-1']);
    expect(view.takeDue().map((r) => r.roundId)).toEqual(['r-2']);
    expect(view.openRounds).toBe(0);
  });

  it('forgets a hard-deleted savegame and clears the state of a soft-deleted one; a later save stands', () => {
    const view = new PlatformView();
    const at = (updatedAt: string) => ({ casinoId: 'casino-a', playerId: 'player-1', updatedAt });
    const fresh = { level: 3, freeSpinsLeft: 2 };
    view.save({ ...at('2026-05-14T10:00:00.000Z'), gameId: 'game-a' }, fresh);
    const second = view.save({ ...at('2026-05-14T10:30:00.000Z'), gameId: 'game-a' }, fresh);
    // A saved game continues: one level up.
    expect(second).toMatchObject({ state: { level: 4 }, data: { saves: 2 } });
    view.save({ ...at('2026-05-14T10:00:00.000Z'), gameId: 'game-b' }, fresh);

    expect(view.apply(savegameDeleted(1, 'game-a', 'soft'))).toBe('savegame-state-cleared');
    expect(view.savegame('casino-a', 'player-1', 'game-a')).toMatchObject({ state: null, saves: 2 });
    // Without its state the game starts over; the savegame itself stays.
    const afterSoft = view.save({ ...at('2026-05-14T12:00:00.000Z'), gameId: 'game-a' }, fresh);
    expect(afterSoft).toMatchObject({ state: { level: 3 }, data: { saves: 3 } });
    // The soft delete delivered again does not clear what the player saved since.
    expect(view.apply(savegameDeleted(1, 'game-a', 'soft'))).toBe('already-applied');
    expect(new PlatformView().apply(savegameDeleted(1, 'game-a', 'soft'))).toBe('savegame-not-held');
    expect(view.savegame('casino-a', 'player-1', 'game-a')?.state).toEqual({ level: 3, freeSpinsLeft: 2 });
    // Nor does a later deletion that happened before that save.
    expect(view.apply(savegameDeleted(2, 'game-a', 'hard', '2026-05-14T11:59:00.000Z'))).toBe(
      'savegame-saved-since',
    );

    expect(view.apply(savegameDeleted(3, 'game-b', 'hard'))).toBe('savegame-forgotten');
    expect(view.savegame('casino-a', 'player-1', 'game-b')).toBeUndefined();
    expect(view.apply(savegameDeleted(4, 'game-b', 'hard'))).toBe('savegame-not-held');
    const anew = view.save({ ...at('2026-05-14T13:00:00.000Z'), gameId: 'game-b' }, fresh);
    expect(anew).toMatchObject({ state: { level: 3 }, data: { saves: 1 } });
    expect(view.savegames).toBe(2);
  });

  it('says in one line what each action was and what it did', () => {
    expect(describeAction(roundClosed(7, 'r-1'), 'round-dropped')).toBe(
      'support #7: round r-1 of casino-a/player-1 closed (manualClose, win 250 EUR): ' +
        'dropped: this run no longer finishes it',
    );
    expect(
      describeAction({ ...roundClosed(8, 'r-2'), booking: 'none', amount: 0 }, 'round-not-held'),
    ).toMatch(/^support #8: round r-2 of casino-a\/player-1 closed \(manualClose, no booking\): not open/);
    expect(describeAction(savegameDeleted(9, 'game-a', 'soft'), 'savegame-state-cleared')).toBe(
      'support #9: savegame game-a of casino-a/player-1 deleted (soft): ' +
        'game state cleared: the next save starts the game over',
    );
  });
});

/** An in-memory feed keeping the contract, answering through a fetch stand-in. */
function fakeFeed(initial: SupportAction[] = []) {
  const actions = [...initial];
  let acknowledged = 0;
  const requests: { method: string; path: string; body?: unknown; appliedThen?: number }[] = [];
  const failures: { method: string; status: number }[] = [];
  let view: PlatformView | undefined;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchFake = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as { upTo: number }) : undefined;
    requests.push({ method, path: url.pathname + url.search, body, appliedThen: view?.applied });
    if ((init?.headers as Record<string, string>).authorization !== `Bearer ${KEY}`) {
      return json(401, { code: 'UNAUTHENTICATED' });
    }
    const failure = failures.findIndex((f) => f.method === method);
    if (failure >= 0) {
      const { status } = failures.splice(failure, 1)[0]!;
      return json(status, { code: 'INTERNAL', message: 'Something went wrong' });
    }
    if (method === 'GET' && url.pathname === '/api/platform/v1/support-actions') {
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const items = actions.filter((action) => action.position > acknowledged).slice(0, limit);
      return json(200, { items, acknowledged });
    }
    if (method === 'POST' && url.pathname === '/api/platform/v1/support-actions/ack') {
      if (body!.upTo > actions.length) return json(400, { code: 'VALIDATION_FAILED' });
      acknowledged = Math.max(acknowledged, body!.upTo);
      return json(200, { acknowledged });
    }
    return json(404, { code: 'NOT_FOUND', message: 'Route not found' });
  }) as typeof fetch;
  return {
    fetch: fetchFake,
    requests,
    push: (...more: SupportAction[]) => actions.push(...more),
    failNext: (method: string, status: number) => failures.push({ method, status }),
    watch: (watched: PlatformView) => (view = watched),
    get acknowledged() {
      return acknowledged;
    },
  };
}

describe('the support feed client', () => {
  it('reads with the key and a limit, and acknowledges a position', async () => {
    const feed = fakeFeed([roundClosed(1, 'r-1'), roundClosed(2, 'r-2')]);
    const client = new SupportFeedClient({ url: URL_, key: KEY, fetch: feed.fetch });
    const read = await client.read(1);
    expect(read).toEqual({ items: [roundClosed(1, 'r-1')], acknowledged: 0 });
    expect(await client.acknowledge(2)).toBe(2);
    expect(await client.read()).toEqual({ items: [], acknowledged: 2 });
    // Lower than acknowledged already: a no-op that answers the position kept.
    expect(await client.acknowledge(1)).toBe(2);
    expect(feed.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/platform/v1/support-actions?limit=1',
      'POST /api/platform/v1/support-actions/ack',
      'GET /api/platform/v1/support-actions?limit=100',
      'POST /api/platform/v1/support-actions/ack',
    ]);
    expect(feed.requests[1]!.body).toEqual({ upTo: 2 });
  });

  it('fails with the status and the answer’s code, and on a body that is not the contract’s', async () => {
    const feed = fakeFeed([roundClosed(1, 'r-1')]);
    const client = new SupportFeedClient({ url: URL_, key: KEY, fetch: feed.fetch });
    await expect(client.acknowledge(5)).rejects.toMatchObject({
      status: 400,
      message: 'POST support-actions/ack answered 400: VALIDATION_FAILED',
    });
    const wrongKey = new SupportFeedClient({ url: URL_, key: 'bok_other', fetch: feed.fetch });
    await expect(wrongKey.read()).rejects.toMatchObject({ status: 401 });
    const elsewhere = new SupportFeedClient({ url: `${URL_}/`, key: KEY, fetch: feed.fetch });
    await expect(elsewhere.acknowledge(0)).resolves.toBe(0);

    const odd = new SupportFeedClient({
      url: URL_,
      key: KEY,
      fetch: (async () => Response.json({ items: [{ position: 0 }], acknowledged: 0 })) as typeof fetch,
    });
    await expect(odd.read()).rejects.toThrow(/unexpected body/);
    const down = new SupportFeedClient({
      url: URL_,
      key: KEY,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    await expect(down.read()).rejects.toBeInstanceOf(SupportFeedError);
    await expect(down.read()).rejects.toThrow('GET support-actions: no answer (fetch failed)');
  });
});

describe('draining the support feed', () => {
  it('applies the actions in order, one line each, and acknowledges each page after applying it', async () => {
    const actions = [1, 2, 3, 4, 5].map((position) => roundClosed(position, `r-${position}`));
    const feed = fakeFeed(actions);
    const view = new PlatformView();
    feed.watch(view);
    view.holdOpen(round('r-2'), 0);
    view.holdOpen(round('r-5'), 0);
    view.holdOpen(round('r-6'), 0);
    const lines: string[] = [];
    const client = new SupportFeedClient({ url: URL_, key: KEY, fetch: feed.fetch });

    const pass = await drainSupportFeed(client, view, (line) => lines.push(line), { limit: 2 });
    expect(pass).toEqual({ read: 5, applied: 5, acknowledged: 5 });
    expect(lines.map((line) => line.slice(0, line.indexOf(':')))).toEqual(
      [1, 2, 3, 4, 5].map((position) => `support #${position}`),
    );
    expect(lines.filter((line) => line.endsWith('dropped: this run no longer finishes it'))).toHaveLength(2);
    expect(view.takeDue().map((r) => r.roundId)).toEqual(['r-6']);
    // Pages of two: read, acknowledge, …; a short page ends the pass. Each acknowledgement came after
    // the view had applied what it acknowledges.
    const acks = feed.requests.filter((request) => request.method === 'POST');
    expect(acks.map((request) => request.body)).toEqual([{ upTo: 2 }, { upTo: 4 }, { upTo: 5 }]);
    expect(acks.map((request) => request.appliedThen)).toEqual([2, 4, 5]);
    expect(feed.requests.filter((request) => request.method === 'GET')).toHaveLength(3);
    expect(feed.acknowledged).toBe(5);
  });

  it('when an acknowledgement is lost, gets the same actions again and applies them once', async () => {
    const feed = fakeFeed([roundClosed(1, 'r-1'), savegameDeleted(2, 'game-a', 'hard')]);
    const view = new PlatformView();
    view.holdOpen(round('r-1'), 0);
    view.save(
      { casinoId: 'casino-a', playerId: 'player-1', gameId: 'game-a', updatedAt: '2026-05-14T10:00:00Z' },
      {
        level: 1,
        freeSpinsLeft: 0,
      },
    );
    const lines: string[] = [];
    const client = new SupportFeedClient({ url: URL_, key: KEY, fetch: feed.fetch });

    feed.failNext('POST', 503);
    await expect(drainSupportFeed(client, view, (line) => lines.push(line))).rejects.toMatchObject({
      status: 503,
    });
    expect(feed.acknowledged).toBe(0);
    expect(view.applied).toBe(2);
    expect(view.savegames).toBe(0);

    const again = await drainSupportFeed(client, view, (line) => lines.push(line));
    expect(again).toEqual({ read: 2, applied: 0, acknowledged: 2 });
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(/^support #1: .*: applied before \(delivered again\)$/),
      expect.stringMatching(/^support #2: .*: applied before \(delivered again\)$/),
    ]);
    expect(view.dropped).toBe(1);
    expect(await drainSupportFeed(client, view, () => {})).toEqual({ read: 0, applied: 0, acknowledged: 2 });
  });

  it('follows the feed until stopped, tries again after a failure, gives up without a feed', async () => {
    const feed = fakeFeed([roundClosed(1, 'r-1')]);
    const view = new PlatformView();
    const lines: string[] = [];
    const client = new SupportFeedClient({ url: URL_, key: KEY, fetch: feed.fetch });
    const stop = new AbortController();
    feed.failNext('GET', 500);
    feed.failNext('GET', 500);
    const following = followSupportFeed({
      client,
      view,
      log: (line) => lines.push(line),
      everyMs: 20,
      signal: stop.signal,
    });
    await expect.poll(() => feed.acknowledged).toBe(1);
    feed.push(savegameDeleted(2, 'game-a', 'soft'));
    await expect.poll(() => feed.acknowledged).toBe(2);
    stop.abort();
    expect(await following).toEqual({ applied: 2, gaveUp: false });
    // The same failure twice is one line.
    expect(lines.filter((line) => line.startsWith('support feed:'))).toEqual([
      'support feed: GET support-actions answered 500: INTERNAL Something went wrong; trying again',
    ]);
    expect(lines.filter((line) => line.startsWith('support #'))).toHaveLength(2);

    const without = new SupportFeedClient({
      url: URL_,
      key: KEY,
      fetch: (async () => Response.json({ code: 'NOT_FOUND' }, { status: 404 })) as typeof fetch,
    });
    const gone: string[] = [];
    expect(await followSupportFeed({ client: without, view, log: (line) => gone.push(line) })).toEqual({
      applied: 0,
      gaveUp: true,
    });
    expect(gone).toEqual([
      'support feed: GET support-actions answered 404: NOT_FOUND; not reading it any more',
    ]);
  });
});

/**
 * A stand-in of the back office over HTTP: takes players, rounds and savegames, and serves a feed in which
 * support closes the first round it receives open (or no feed: an older back office). With `withheld`, the
 * feed shows the close only after `release()`.
 */
async function standIn({
  feed = true,
  withheld = false,
}: { feed?: boolean; withheld?: boolean } = {}): Promise<{
  url: string;
  received: PlatformRound[];
  acknowledged: () => number;
  closed: () => PlatformRound | undefined;
  release: () => void;
  server: Server;
}> {
  let released = !withheld;
  const received: PlatformRound[] = [];
  const actions: SupportAction[] = [];
  let acknowledged = 0;
  let closed: PlatformRound | undefined;
  const bodyOf = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.headers.authorization !== `Bearer ${KEY}`) return answer(401, { code: 'UNAUTHENTICATED' });
      const path = url.pathname.replace('/api/platform/v1/', '');
      if (request.method === 'POST' && ['players', 'rounds', 'savegames'].includes(path)) {
        const items = body[path] as unknown[];
        if (path === 'rounds') {
          for (const item of items as PlatformRound[]) {
            received.push(item);
            // Support closes the first open round, with a booking of its bet as a refund.
            if (feed && !closed && item.status === 'open') {
              closed = item;
              actions.push({
                ...roundClosed(1, item.roundId, item.casinoId),
                playerId: item.playerId,
                startedAt: item.startedAt,
                booking: 'refund',
                amount: item.debit,
                currency: item.currency,
              });
            }
          }
        }
        return answer(200, { received: items.length, inserted: items.length, updated: 0, unchanged: 0 });
      }
      if (!feed) return answer(404, { code: 'NOT_FOUND', message: 'Route not found' });
      if (request.method === 'GET' && path === 'support-actions') {
        const visible = released ? actions : [];
        return answer(200, { items: visible.filter((a) => a.position > acknowledged), acknowledged });
      }
      if (request.method === 'POST' && path === 'support-actions/ack') {
        const upTo = (body as { upTo: number }).upTo;
        if (upTo > actions.length) return answer(400, { code: 'VALIDATION_FAILED' });
        acknowledged = Math.max(acknowledged, upTo);
        return answer(200, { acknowledged });
      }
      answer(404, { code: 'NOT_FOUND' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    acknowledged: () => acknowledged,
    closed: () => closed,
    release: () => (released = true),
    server,
  };
}

describe('live traffic reading the support feed', () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (server) await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  });

  it('never finishes a round that support closed while the tool held it open', async () => {
    const backOffice = await standIn();
    server = backOffice.server;
    const lines: string[] = [];
    const view = new PlatformView();
    const stop = new AbortController();
    const running = sendTraffic({
      url: backOffice.url,
      key: KEY,
      casinos: ['casino-a'],
      currencies: ['EUR'],
      games: ['game-a'],
      live: { ratePerSecond: 40 },
      playersPerCasino: 3,
      seed: 3,
      signal: stop.signal,
      log: (line) => lines.push(line),
      supportFeed: { everyMs: 50, view },
    });
    await expect.poll(() => backOffice.acknowledged(), { timeout: 5_000 }).toBe(1);
    stop.abort();
    const result = await running;

    const closed = backOffice.closed()!;
    const states = backOffice.received.filter((r) => r.roundId === closed.roundId);
    expect(states.map((r) => r.status)).toEqual(['open']);
    expect(result).toMatchObject({ supportActions: 1, dropped: 1 });
    expect(result.updates).toBe(result.rounds - 1);
    // Every other round was finished: sent open, then completed or refunded.
    const finished = new Set(backOffice.received.filter((r) => r.status !== 'open').map((r) => r.roundId));
    expect(finished.size).toBe(result.rounds - 1);
    expect(lines).toContainEqual(
      `support #1: round ${closed.roundId} of casino-a/${closed.playerId} closed ` +
        `(manualClose, refund ${closed.debit} EUR): dropped: this run no longer finishes it`,
    );
    expect(view.openRounds).toBe(0);
  });

  it('reads the feed once more when stopping, before it finishes the rounds still open', async () => {
    const backOffice = await standIn({ withheld: true });
    server = backOffice.server;
    const lines: string[] = [];
    const stop = new AbortController();
    const running = sendTraffic({
      url: backOffice.url,
      key: KEY,
      casinos: ['casino-a'],
      currencies: ['EUR'],
      games: ['game-a'],
      live: { ratePerSecond: 40 },
      playersPerCasino: 3,
      signal: stop.signal,
      log: (line) => lines.push(line),
      // Only the pass at the start, then none for a long while.
      supportFeed: { everyMs: 60_000 },
    });
    await expect.poll(() => backOffice.closed()).toBeDefined();
    // Support closed the round just now; the tool stops before its next pass and before the round ends.
    backOffice.release();
    stop.abort();
    const result = await running;
    const closed = backOffice.closed()!;
    expect(backOffice.received.filter((r) => r.roundId === closed.roundId).map((r) => r.status)).toEqual([
      'open',
    ]);
    expect(result).toMatchObject({ supportActions: 1, dropped: 1, updates: result.rounds - 1 });
    expect(backOffice.acknowledged()).toBe(1);
    expect(lines.filter((line) => line.startsWith('support #1:'))).toHaveLength(1);
  });

  it('runs without the feed when told so, and with one line when the back office has none', async () => {
    const traffic = (url: string, more: Partial<TrafficOptions>) =>
      sendTraffic({
        url,
        key: KEY,
        casinos: ['casino-a'],
        currencies: ['EUR'],
        games: ['game-a'],
        live: { ratePerSecond: 40 },
        playersPerCasino: 3,
        ...more,
      });
    for (const [withFeed, option] of [
      [true, false],
      [false, { everyMs: 50 }],
    ] as const) {
      const backOffice = await standIn({ feed: withFeed });
      server = backOffice.server;
      const lines: string[] = [];
      const stop = new AbortController();
      const running = traffic(backOffice.url, {
        signal: stop.signal,
        log: (line) => lines.push(line),
        supportFeed: option,
      });
      await expect.poll(() => backOffice.received.length).toBeGreaterThan(10);
      await new Promise((resolve) => setTimeout(resolve, 200));
      stop.abort();
      const result = await running;
      expect(result).toMatchObject({ supportActions: 0, dropped: 0 });
      expect(result.updates).toBe(result.rounds);
      expect(backOffice.acknowledged()).toBe(0);
      expect(lines.filter((line) => line.startsWith('support'))).toEqual(
        withFeed
          ? []
          : [
              'support feed: GET support-actions answered 404: NOT_FOUND Route not found; not reading it any more',
            ],
      );
      await new Promise((resolve) => backOffice.server.close(resolve));
      server = undefined;
    }
  });
});
