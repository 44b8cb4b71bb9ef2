/**
 * `npm run platform-traffic -- --rounds 10000 [--concurrency 4]` or `… -- --live [--rate 20]`
 *
 * Sends players and game rounds to a running back office through its ingest API. The key is an API key of
 * an integration (the integration screen creates one; `npm start` prints the demo's), from `--key` or
 * PLATFORM_API_KEY. The casinos must be bound to that integration and the games must exist; the defaults
 * are those of the demo (`npm start`). Ctrl-C ends live mode after finishing the rounds still open.
 * Live mode also follows the integration's support feed: rounds that support closed are not finished by
 * the tool, deleted savegames are forgotten, one line per action.
 */
import { parseArgs } from 'node:util';
import { sendTraffic, TrafficError, type TrafficOptions } from './traffic';

/** The demo's integration "demo-platform-eu": its casinos, their currencies, and some of its games. */
const DEMO_CASINOS = 'lucky-malta,nordic-star,rheinspiel';
const DEMO_CURRENCIES = 'EUR,SEK,EUR';
const DEMO_GAMES = 'aurora-spins,midnight-sun,canyon-gold,fjord-fortune,lagoon-pearls';

const usage = `Usage: npm run platform-traffic -- (--rounds N [--concurrency C] | --live [--rate R]) [options]

  --url URL            the back office (default http://localhost:3000, or PLATFORM_URL)
  --key KEY            an API key of the integration (or PLATFORM_API_KEY)
  --casinos a,b        casinos bound to that integration (default ${DEMO_CASINOS})
  --currency X[,Y]     one currency, or one per casino (default ${DEMO_CURRENCIES} with the default casinos, else EUR)
  --games x,y          games of the catalogue (default ${DEMO_GAMES})
  --rounds N           send N finished rounds as fast as possible, then stop
  --concurrency C      parallel requests with --rounds (default 4)
  --live               send new rounds at a steady rate, each open first and finished later, until Ctrl-C
  --rate R             new rounds per second with --live (default 20)
  --support-feed-ms M  with --live, read the support feed every M ms (default 2000; 0: don't read it)
  --batch-size B       rounds per request, 1 to 1000 (default 500)
  --players P          players per casino (default 50)
  --seed S             repeat a run's random choices`;

function fail(message: string): never {
  console.error(`platform traffic: ${message}`);
  process.exit(2);
}

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) fail(`${name} must be a number`);
  return parsed;
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

let values;
try {
  ({ values } = parseArgs({
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      casinos: { type: 'string' },
      currency: { type: 'string' },
      games: { type: 'string' },
      rounds: { type: 'string' },
      concurrency: { type: 'string' },
      live: { type: 'boolean' },
      rate: { type: 'string' },
      'support-feed-ms': { type: 'string' },
      'batch-size': { type: 'string' },
      players: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n\n${usage}`);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.live && values.rounds === undefined) fail(`say --rounds N or --live\n\n${usage}`);

function supportFeedOption(everyMs: number | undefined): TrafficOptions['supportFeed'] {
  if (everyMs === undefined) return {};
  if (everyMs < 0) fail('--support-feed-ms must be 0 or more');
  return everyMs === 0 ? false : { everyMs };
}

const casinos = list(values.casinos ?? DEMO_CASINOS);
const options: TrafficOptions = {
  url: values.url ?? process.env.PLATFORM_URL ?? 'http://localhost:3000',
  key: values.key ?? process.env.PLATFORM_API_KEY ?? '',
  casinos,
  currencies: list(values.currency ?? (values.casinos === undefined ? DEMO_CURRENCIES : 'EUR')),
  games: list(values.games ?? DEMO_GAMES),
  rounds: values.live ? undefined : number(values.rounds, '--rounds'),
  live: values.live ? { ratePerSecond: number(values.rate, '--rate') ?? 20 } : undefined,
  concurrency: number(values.concurrency, '--concurrency'),
  batchSize: number(values['batch-size'], '--batch-size'),
  playersPerCasino: number(values.players, '--players'),
  seed: number(values.seed, '--seed'),
  supportFeed: supportFeedOption(number(values['support-feed-ms'], '--support-feed-ms')),
  log: (line) => console.log(`${new Date().toISOString().slice(11, 19)}  ${line}`),
};

const stop = new AbortController();
options.signal = stop.signal;
// A second Ctrl-C quits at once; one within a second of the first is the same keypress relayed by a
// parent process (npm, tsx), not a second one.
let stoppingSince = 0;
process.on('SIGINT', () => {
  if (stoppingSince === 0) {
    stoppingSince = Date.now();
    console.log('\nstopping: finishing the rounds still open…');
    stop.abort();
  } else if (Date.now() - stoppingSince > 1000) {
    process.exit(130);
  }
});
process.once('SIGTERM', () => stop.abort());

console.log(
  `platform traffic → ${options.url}: ${options.live ? `live, ${options.live.ratePerSecond} rounds/s` : `${options.rounds} rounds`}, ` +
    `casinos ${casinos.join(', ')} (${options.currencies.join(', ')}), ${options.games.length} games`,
);
try {
  const result = await sendTraffic(options);
  console.log(
    `done: ${result.players} players, ${result.rounds} rounds` +
      (result.updates > 0 ? ` (+${result.updates} follow-up states)` : '') +
      (result.supportActions > 0
        ? `, ${result.supportActions} support actions applied (${result.dropped} open rounds dropped)`
        : '') +
      `, ${result.savegames} savegames in ${(result.elapsedMs / 1000).toFixed(1)} s: ` +
      `${result.roundsPerSecond.toFixed(1)} rounds/s`,
  );
} catch (error) {
  fail(error instanceof TrafficError ? error.message : String(error));
}
