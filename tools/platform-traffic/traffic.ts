/**
 * Platform traffic through the real ingest API (`POST {url}/api/platform/v1/players|rounds|savegames`),
 * as a game platform would send it: first the players, then rounds in batches. Two modes:
 *
 * - volume (`rounds`): a given number of finished rounds as fast as `concurrency` parallel requests go;
 * - live (`live`): a steady rate of new rounds, each sent open when it starts and again completed or
 *   refunded a few seconds later, until the signal aborts (the open ones are then finished and sent).
 *   Meanwhile it follows the integration's support feed (support-feed.ts) as a platform must: a round that
 *   support closed is no longer finished by the tool, a deleted savegame is forgotten.
 *
 * The numbers are believable, not exact: bets from a ladder, about 30 % of rounds win, a mean payout of
 * the given RTP. Random choices come from a seeded generator, so a run can be repeated.
 */
import {
  MAX_BATCH_SIZE,
  PLATFORM_API_PREFIX,
  type IngestResult,
  type PlatformPlayer,
  type PlatformRound,
  type PlatformSavegame,
} from '@backoffice/contracts';
import { PlatformView } from './platform-view';
import { drainSupportFeed, followSupportFeed, SupportFeedClient } from './support-feed';

export interface TrafficOptions {
  /** Origin of the back office, e.g. http://localhost:3000. */
  url: string;
  /** An API key of the integration the casinos are bound to. */
  key: string;
  casinos: string[];
  games: string[];
  /** One currency for all casinos, or one per casino in the order of `casinos`. */
  currencies: string[];
  /** Volume mode: this many rounds, then stop. */
  rounds?: number;
  /** Live mode: new rounds per second until `signal` aborts. */
  live?: { ratePerSecond: number };
  /** Parallel requests in volume mode (default 4). */
  concurrency?: number;
  /** Rounds per request, at most 1000 (default 500). */
  batchSize?: number;
  /** Players per casino (default 50). */
  playersPerCasino?: number;
  /** Mean payout per unit bet (default 0.96). */
  rtp?: number;
  seed?: number;
  /** Ends live mode (and stops volume mode early). */
  signal?: AbortSignal;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** Milliseconds between progress lines (default 1000 in volume mode, 5000 in live mode). */
  reportEveryMs?: number;
  /**
   * Live mode: how often the support feed is read (default every 2000 ms), or false not to read it. The
   * view is the tool's memory of open rounds and savegames (a new one by default); tests look into it.
   */
  supportFeed?: { everyMs?: number; view?: PlatformView } | false;
}

export interface TrafficResult {
  players: number;
  /** Rounds started (each counted once, however often it was sent). */
  rounds: number;
  /** Follow-up states sent for rounds that were first sent open (live mode). */
  updates: number;
  savegames: number;
  requests: number;
  /** Live mode: support actions applied from the feed, and the open rounds dropped because of them. */
  supportActions: number;
  dropped: number;
  elapsedMs: number;
  roundsPerSecond: number;
}

export class TrafficError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const BET_LADDER = [10, 20, 50, 100, 200, 500, 1000, 2000];
const BET_FACTOR: Record<string, number> = { SEK: 10, NOK: 10, DKK: 5 };
const HIT_RATE = 0.3;
const FIRST_NAMES = ['Alex', 'Sam', 'Robin', 'Kim', 'Jo', 'Charlie', 'Mika', 'Noa', 'Luca', 'Toni'];
const LAST_NAMES = ['Berg', 'Meyer', 'Smith', 'Rossi', 'Novak', 'Larsen', 'Garcia', 'Dubois'];
const RETRIES = 3;

/** mulberry32: a small, fast, seeded generator of uniforms in [0, 1). */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function validate(options: TrafficOptions): void {
  const problems: string[] = [];
  if (!options.key) problems.push('an API key is needed (--key or PLATFORM_API_KEY)');
  if (options.casinos.length === 0) problems.push('at least one casino');
  if (options.games.length === 0) problems.push('at least one game');
  if (options.currencies.length !== 1 && options.currencies.length !== options.casinos.length) {
    problems.push('one currency, or one per casino');
  }
  if (options.currencies.some((currency) => !/^[A-Z]{3}$/.test(currency))) {
    problems.push('currencies are three capital letters (EUR)');
  }
  if ((options.rounds === undefined) === (options.live === undefined)) {
    problems.push('either a number of rounds or live mode');
  }
  if (options.rounds !== undefined && !(Number.isInteger(options.rounds) && options.rounds > 0)) {
    problems.push('the number of rounds must be a positive whole number');
  }
  if (options.live && !(options.live.ratePerSecond > 0)) problems.push('the rate must be above 0');
  const batchSize = options.batchSize ?? 500;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
    problems.push(`the batch size is 1 to ${MAX_BATCH_SIZE}`);
  }
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) problems.push('concurrency is at least 1');
  try {
    new URL(options.url);
  } catch {
    problems.push(`not a URL: ${options.url}`);
  }
  if (problems.length > 0) throw new TrafficError(problems.join('; '));
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export async function sendTraffic(options: TrafficOptions): Promise<TrafficResult> {
  validate(options);
  const random = randomSource(options.seed ?? Date.now());
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 4;
  const rtp = options.rtp ?? 0.96;
  const playersPerCasino = options.playersPerCasino ?? 50;
  const log = options.log ?? (() => {});
  const base = new URL(PLATFORM_API_PREFIX, options.url).toString();
  // Round ids of this run: unique across runs, readable in the support screens.
  const run = `t${Date.now().toString(36)}${Math.floor(random() * 1296).toString(36)}`;
  const currencyOf = (casinoIndex: number) =>
    options.currencies.length === 1 ? options.currencies[0]! : options.currencies[casinoIndex]!;
  const counts = { players: 0, rounds: 0, updates: 0, savegames: 0, requests: 0, supportActions: 0 };
  const view = (options.supportFeed && options.supportFeed.view) || new PlatformView();

  async function post(
    path: 'players' | 'rounds' | 'savegames',
    items: (PlatformPlayer | PlatformRound | PlatformSavegame)[],
  ) {
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${base}/${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ [path]: items }),
        });
      } catch (error) {
        if (attempt >= RETRIES) {
          throw new TrafficError(`no answer from ${base}/${path}: ${(error as Error).message}`);
        }
        await sleep(200 * attempt);
        continue;
      }
      counts.requests += 1;
      if (response.ok) return (await response.json()) as IngestResult;
      const text = await response.text();
      // The ingest is idempotent: a server error may be retried; a refusal will not change.
      if (response.status >= 500 && attempt < RETRIES) {
        await sleep(200 * attempt);
        continue;
      }
      let detail = text;
      try {
        const body = JSON.parse(text) as { code?: string; message?: string; details?: unknown };
        detail = [body.code, body.message, body.details ? JSON.stringify(body.details).slice(0, 500) : '']
          .filter(Boolean)
          .join(' ');
      } catch {
        // not JSON: show the text
      }
      throw new TrafficError(`POST ${path} answered ${response.status}: ${detail}`, response.status);
    }
  }

  const playerId = (n: number) => `traffic-player-${String(n).padStart(4, '0')}`;

  async function sendPlayers() {
    const players: PlatformPlayer[] = [];
    options.casinos.forEach((casinoId) => {
      for (let n = 0; n < playersPerCasino; n += 1) {
        const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
        const last = LAST_NAMES[(n * 7 + casinoId.length) % LAST_NAMES.length]!;
        players.push({
          casinoId,
          playerId: playerId(n),
          firstName: first,
          lastName: last,
          nickName: `${first}${n}`,
          email: `${first}.${last}.${n}@example.com`.toLowerCase(),
          language: 'en',
          country: 'MT',
          gender: n % 2 === 0 ? 'female' : 'male',
          dateOfBirth: `${1960 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`,
          registeredAt: new Date(Date.now() - (n + 1) * 86_400_000).toISOString(),
        });
      }
    });
    for (let i = 0; i < players.length; i += MAX_BATCH_SIZE) {
      await post('players', players.slice(i, i + MAX_BATCH_SIZE));
    }
    counts.players = players.length;
  }

  let sequence = 0;
  /** A round as it starts (open) and the state it ends in. */
  function newRound(startedAt: Date): { open: PlatformRound; final: PlatformRound } {
    const casinoIndex = Math.floor(random() * options.casinos.length);
    const currency = currencyOf(casinoIndex);
    const debit =
      BET_LADDER[Math.floor(Math.pow(random(), 1.5) * BET_LADDER.length)]! * (BET_FACTOR[currency] ?? 1);
    // Wins: 83 % small (0.3–2×), 16 % medium (2–12×), 1 % big (15–100×), scaled to the RTP.
    const tier = random();
    const multiple =
      tier < 0.83 ? 0.3 + 1.7 * random() : tier < 0.99 ? 2 + 10 * random() : 15 + 85 * random() ** 2;
    const meanPayout = HIT_RATE * (0.83 * 1.15 + 0.16 * 7 + 0.01 * (15 + 85 / 3));
    const win = random() < HIT_RATE ? Math.round(debit * multiple * (rtp / meanPayout)) : 0;
    const refunded = win === 0 && random() < 0.02;
    const funds = debit * (5 + Math.floor(random() * 200));
    sequence += 1;
    const open: PlatformRound = {
      roundId: `${run}-${sequence}`,
      providerRoundId: `${run}-p${sequence}`,
      casinoId: options.casinos[casinoIndex]!,
      playerId: playerId(Math.floor(Math.pow(random(), 2) * playersPerCasino)),
      gameId: options.games[Math.floor(random() * options.games.length)]!,
      startedAt: startedAt.toISOString(),
      updatedAt: startedAt.toISOString(),
      status: 'open',
      currency,
      debit,
      credit: 0,
      totalWin: 0,
      fundsAtStart: funds,
      moneySplit: { real: debit, bonus: 0, voucher: 0 },
      displayedOutcome: { reels: ['A', 'K', 'Q', 'J', '7'].map(() => 'AKQJ7'[Math.floor(random() * 5)]) },
    };
    const final: PlatformRound = refunded
      ? { ...open, status: 'refunded', fundsAtEnd: funds }
      : { ...open, status: 'completed', credit: win, totalWin: win, fundsAtEnd: funds - debit + win };
    return { open, final };
  }

  /** A player saves the game of a round: continuing the game state the tool holds, if any. */
  function savegameOf(round: PlatformRound): PlatformSavegame {
    return view.save(round, {
      level: 1 + Math.floor(random() * 20),
      freeSpinsLeft: Math.floor(random() * 10),
    });
  }

  const started = performance.now();
  await sendPlayers();
  const roundsStarted = performance.now();
  const reportEvery = options.reportEveryMs ?? (options.live ? 5000 : 1000);
  let lastReport = { at: roundsStarted, rounds: 0 };
  const report = () => {
    const now = performance.now();
    if (now - lastReport.at < reportEvery) return;
    const recent = ((counts.rounds - lastReport.rounds) / Math.max(1, now - lastReport.at)) * 1000;
    const overall = (counts.rounds / Math.max(1, now - roundsStarted)) * 1000;
    log(
      `${counts.rounds} rounds (${recent.toFixed(1)}/s now, ${overall.toFixed(1)}/s overall)` +
        (options.live ? `, ${counts.updates} completed or refunded` : '') +
        `, ${counts.requests} requests`,
    );
    lastReport = { at: now, rounds: counts.rounds };
  };

  if (options.rounds !== undefined) {
    const total = options.rounds;
    let made = 0;
    const worker = async () => {
      while (made < total && !options.signal?.aborted) {
        const size = Math.min(batchSize, total - made);
        made += size;
        const now = Date.now();
        const rounds = Array.from({ length: size }, (_, k) => newRound(new Date(now - (size - k))).final);
        await post('rounds', rounds);
        counts.rounds += size;
        // Now and then a player saves a game.
        const saves = rounds.filter(() => random() < 0.01).map(savegameOf);
        if (saves.length > 0) {
          await post('savegames', saves);
          counts.savegames += saves.length;
        }
        report();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  } else {
    // Live: every tick, the rounds due to start go out open together with the follow-ups that are due.
    const tickMs = 250;
    const rate = options.live!.ratePerSecond;
    let owed = 0;
    let inFlight = Promise.resolve();
    let failure: unknown;
    const flush = (items: PlatformRound[]) => {
      for (let i = 0; i < items.length; i += batchSize) {
        const batch = items.slice(i, i + batchSize);
        inFlight = inFlight.then(() =>
          post('rounds', batch).then(
            () => {},
            (error: unknown) => {
              failure ??= error;
            },
          ),
        );
      }
    };
    // The support feed is read alongside; it changes the view between ticks (one thread: never within one).
    const feed =
      options.supportFeed === false
        ? undefined
        : {
            client: new SupportFeedClient({ url: options.url, key: options.key }),
            stop: new AbortController(),
          };
    const stopFeed = () => feed?.stop.abort();
    options.signal?.addEventListener('abort', stopFeed, { once: true });
    const following = feed
      ? followSupportFeed({
          client: feed.client,
          view,
          log,
          everyMs: options.supportFeed ? options.supportFeed.everyMs : undefined,
          signal: feed.stop.signal,
        })
      : Promise.resolve({ applied: 0, gaveUp: true });
    // The rate holds over the clock, not over ticks: a tick that comes late (a busy machine) owes the
    // rounds of all the time since the one before.
    let lastTick: number | undefined;
    while (!options.signal?.aborted && failure === undefined) {
      const tickStart = Date.now();
      owed += (rate * (lastTick === undefined ? tickMs : tickStart - lastTick)) / 1000;
      lastTick = tickStart;
      const fresh = Math.floor(owed);
      owed -= fresh;
      const outgoing: PlatformRound[] = [];
      for (let k = 0; k < fresh; k += 1) {
        const { open, final } = newRound(new Date(tickStart));
        outgoing.push(open);
        const duration = 1000 + Math.floor(random() * 5000);
        const endsAt = new Date(tickStart + duration).toISOString();
        view.holdOpen({ ...final, updatedAt: endsAt }, tickStart + duration);
      }
      counts.rounds += fresh;
      const due = view.takeDue(tickStart);
      outgoing.push(...due);
      counts.updates += due.length;
      if (outgoing.length > 0) flush(outgoing);
      const saves = due.filter(() => random() < 0.02).map(savegameOf);
      if (saves.length > 0) {
        inFlight = inFlight.then(() =>
          post('savegames', saves).then(
            () => void (counts.savegames += saves.length),
            (error: unknown) => void (failure ??= error),
          ),
        );
      }
      report();
      await sleep(Math.max(0, tickMs - (Date.now() - tickStart)), options.signal);
    }
    stopFeed();
    options.signal?.removeEventListener('abort', stopFeed);
    const followed = await following;
    counts.supportActions += followed.applied;
    // Stopping: the rounds still open are finished now, so none is left open by the tool — but first the
    // support actions of the last moments, so that no round support closed is finished after all.
    if (feed && !followed.gaveUp && failure === undefined && view.openRounds > 0) {
      await inFlight;
      try {
        counts.supportActions += (await drainSupportFeed(feed.client, view, log)).applied;
      } catch (error) {
        log(`support feed: ${(error as Error).message}; finishing the open rounds without it`);
      }
    }
    const left = view.takeDue();
    if (failure === undefined && left.length > 0) {
      const endedAt = new Date().toISOString();
      flush(left.map((round) => ({ ...round, updatedAt: endedAt })));
      counts.updates += left.length;
    }
    await inFlight;
    if (failure !== undefined) throw failure;
  }

  const elapsedMs = performance.now() - started;
  return {
    ...counts,
    dropped: view.dropped,
    elapsedMs,
    roundsPerSecond: (counts.rounds / Math.max(1, performance.now() - roundsStarted)) * 1000,
  };
}
