/**
 * A fast generator of believable platform data (players, game rounds, savegames) for the demo and the
 * benchmarks. Everything is computed inside the database (`insert … select … from generate_series`), with
 * every random choice a hash of the series index and the seed: the same options give the same rows, on
 * both engines. The rollups are then rebuilt from the raw rounds with `rebuildRollups`, as a repair
 * would, so they are exactly what the ingest API would have produced.
 *
 * The shape of the data: rounds follow a daily curve (busy evenings, quiet mornings) and grow slowly over
 * the range; a few heavy players play most rounds; bet sizes are a ladder per currency that each player
 * mostly keeps to; about 65 % of rounds lose and a few win up to 75 times the bet, with each game paying
 * back its theoretical RTP on average; a few per cent are open, refunded or closed automatically or by
 * support.
 */
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../lib/sql';
import { rebuildRollups } from '../modules/platform/rollups';

export interface GeneratorCasino {
  casinoId: string;
  /** The integration its rounds and players arrive through. */
  integrationId: string;
  /** The currencies of its players (each player keeps one); at least one. */
  currencies: string[];
  /** Its share of the rounds relative to the other casinos (default 1). */
  weight?: number;
  /** How many players it has (default: about one per 150 of its rounds, at least 20). */
  players?: number;
  /** The games its players play, most played first (default: all, from a place of its own). */
  games?: string[];
  /** Home country of most of its players (ISO 3166 alpha-2); default from its first currency. */
  country?: string;
  /** Its jurisdiction's name, stored on its players. */
  jurisdiction?: string | null;
}

export interface GeneratorGame {
  gameId: string;
  /** Theoretical RTP in percent: what the game pays back on average. */
  theoreticalRtp: number;
  /** What it really pays back, in percent, if not its theoretical RTP (an outlier the reports flag). */
  payoutRtp?: number;
}

export interface PlatformDataOptions {
  /** Same seed and options, same data. Rows are keyed by the seed, so another seed adds to them. */
  seed: number;
  rounds: number;
  /** Rounds start at or after `from` and before `until` (ISO instants). */
  from: string;
  until: string;
  casinos: GeneratorCasino[];
  games: GeneratorGame[];
  /** Savegames per casino (default: one per four players). */
  savegamesPerCasino?: number;
  /** Rounds per statement (default 200,000). */
  batchSize?: number;
  /** Statements at once; more than 1 only helps on PostgreSQL with a pool (default 1). */
  concurrency?: number;
  onProgress?: (roundsDone: number, roundsTotal: number) => void;
}

export interface PlatformDataResult {
  /** What was inserted; rows that existed already (same seed again) are not counted. */
  rounds: number;
  players: number;
  savegames: number;
  /** Months whose rollups were rebuilt, yyyy-MM. */
  months: string[];
  timings: { playersMs: number; roundsMs: number; savegamesMs: number; rollupsMs: number };
}

/** Bet ladder in minor units for currencies worth about a euro; others are scaled by BET_FACTOR. */
const BET_LADDER = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];
/** Minor units per step of the ladder relative to the euro, for currencies of much smaller value. */
const BET_FACTOR: Record<string, number> = {
  SEK: 10,
  NOK: 10,
  DKK: 5,
  CZK: 20,
  PLN: 4,
  MXN: 20,
  ZAR: 20,
  INR: 100,
  JPY: 1,
  HUF: 400,
};
/** A player's usual rung on the ladder (index into BET_LADDER), by a hash: most play small. */
const PLAYER_BET_LEVEL = [0, 1, 1, 2, 2, 3, 3, 4];

/** Share of rounds that win anything, and the tiers of a win as multiples of the bet (before scaling). */
export const HIT_RATE = 0.35;
const SMALL_WIN = { share: 0.85, low: 0.3, high: 2 };
const MEDIUM_WIN = { share: 0.146, low: 2, high: 8 };
/** Big wins: 10 + 40·u² times the bet (u uniform), up to 50 times before scaling (about 75 after). */
const BIG_WIN = { low: 10, span: 40 };
/** The mean payout per unit bet of the tiers above; each game scales it to its RTP. */
export const MEAN_PAYOUT =
  HIT_RATE *
  (SMALL_WIN.share * ((SMALL_WIN.low + SMALL_WIN.high) / 2) +
    MEDIUM_WIN.share * ((MEDIUM_WIN.low + MEDIUM_WIN.high) / 2) +
    (1 - SMALL_WIN.share - MEDIUM_WIN.share) * (BIG_WIN.low + BIG_WIN.span / 3));

/** The busiest hour of the day (UTC); the quietest is twelve hours later. */
const PEAK_HOUR_UTC = 20;
/** How strongly the hour matters: busiest and quietest hour differ by (1 + A) / (1 - A) = 4. */
const DAILY_AMPLITUDE = 0.6;

/**
 * Rounds are left open only within this many days before the end of the range — inside every demo
 * casino's validity period (the shortest is 7 days): older ones the auto-close job would have settled, and
 * it settles the demo's stale support case instead of thousands of generated rounds. Older rounds drawn
 * as open are completed.
 */
export const OPEN_WITHIN_DAYS = 6;

/** Status shares (open: of the rounds of the last OPEN_WITHIN_DAYS days); the rest are completed. */
export const STATUS_SHARES = {
  open: 0.008,
  autoCloseFailed: 0.001,
  refunded: 0.012,
  autoClose: 0.007,
  manualClose: 0.003,
  operator: 0.002,
  expiredVoucher: 0.001,
} as const;

/**
 * Of the rounds that count as turnover (all but refunded ones), those that pay out: open ones and expired
 * vouchers don't. Wins are raised by the difference, so that turnover pays back the RTP.
 */
const PAYING_SHARE =
  (1 -
    STATUS_SHARES.refunded -
    STATUS_SHARES.open -
    STATUS_SHARES.autoCloseFailed -
    STATUS_SHARES.expiredVoucher) /
  (1 - STATUS_SHARES.refunded);

/** Country defaults by currency, and the languages of the countries the name pools cover. */
const HOME_BY_CURRENCY: Record<string, string> = {
  EUR: 'DE',
  SEK: 'SE',
  GBP: 'GB',
  USD: 'US',
  DKK: 'DK',
  NOK: 'NO',
  CAD: 'CA',
};

interface NamePool {
  language: string;
  female: string[];
  male: string[];
  last: string[];
  cities: string[];
}

/** Four of each: the SQL indexes them as one flat array per field. */
const POOL_SIZE = 4;
const namePools: Record<string, NamePool> = {
  DE: {
    language: 'de',
    female: ['Lena', 'Mia', 'Hannah', 'Sophie'],
    male: ['Lukas', 'Jonas', 'Felix', 'Paul'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer'],
    cities: ['Berlin', 'Hamburg', 'München', 'Köln'],
  },
  AT: {
    language: 'de',
    female: ['Anna', 'Laura', 'Lea', 'Julia'],
    male: ['Maximilian', 'Tobias', 'David', 'Simon'],
    last: ['Gruber', 'Huber', 'Bauer', 'Wagner'],
    cities: ['Wien', 'Graz', 'Linz', 'Salzburg'],
  },
  MT: {
    language: 'en',
    female: ['Maria', 'Elena', 'Martina', 'Gabriella'],
    male: ['Luke', 'Matthew', 'Jean', 'Karl'],
    last: ['Borg', 'Camilleri', 'Vella', 'Farrugia'],
    cities: ['Valletta', 'Sliema', 'Birkirkara', 'Mosta'],
  },
  SE: {
    language: 'sv',
    female: ['Elsa', 'Alice', 'Maja', 'Astrid'],
    male: ['Erik', 'Lars', 'Oskar', 'Nils'],
    last: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson'],
    cities: ['Stockholm', 'Göteborg', 'Malmö', 'Uppsala'],
  },
  GB: {
    language: 'en',
    female: ['Olivia', 'Amelia', 'Isla', 'Emily'],
    male: ['Oliver', 'George', 'Harry', 'Jack'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown'],
    cities: ['London', 'Manchester', 'Leeds', 'Bristol'],
  },
  US: {
    language: 'en',
    female: ['Emma', 'Ava', 'Madison', 'Harper'],
    male: ['Liam', 'Noah', 'Ethan', 'Mason'],
    last: ['Johnson', 'Williams', 'Miller', 'Davis'],
    cities: ['New Jersey', 'Philadelphia', 'Detroit', 'Las Vegas'],
  },
  DK: {
    language: 'da',
    female: ['Freja', 'Ida', 'Clara', 'Karla'],
    male: ['William', 'Magnus', 'Mikkel', 'Rasmus'],
    last: ['Jensen', 'Nielsen', 'Hansen', 'Pedersen'],
    cities: ['København', 'Aarhus', 'Odense', 'Aalborg'],
  },
  NO: {
    language: 'nb',
    female: ['Nora', 'Ingrid', 'Emma', 'Sara'],
    male: ['Jakob', 'Emil', 'Henrik', 'Sander'],
    last: ['Hansen', 'Olsen', 'Larsen', 'Berg'],
    cities: ['Oslo', 'Bergen', 'Trondheim', 'Stavanger'],
  },
  CA: {
    language: 'en',
    female: ['Chloé', 'Charlotte', 'Abigail', 'Zoe'],
    male: ['Logan', 'Benjamin', 'Samuel', 'Félix'],
    last: ['Tremblay', 'Roy', 'Gagnon', 'Wilson'],
    cities: ['Toronto', 'Ottawa', 'Hamilton', 'Mississauga'],
  },
  FI: {
    language: 'fi',
    female: ['Aino', 'Helmi', 'Sofia', 'Eevi'],
    male: ['Eino', 'Väinö', 'Leo', 'Onni'],
    last: ['Korhonen', 'Virtanen', 'Mäkinen', 'Nieminen'],
    cities: ['Helsinki', 'Espoo', 'Tampere', 'Turku'],
  },
};
const poolCountries = Object.keys(namePools);
const NICKS = [
  'Lucky',
  'Spin',
  'Wild',
  'Gold',
  'Ace',
  'Star',
  'Night',
  'Royal',
  'Jack',
  'Fox',
  'Red',
  'Blue',
];
const SYMBOLS = ['A', 'K', 'Q', 'J', '10', '7', 'BAR', 'WILD'];

/** Player ids of the generator: the same for every seed, so several runs share their players. */
export const playerIdOf = (index: number) => `player-${String(index).padStart(6, '0')}`;

/** A hash of the series index as 21-bit parts turned into uniforms in [0, 1). */
const part = (hash: SQL, k: 0 | 1 | 2) =>
  sql`(((${hash} >> ${sql.raw(String(21 * k))}) & 2097151)::float8 / 2097152.0)`;

/** Integer array literal for SQL (only numbers, safe to inline). */
const ints = (values: number[]) => sql.raw(`array[${values.map((v) => Math.trunc(v)).join(',')}]::int[]`);
const floats = (values: number[]) => sql.raw(`array[${values.map((v) => Number(v)).join(',')}]::float8[]`);
const texts = (values: string[]) => sql`${sql.param(values)}::text[]`;

function monthsBetween(from: Date, until: Date): string[] {
  const months: string[] = [];
  const last = new Date(until.getTime() - 1);
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (cursor <= last) {
    months.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months;
}

function validate(options: PlatformDataOptions): void {
  const problems: string[] = [];
  if (!Number.isInteger(options.rounds) || options.rounds < 0) problems.push('rounds must be a whole number');
  if (!Number.isInteger(options.seed)) problems.push('seed must be a whole number');
  if (!(Date.parse(options.from) < Date.parse(options.until))) problems.push('from must be before until');
  if (options.casinos.length === 0) problems.push('at least one casino');
  if (options.games.length === 0) problems.push('at least one game');
  if (new Set(options.casinos.map((c) => c.casinoId)).size !== options.casinos.length) {
    problems.push('each casino once (a casino has one integration here)');
  }
  for (const casino of options.casinos) {
    if (casino.currencies.length === 0) problems.push(`${casino.casinoId}: at least one currency`);
    if (casino.currencies.some((c) => !/^[A-Z]{3}$/.test(c))) problems.push(`${casino.casinoId}: currency`);
    if ((casino.weight ?? 1) <= 0) problems.push(`${casino.casinoId}: weight must be positive`);
    if (casino.players !== undefined && !(Number.isInteger(casino.players) && casino.players > 0)) {
      problems.push(`${casino.casinoId}: players must be a positive whole number`);
    }
    if (casino.games?.length === 0) problems.push(`${casino.casinoId}: at least one game`);
    const unknown = casino.games?.filter((gameId) => !options.games.some((game) => game.gameId === gameId));
    if (unknown?.length) problems.push(`${casino.casinoId}: games not in the list: ${unknown.join(', ')}`);
  }
  if (problems.length > 0) throw new Error(`platform data generator: ${problems.join('; ')}`);
}

/** 1024 slots, each naming a casino (1-based) in proportion to its weight. */
function casinoSlots(casinos: GeneratorCasino[]): number[] {
  const total = casinos.reduce((sum, casino) => sum + (casino.weight ?? 1), 0);
  const slots: number[] = [];
  let cumulative = 0;
  casinos.forEach((casino, index) => {
    cumulative += casino.weight ?? 1;
    const end = Math.round((cumulative / total) * 1024);
    while (slots.length < end) slots.push(index + 1);
  });
  while (slots.length < 1024) slots.push(casinos.length);
  return slots;
}

/** Deterministic 63-bit seeds for the independent hash streams. */
const stream = (seed: number, k: number) => BigInt(seed) * 64n + BigInt(k);

export async function generatePlatformData(
  db: Db,
  options: PlatformDataOptions,
): Promise<PlatformDataResult> {
  validate(options);
  const from = new Date(options.from);
  const until = new Date(options.until);
  const months = monthsBetween(from, until);
  const { casinos, games, seed } = options;
  const totalWeight = casinos.reduce((sum, casino) => sum + (casino.weight ?? 1), 0);
  const playerCounts = casinos.map(
    (casino) =>
      casino.players ?? Math.max(20, Math.round((options.rounds * (casino.weight ?? 1)) / totalWeight / 150)),
  );

  const started = performance.now();
  let players = 0;
  for (const [index, casino] of casinos.entries()) {
    players += await insertPlayers(db, casino, playerCounts[index]!, seed, from);
  }
  const playersDone = performance.now();

  const rounds = await insertRounds(db, options, playerCounts, from, until);
  const roundsDone = performance.now();

  let savegames = 0;
  for (const [index, casino] of casinos.entries()) {
    const count = options.savegamesPerCasino ?? Math.ceil(playerCounts[index]! / 4);
    const played = casino.games ?? games.map((game) => game.gameId);
    savegames += await insertSavegames(db, casino, playerCounts[index]!, count, played, seed, from, until);
  }
  const savegamesDone = performance.now();

  if (months.length > 0) await rebuildRollups(db, { fromMonth: months[0], toMonth: months.at(-1) });
  const rollupsDone = performance.now();

  return {
    rounds,
    players,
    savegames,
    months,
    timings: {
      playersMs: playersDone - started,
      roundsMs: roundsDone - playersDone,
      savegamesMs: savegamesDone - roundsDone,
      rollupsMs: rollupsDone - savegamesDone,
    },
  };
}

function affected(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}

async function insertPlayers(
  db: Db,
  casino: GeneratorCasino,
  count: number,
  seed: number,
  from: Date,
): Promise<number> {
  const home = casino.country ?? HOME_BY_CURRENCY[casino.currencies[0]!] ?? 'DE';
  const homeIndex = poolCountries.indexOf(home) + 1; // 0 when there is no pool: names from a neighbour
  const pools = poolCountries.map((country) => namePools[country]!);
  const flat = (field: 'female' | 'male' | 'last' | 'cities') => texts(pools.flatMap((pool) => pool[field]));
  const h = sql`hashint8extended(n, ${stream(seed, 40)}::bigint)`;
  const h2 = sql`hashint8extended(n, ${stream(seed, 41)}::bigint)`;
  // Players of a casino are mostly from its home country, some from anywhere the pools cover.
  const result = await db.execute(sql`
    insert into players (casino_id, player_id, integration_id, language, country, email, jurisdiction,
      first_name, last_name, nick_name, city, date_of_birth, gender, registered_at, created_at, updated_at)
    select ${casino.casinoId}, player_id, ${casino.integrationId}, (${texts(pools.map((p) => p.language))})[c],
      case when c = ${homeIndex} then ${home} else (${texts(poolCountries)})[c] end,
      lower(translate(first_name || '.' || last_name, 'äöüéåøæ ', 'aoueaoa')) || n || '@example.com',
      ${casino.jurisdiction ?? null}, first_name, last_name, nick_name,
      (${flat('cities')})[(c - 1) * ${POOL_SIZE} + 1 + (h2 & 3)::int],
      (${from.toISOString()}::timestamptz - make_interval(days => 7670 + floor(u2 * 18000)::int))::date,
      case when female then 'female' when (h2 >> 8) & 63 = 0 then 'diverse' else 'male' end,
      ${from.toISOString()}::timestamptz - make_interval(secs => (u1 * 3 * 365 * 86400)::int + 3600),
      ${from.toISOString()}::timestamptz, ${from.toISOString()}::timestamptz
    from (
      select n, player_id, c, h2, u1, u2, female,
        (case when female then ${flat('female')} else ${flat('male')} end)[(c - 1) * ${POOL_SIZE} + 1 + (h2 >> 2 & 3)::int] as first_name,
        (${flat('last')})[(c - 1) * ${POOL_SIZE} + 1 + (h2 >> 4 & 3)::int] as last_name,
        (${texts(NICKS)})[1 + (h2 >> 16 & 7)::int] || (${texts(NICKS)})[5 + (h2 >> 19 & 7)::int]
          || (n % 100) as nick_name
      from (
        select n, 'player-' || lpad(n::text, 6, '0') as player_id,
          case when ${homeIndex} > 0 and ${part(h, 0)} < 0.85 then ${homeIndex}
            else 1 + floor(${part(h, 1)} * ${pools.length})::int end as c,
          ${h2} as h2, ${part(h, 2)} as u1, ${part(h2, 2)} as u2, (${h2} >> 12) & 1 = 0 as female
        from generate_series(0, ${count - 1}) as n
        offset 0
      ) a
      offset 0
    ) b
    on conflict do nothing`);
  return affected(result);
}

/** Where the rounds' start times go: a monotone map of the series index onto [from, until). */
interface Timeline {
  rounds: number;
  spanSeconds: number;
  days: number;
  /** Amplitude of the daily curve in seconds (0 for ranges shorter than two days). */
  k: number;
  /** The curve's peak as a fraction of a day after `from`, and the sine terms that pin both ends. */
  phase: number;
  s0: number;
  s1: number;
}

function timelineOf(rounds: number, from: Date, until: Date): Timeline {
  const spanSeconds = (until.getTime() - from.getTime()) / 1000;
  const days = spanSeconds / 86400;
  const amplitude = days >= 2 ? DAILY_AMPLITUDE : 0;
  const fromSecondOfDay = (from.getTime() / 1000) % 86400;
  // The busiest moment is where c - A/(2π)·sin(2πc) hits the peak hour (as a share of a day after
  // \`from\`); the left side grows with c, so halving finds c.
  const target = ((((PEAK_HOUR_UTC * 3600 - fromSecondOfDay) % 86400) + 86400) % 86400) / 86400;
  let low = target - 0.5;
  let high = target + 0.5;
  for (let step = 0; step < 60; step += 1) {
    const middle = (low + high) / 2;
    if (middle - (amplitude / (2 * Math.PI)) * Math.sin(2 * Math.PI * middle) < target) low = middle;
    else high = middle;
  }
  const phase = low;
  const s0 = Math.sin(2 * Math.PI * phase);
  return {
    rounds,
    spanSeconds,
    days,
    k: (amplitude * 86400) / (2 * Math.PI),
    phase,
    s0,
    s1: Math.sin(2 * Math.PI * (days - phase)) + s0,
  };
}

/**
 * Seconds after `from` at which round i starts. The index, as a share x of the range, is bent into a slow
 * upward trend (density 0.8 → 1.2), then by a daily sine (density 1 - A·cos, peaking at 20:00 UTC); the
 * sine's ends are pinned so that 0 ↦ from and 1 ↦ until, the mismatch of a range of partial days spread
 * over its last day. The map is monotone (A < 1), so batches of consecutive indexes fill one month's
 * partition after the other. The SQL below computes the same.
 */
function startSecond(t: Timeline, i: number): number {
  const x = (i + 0.5) / t.rounds;
  const bent = (Math.sqrt(0.64 + 0.8 * x) - 0.8) / 0.4;
  const lastDay = Math.max(0, Math.min(1, t.days * bent - (t.days - 1)));
  return (
    t.spanSeconds * bent -
    t.k * (Math.sin(2 * Math.PI * (t.days * bent - t.phase)) + t.s0) +
    t.k * lastDay * t.s1
  );
}

function startSecondSql(t: Timeline): SQL {
  const n = (value: number) => sql.raw(String(value));
  const bent = sql`((sqrt(0.64 + 0.8 * x) - 0.8) / 0.4)`;
  const lastDay = sql`greatest(0, least(1, ${n(t.days)} * ${bent} - ${n(t.days - 1)}))`;
  return sql`(${n(t.spanSeconds)} * ${bent} - ${n(t.k)} * (sin(2 * pi() * (${n(t.days)} * ${bent} - ${n(t.phase)}))
    + ${n(t.s0)}) + ${n(t.k)} * ${lastDay} * ${n(t.s1)})`;
}

/** The first index whose round starts at or after the instant (ms), by bisection of the monotone map. */
function firstIndexFrom(t: Timeline, from: Date, instantMs: number): number {
  let lo = 0;
  let hi = t.rounds;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (from.getTime() + Math.floor(startSecond(t, mid) * 1000) >= instantMs) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

async function partitionExists(db: Db, name: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(sql`select to_regclass(${name}) is not null as found`),
  );
  return row?.found === true;
}

async function insertRounds(
  db: Db,
  options: PlatformDataOptions,
  playerCounts: number[],
  from: Date,
  until: Date,
): Promise<number> {
  const { casinos, games, seed, rounds } = options;
  const batchSize = Math.max(1, options.batchSize ?? 200_000);
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const timeline = timelineOf(rounds, from, until);

  // Per casino (1-based): where its currencies and games start in the flat lists, and how many.
  const currencies = casinos.flatMap((casino) => casino.currencies);
  const currencyStart: number[] = [];
  casinos.reduce((start, casino) => (currencyStart.push(start), start + casino.currencies.length), 1);
  const factors = currencies.map((currency) => BET_FACTOR[currency] ?? 1);
  const gameIndex = new Map(games.map((game, index) => [game.gameId, index + 1]));
  // A casino's games, most played first: its own list, or the catalogue from a place of its own.
  const casinoGames = casinos.map((casino, c) =>
    casino.games
      ? casino.games.map((gameId) => gameIndex.get(gameId)!)
      : games.map((_, k) => 1 + ((k + 5 * c) % games.length)),
  );
  const gameStart: number[] = [];
  casinoGames.reduce((start, list) => (gameStart.push(start), start + list.length), 1);
  const scale = games.map(
    (game) => (game.payoutRtp ?? game.theoreticalRtp) / 100 / MEAN_PAYOUT / PAYING_SHARE,
  );

  const h1 = sql`hashint8extended(i, ${stream(seed, 1)}::bigint)`;
  const h2 = sql`hashint8extended(i, ${stream(seed, 2)}::bigint)`;
  const h3 = sql`hashint8extended(i, ${stream(seed, 3)}::bigint)`;
  const s = STATUS_SHARES;
  const edges = [
    s.open,
    s.autoCloseFailed,
    s.refunded,
    s.autoClose,
    s.manualClose,
    s.operator,
    s.expiredVoucher,
  ];
  const cumulative = edges.map((_, k) => edges.slice(0, k + 1).reduce((a, b) => a + b, 0));
  const prefix = `r${seed}-`;
  // The provider numbers its rounds upwards, as providers do: appending to the index keeps bulk loads fast.
  const providerBase = (BigInt.asUintN(32, BigInt(seed) * 2654435761n) + 1n) << 8n;
  const tiers = [SMALL_WIN.share, SMALL_WIN.share + MEDIUM_WIN.share];
  const fromIso = from.toISOString();

  const statement = (table: string, lo: number, hi: number, monthStart: string, monthEnd: string) => sql`
    insert into ${sql.identifier(table)} (casino_id, round_id, started_at, provider_round_id, integration_id, player_id,
      game_id, updated_at, status, currency, debit, credit, total_win, voucher_code, funds_at_start,
      funds_at_end, displayed_outcome, real_money, bonus_money, voucher_money, received_at)
    select casino_id, round_id, started_at, provider_round_id, integration_id, player_id, game_id,
      updated_at, status, currency, debit, credit, total_win, voucher_code, funds_at_start,
      case when status in ('open', 'autoCloseFailed') then null
        when status = 'refunded' then funds_at_start
        else funds_at_start - (debit - voucher_money) + credit end,
      jsonb_build_object('reels', reels, 'winLines', case when total_win > 0 then 1 + (i % 5) else 0 end),
      debit - bonus_money - voucher_money, bonus_money, voucher_money, updated_at
    from (
      select *,
        case when status in ('refunded', 'expiredVoucher') then 0 else win end as total_win,
        case when status in ('refunded', 'expiredVoucher', 'open', 'autoCloseFailed') then 0 else win end
          as credit,
        least(started_at + make_interval(secs => round(case status
            when 'open' then 0 when 'autoCloseFailed' then 0
            when 'autoClose' then 7 * 86400 + u_dur * 21 * 86400
            when 'manualClose' then 3600 + u_dur * 3 * 86400
            when 'operator' then 600 + u_dur * 86400
            when 'expiredVoucher' then 30 * 86400
            else 2 + u_dur * 88 end * 1000) / 1000),
          greatest(started_at, ${until.toISOString()}::timestamptz)) as updated_at,
        case when status = 'expiredVoucher' or u_money < 0.005 then debit else 0 end as voucher_money,
        case when status <> 'expiredVoucher' and u_money >= 0.005 and u_money < 0.075
          then debit / (1 + floor(u_money * 1000)::int % 2) else 0 end as bonus_money,
        case when status = 'expiredVoucher' or u_money < 0.005
          then 'VC-' || upper(lpad(to_hex((h3 >> 20) & 1048575), 5, '0')) end as voucher_code,
        debit * (3 + ((h2 >> 3) & 255)) as funds_at_start,
        (${texts(SYMBOLS)})[1 + (h1 & 7)::int] || ' ' || (${texts(SYMBOLS)})[1 + (h1 >> 21 & 7)::int] || ' '
          || (${texts(SYMBOLS)})[1 + (h1 >> 42 & 7)::int] || ' ' || (${texts(SYMBOLS)})[1 + (h2 & 7)::int]
          || ' ' || (${texts(SYMBOLS)})[1 + (h3 & 7)::int] as reels
      from (
        select i, h1, h2, h3, u_dur, u_money, started_at,
          (${texts(casinos.map((c) => c.casinoId))})[c] as casino_id,
          ${prefix} || lpad(i::text, 10, '0') as round_id,
          lpad(to_hex(${providerBase}::bigint + 3 * i), 12, '0') as provider_round_id,
          (${texts(casinos.map((c) => c.integrationId))})[c] as integration_id,
          'player-' || lpad(p::text, 6, '0') as player_id,
          (${texts(games.map((g) => g.gameId))})[g] as game_id,
          (${texts(currencies)})[cur] as currency,
          debit,
          case when u_hit >= ${HIT_RATE} then 0
            else round(debit * (${floats(scale)})[g] * case
              when u_hit < ${HIT_RATE * tiers[0]!} then ${SMALL_WIN.low} + ${SMALL_WIN.high - SMALL_WIN.low} * u_mult
              when u_hit < ${HIT_RATE * tiers[1]!} then ${MEDIUM_WIN.low} + ${MEDIUM_WIN.high - MEDIUM_WIN.low} * u_mult
              else ${BIG_WIN.low} + ${BIG_WIN.span} * u_mult * u_mult end)::bigint end as win,
          case when u_status < ${cumulative[0]!} then case
              when started_at >= ${until.toISOString()}::timestamptz - make_interval(days => ${OPEN_WITHIN_DAYS})
              then 'open' else 'completed' end
            when u_status < ${cumulative[1]!} then 'autoCloseFailed'
            when u_status < ${cumulative[2]!} then 'refunded'
            when u_status < ${cumulative[3]!} then 'autoClose'
            when u_status < ${cumulative[4]!} then 'manualClose'
            when u_status < ${cumulative[5]!} then 'operator'
            when u_status < ${cumulative[6]!} then 'expiredVoucher'
            else 'completed' end as status
        from (
          select *,
            (${ints(BET_LADDER)})[1 + greatest(0, least(${BET_LADDER.length - 1},
              (${ints(PLAYER_BET_LEVEL)})[1 + (hashint8extended(c::bigint * 10000000 + p, ${stream(seed, 4)}::bigint) & 7)::int]
              + floor(u_bet * 3)::int - 1))] * (${ints(factors)})[cur] as debit,
            (${ints(casinoGames.flat())})[(${ints(gameStart)})[c] + floor((${ints(casinoGames.map((list) => list.length))})[c] * power(u_game, 1.7))::int] as g,
            ${fromIso}::timestamptz + make_interval(secs => floor(${startSecondSql(timeline)} * 1000) / 1000) as started_at
          from (
            select *,
              floor((${ints(playerCounts)})[c] * power(u_player, 2.2))::int as p,
              (${ints(currencyStart)})[c]
                + floor((${ints(playerCounts)})[c] * power(u_player, 2.2))::int
                  % (${ints(casinos.map((casino) => casino.currencies.length))})[c] as cur
            from (
              select i, h1, h2, h3,
                (${ints(casinoSlots(casinos))})[1 + floor(${part(sql`h1`, 0)} * 1024)::int] as c,
                ${part(sql`h1`, 1)} as u_player, ${part(sql`h1`, 2)} as u_game,
                ${part(sql`h2`, 0)} as u_bet, ${part(sql`h2`, 1)} as u_hit, ${part(sql`h2`, 2)} as u_mult,
                ${part(sql`h3`, 0)} as u_status, ${part(sql`h3`, 1)} as u_dur, ${part(sql`h3`, 2)} as u_money,
                (i + 0.5)::float8 / ${rounds} as x
              from (
                select i, ${h1} as h1, ${h2} as h2, ${h3} as h3
                from generate_series(${lo}::bigint, ${hi - 1}::bigint) as i
                offset 0
              ) hashed
              offset 0
            ) uniforms
            offset 0
          ) picked
          offset 0
        ) placed
        where started_at >= ${monthStart}::timestamptz and started_at < ${monthEnd}::timestamptz
        offset 0
      ) decided
      offset 0
    ) rounds
    ${table === 'game_rounds' ? sql`on conflict do nothing` : sql``}`;

  let inserted = 0;
  let done = 0;
  for (const month of monthsBetween(from, until)) {
    const start = new Date(`${month}-01T00:00:00.000Z`);
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    // A margin of two indexes: the database's sine may round differently; the filter decides exactly.
    const lo = Math.max(0, firstIndexFrom(timeline, from, start.getTime()) - 2);
    const hi = Math.min(rounds, firstIndexFrom(timeline, from, end.getTime()) + 2);
    if (lo >= hi) continue;
    const name = `game_rounds_${month.replace('-', '_')}`;
    // A month without a partition is loaded into a table of its own without indexes, which is then
    // indexed in one go and attached as the partition: several times faster than growing the indexes.
    const staged = !(await partitionExists(db, name));
    const staging = `game_rounds_load_${month.replace('-', '_')}_${randomBytes(4).toString('hex')}`;
    const target = staged ? staging : 'game_rounds';
    if (staged) {
      await db.execute(
        sql`create table ${sql.identifier(staging)} (like game_rounds including defaults including constraints)`,
      );
    }
    try {
      const batches: [number, number][] = [];
      for (let b = lo; b < hi; b += batchSize) batches.push([b, Math.min(hi, b + batchSize)]);
      let next = 0;
      const worker = async () => {
        while (next < batches.length) {
          const [batchLo, batchHi] = batches[next++]!;
          // Read after the await: \`inserted += await …\` would lose the other workers' counts.
          const count = affected(
            await db.execute(statement(target, batchLo, batchHi, start.toISOString(), end.toISOString())),
          );
          inserted += count;
          done += batchHi - batchLo;
          options.onProgress?.(Math.min(done, rounds), rounds);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
      if (staged) await attachStaged(db, staging, name, start, end);
    } finally {
      if (staged) await db.execute(sql`drop table if exists ${sql.identifier(staging)}`).catch(() => {});
    }
  }
  options.onProgress?.(rounds, rounds);
  return inserted;
}

/**
 * Makes a loaded table the month's partition, under the lock `ensure_game_rounds_partition` takes; a
 * partition that appeared meanwhile (an ingest of that month) gets the rows copied instead.
 */
async function attachStaged(db: Db, staging: string, name: string, start: Date, end: Date): Promise<void> {
  const table = sql.identifier(staging);
  const bounds = sql.identifier(`${staging}_bounds`);
  const lower = sql.raw(`'${start.toISOString().slice(0, 10)} 00:00:00+00'`);
  const upper = sql.raw(`'${end.toISOString().slice(0, 10)} 00:00:00+00'`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    // Attaching builds the partition's indexes; sorts held in memory build them several times faster.
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    if (await partitionExists(tx, name)) {
      await tx.execute(sql`insert into game_rounds select * from ${table} on conflict do nothing`);
      return;
    }
    // With this check in place, attaching needs no scan to prove the rows belong to the month.
    await tx.execute(
      sql`alter table ${table} add constraint ${bounds} check (started_at >= ${lower} and started_at < ${upper})`,
    );
    await tx.execute(sql`alter table ${table} rename to ${sql.identifier(name)}`);
    await tx.execute(
      sql`alter table game_rounds attach partition ${sql.identifier(name)} for values from (${lower}) to (${upper})`,
    );
    await tx.execute(sql`alter table ${sql.identifier(name)} drop constraint ${bounds}`);
  });
}

async function insertSavegames(
  db: Db,
  casino: GeneratorCasino,
  players: number,
  count: number,
  gameIds: string[],
  seed: number,
  from: Date,
  until: Date,
): Promise<number> {
  const wanted = Math.min(count, players * gameIds.length);
  if (wanted <= 0) return 0;
  const h = sql`hashint8extended(j, ${stream(seed, 50)}::bigint)`;
  const spanSeconds = (until.getTime() - from.getTime()) / 1000;
  // Pair j is player j mod P with that player's (j div P)-th game after a start game of its own: no pair
  // twice while j < P·G.
  const result = await db.execute(sql`
    insert into savegames (casino_id, player_id, game_id, integration_id, saved_at, state, data, created_at,
      updated_at)
    select ${casino.casinoId}, 'player-' || lpad(p::text, 6, '0'),
      (${texts(gameIds)})[1 + (start_game + j / ${players}) % ${gameIds.length}],
      ${casino.integrationId}, saved_at,
      jsonb_build_object('level', 1 + (h & 31), 'freeSpinsLeft', (h >> 5) & 15,
        'collected', jsonb_build_array((h >> 9) & 7, (h >> 12) & 7, (h >> 15) & 7)),
      jsonb_build_object('clientVersion', '1.' || ((h >> 18) & 3) || '.0',
        'device', (array['desktop', 'mobile', 'tablet'])[1 + ((h >> 20) & 1023)::int % 3]),
      saved_at, saved_at
    from (
      select j, j % ${players} as p, ${h} as h,
        (hashint8extended(j % ${players}, ${stream(seed, 51)}::bigint) & 1023)::int % ${gameIds.length} as start_game,
        ${from.toISOString()}::timestamptz
          + make_interval(secs => round(${part(h, 2)} * ${spanSeconds})) as saved_at
      from generate_series(0, ${wanted - 1}) as j
      offset 0
    ) pairs
    on conflict do nothing`);
  return affected(result);
}

/** Counts of a generated data set by status, for tests and the CLI. */
export async function roundsByStatus(db: Db): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select status, count(*)::int as n from game_rounds group by status`),
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
