/**
 * The rollups the reports read: round_stats_daily, its sums over the games (round_stats_daily_totals) and
 * round_stats_monthly. Every ingest adds what its rounds contribute and takes away what the replaced
 * states contributed, in the same transaction as the rounds, so the rollups always equal a recomputation
 * from the raw rounds. `rebuildRollups` recomputes them for repair.
 */
import { isFinalStatus, type RoundStatus } from '@backoffice/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** What a round (in one state) adds to the figures of its rollup row. */
export interface RoundContribution {
  casinoId: string;
  /** UTC day of the round's start, yyyy-MM-dd. */
  day: string;
  integrationId: string;
  gameId: string;
  currency: string;
  rounds: number;
  openRounds: number;
  refundedRounds: number;
  bet: number;
  win: number;
  /** Rounds in turnover with a bet, and their win per bet in millionths: summed, and squares summed. */
  betRounds: number;
  winPerBetSum: bigint;
  winPerBetSquares: bigint;
  /** The bets squared, summed (minor units squared). */
  betSquares: bigint;
}

/** What the rollups need of a round in one state. */
export interface RoundState {
  casinoId: string;
  startedAt: string;
  gameId: string;
  currency: string;
  status: RoundStatus;
  debit: number;
  credit: number;
  /** A support close refunded the bet (game_rounds.bet_returned). */
  betReturned?: boolean;
}

const REFUNDED: RoundStatus = 'refunded';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export function utcDayOf(instant: string): string {
  // Most instants arrive as ISO UTC already: their day is their first ten characters.
  return ISO_UTC.test(instant) ? instant.slice(0, 10) : new Date(instant).toISOString().slice(0, 10);
}

const figureNames = [
  'rounds',
  'openRounds',
  'refundedRounds',
  'bet',
  'win',
  'betRounds',
  'winPerBetSum',
  'winPerBetSquares',
  'betSquares',
] as const;

const MILLION = 1_000_000n;

/**
 * A round's win per bet in millionths, rounded half up — exactly as the SQL of `recomputedDailySql`
 * (integers only, so both agree to the last digit).
 */
export function winPerBetMillionths(credit: number, debit: number): bigint {
  return (BigInt(credit) * 2n * MILLION + BigInt(debit)) / (2n * BigInt(debit));
}

/**
 * What a batch changes in the rollups, summed per rollup row: the states it adds count +1, the states it
 * replaces −1. A refunded round's money went back to the player — so did the bet of a round that support
 * closed with a refund: it counts as a round (and as refunded), not as turnover or win.
 */
export class RollupChanges {
  readonly #rows = new Map<string, RoundContribution>();

  add(round: RoundState, integrationId: string, sign: 1 | -1 = 1): this {
    const day = utcDayOf(round.startedAt);
    const key = `${round.casinoId}\u0000${day}\u0000${integrationId}\u0000${round.gameId}\u0000${round.currency}`;
    let row = this.#rows.get(key);
    if (!row) {
      row = {
        casinoId: round.casinoId,
        day,
        integrationId,
        gameId: round.gameId,
        currency: round.currency,
        rounds: 0,
        openRounds: 0,
        refundedRounds: 0,
        bet: 0,
        win: 0,
        betRounds: 0,
        winPerBetSum: 0n,
        winPerBetSquares: 0n,
        betSquares: 0n,
      };
      this.#rows.set(key, row);
    }
    const refunded = round.status === REFUNDED || round.betReturned === true;
    row.rounds += sign;
    if (!isFinalStatus(round.status)) row.openRounds += sign;
    if (refunded) row.refundedRounds += sign;
    else {
      row.bet += sign * round.debit;
      row.win += sign * round.credit;
      row.betSquares += BigInt(sign) * BigInt(round.debit) * BigInt(round.debit);
      if (round.debit > 0) {
        const perBet = winPerBetMillionths(round.credit, round.debit);
        row.betRounds += sign;
        row.winPerBetSum += BigInt(sign) * perBet;
        row.winPerBetSquares += BigInt(sign) * perBet * perBet;
      }
    }
    return this;
  }

  /** The rows whose figures change (some cancel out), in key order. */
  rows(): RoundContribution[] {
    return [...this.#rows.entries()]
      .filter(([, row]) => figureNames.some((name) => row[name] !== 0 && row[name] !== 0n))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  }
}

/** The figure columns every rollup table has, after its key. */
export const ROLLUP_FIGURE_COLUMNS = [
  'rounds',
  'open_rounds',
  'refunded_rounds',
  'bet',
  'win',
  'bet_eur',
  'win_eur',
  'unrated_rounds',
  'bet_rounds',
  'win_per_bet_sum',
  'win_per_bet_squares',
  'bet_squares',
  'bet_squares_eur',
] as const;
const FIGURE_COLUMNS = sql.raw(ROLLUP_FIGURE_COLUMNS.join(', '));
/** Each of them summed, in the same order: rows of one table summed into the key of another. */
const FIGURE_SUMS = sql.raw(ROLLUP_FIGURE_COLUMNS.map((name) => `sum(${name})`).join(', '));

/** The rate of a currency on a day as SQL: EUR is 1 without a master-data row; a missing rate is null. */
const rateOf = (day: SQL, currency: SQL) => sql`(case when ${currency} = 'EUR' then 1::numeric else
  (select r.rate_to_eur from fx_rates r where r.day = ${day} and r.currency = ${currency}) end)`;

/** Serialises rollup writes of one day and currency against a change of that day's rate. */
const RATE_LOCK_SPACE = 727_003;

/** Takes the rate locks of these days and currencies in one statement, in a fixed order. */
async function lockRates(db: Db, pairs: { day: string; currency: string }[], mode: 'shared' | 'exclusive') {
  const keys = [...new Set(pairs.map((pair) => `${pair.day}|${pair.currency}`))].sort();
  if (keys.length === 0) return;
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await db.execute(sql`select ${lock}(${RATE_LOCK_SPACE}, hashtext(k))
    from (select k from json_array_elements_text(${JSON.stringify(keys)}::json) as k order by k) ordered`);
}

/**
 * Ingests hold these (shared, so they don't wait for each other) while they add to the rollups of a day and
 * currency; `repriceRollups` takes the same locks exclusively.
 */
export function lockRatesShared(db: Db, pairs: { day: string; currency: string }[]): Promise<void> {
  return lockRates(db, pairs, 'shared');
}

/**
 * Adds the summed contributions to the daily and monthly rollups, priced with the rate of each day (the
 * caller holds `lockRatesShared`). Rows are written in key order so that concurrent ingests lock them in
 * the same order (no deadlocks between batches).
 */
export async function applyContributions(db: Db, contributions: RoundContribution[]): Promise<void> {
  if (contributions.length === 0) return;
  const rows = JSON.stringify(
    contributions.map((c) => ({
      casino_id: c.casinoId,
      day: c.day,
      integration_id: c.integrationId,
      game_id: c.gameId,
      currency: c.currency,
      rounds: c.rounds,
      open_rounds: c.openRounds,
      refunded_rounds: c.refundedRounds,
      bet: c.bet,
      win: c.win,
      bet_rounds: c.betRounds,
      win_per_bet_sum: String(c.winPerBetSum),
      win_per_bet_squares: String(c.winPerBetSquares),
      bet_squares: String(c.betSquares),
    })),
  );
  const priced = sql`(select d.*, ${rateOf(sql`d.day`, sql`d.currency`)} as rate
    from json_to_recordset(${rows}::json) as d(casino_id text, day date, integration_id text, game_id text,
      currency text, rounds bigint, open_rounds bigint, refunded_rounds bigint, bet bigint, win bigint,
      bet_rounds bigint, win_per_bet_sum numeric, win_per_bet_squares numeric, bet_squares numeric)) p`;
  const addFigures = sql`
    rounds = s.rounds + excluded.rounds,
    open_rounds = s.open_rounds + excluded.open_rounds,
    refunded_rounds = s.refunded_rounds + excluded.refunded_rounds,
    bet = s.bet + excluded.bet,
    win = s.win + excluded.win,
    bet_eur = s.bet_eur + excluded.bet_eur,
    win_eur = s.win_eur + excluded.win_eur,
    unrated_rounds = s.unrated_rounds + excluded.unrated_rounds,
    bet_rounds = s.bet_rounds + excluded.bet_rounds,
    win_per_bet_sum = s.win_per_bet_sum + excluded.win_per_bet_sum,
    win_per_bet_squares = s.win_per_bet_squares + excluded.win_per_bet_squares,
    bet_squares = s.bet_squares + excluded.bet_squares,
    bet_squares_eur = s.bet_squares_eur + excluded.bet_squares_eur`;
  // The contributions summed per row of a coarser rollup, priced per day as the daily rows are.
  const summed = sql`sum(rounds), sum(open_rounds), sum(refunded_rounds), sum(bet), sum(win),
      coalesce(sum(bet * rate), 0), coalesce(sum(win * rate), 0),
      sum(case when rate is null then rounds else 0 end),
      sum(bet_rounds), sum(win_per_bet_sum), sum(win_per_bet_squares), sum(bet_squares),
      coalesce(sum(bet_squares * rate * rate), 0)`;
  // One statement for the three rollups: the daily rows and the daily totals in data-modifying CTEs, the
  // monthly rows after them.
  await db.execute(sql`
    with priced as (
      select p.* from ${priced}
    ), daily as (
      insert into round_stats_daily as s (casino_id, day, integration_id, game_id, currency, ${FIGURE_COLUMNS})
      select casino_id, day, integration_id, game_id, currency, rounds, open_rounds, refunded_rounds, bet,
        win, coalesce(bet * rate, 0), coalesce(win * rate, 0), case when rate is null then rounds else 0 end,
        bet_rounds, win_per_bet_sum, win_per_bet_squares, bet_squares, coalesce(bet_squares * rate * rate, 0)
      from priced
      order by casino_id, day, integration_id, game_id, currency
      on conflict (casino_id, day, integration_id, game_id, currency) do update set ${addFigures}
      returning 1
    ), totals as (
      insert into round_stats_daily_totals as s (casino_id, day, integration_id, currency, ${FIGURE_COLUMNS})
      select casino_id, day, integration_id, currency, ${summed}
      from priced
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4
      on conflict (casino_id, day, integration_id, currency) do update set ${addFigures}
      returning 1
    )
    insert into round_stats_monthly as s (casino_id, month, integration_id, game_id, currency, ${FIGURE_COLUMNS})
    select casino_id, date_trunc('month', day)::date, integration_id, game_id, currency, ${summed}
    from priced
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (casino_id, month, integration_id, game_id, currency) do update set ${addFigures}`);
}

/**
 * Brings the EUR values of days and currencies in line with their rates in master data, after rates were
 * added, changed or removed (call it in the same transaction, after the writes). Monthly rows get the
 * difference, so ingests of other days running at the same time keep their additions.
 */
export async function repriceRollups(db: Db, pairs: { day: string; currency: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  await lockRates(db, pairs, 'exclusive');
  const priced = sql`(select p.day, p.currency, ${rateOf(sql`p.day`, sql`p.currency`)} as rate
    from json_to_recordset(${JSON.stringify(pairs)}::json) as p(day date, currency text)) r`;
  await db.execute(sql`
    insert into round_stats_monthly as s (casino_id, month, integration_id, game_id, currency, bet_eur,
      win_eur, unrated_rounds, bet_squares_eur)
    select d.casino_id, date_trunc('month', d.day)::date, d.integration_id, d.game_id, d.currency,
      sum(coalesce(d.bet * r.rate, 0) - d.bet_eur), sum(coalesce(d.win * r.rate, 0) - d.win_eur),
      sum((case when r.rate is null then d.rounds else 0 end) - d.unrated_rounds),
      sum(coalesce(d.bet_squares * r.rate * r.rate, 0) - d.bet_squares_eur)
    from round_stats_daily d join ${priced} on d.day = r.day and d.currency = r.currency
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (casino_id, month, integration_id, game_id, currency) do update set
      bet_eur = s.bet_eur + excluded.bet_eur,
      win_eur = s.win_eur + excluded.win_eur,
      unrated_rounds = s.unrated_rounds + excluded.unrated_rounds,
      bet_squares_eur = s.bet_squares_eur + excluded.bet_squares_eur`);
  // A day's totals are priced like its rows: with one rate, so the sum of the products is the product.
  for (const table of [sql.raw('round_stats_daily'), sql.raw('round_stats_daily_totals')]) {
    await db.execute(sql`
      update ${table} d set
        bet_eur = coalesce(d.bet * r.rate, 0),
        win_eur = coalesce(d.win * r.rate, 0),
        unrated_rounds = case when r.rate is null then d.rounds else 0 end,
        bet_squares_eur = coalesce(d.bet_squares * r.rate * r.rate, 0)
      from ${priced}
      where d.day = r.day and d.currency = r.currency`);
  }
}

/**
 * The figures of round_stats_daily recomputed from the raw rounds (optionally only those matching
 * `where`): what a rebuild writes, and what tests compare the maintained rollups with.
 */
export function recomputedDailySql(where: SQL = sql`true`): SQL {
  const withBet = sql`status <> 'refunded' and not bet_returned and debit > 0`;
  // Win per bet in millionths, rounded half up (credits are never negative): see winPerBetMillionths.
  const perBet = sql`round(credit * 1000000.0 / nullif(debit, 0))`;
  return sql`
    select raw.*, coalesce(bet * r.rate, 0) as bet_eur, coalesce(win * r.rate, 0) as win_eur,
      case when r.rate is null then rounds else 0 end as unrated_rounds,
      coalesce(bet_squares * r.rate * r.rate, 0) as bet_squares_eur
    from (
      select casino_id, (started_at at time zone 'UTC')::date as day, integration_id, game_id, currency,
        count(*) as rounds,
        count(*) filter (where status in ('open', 'autoCloseFailed')) as open_rounds,
        count(*) filter (where status = 'refunded' or bet_returned) as refunded_rounds,
        coalesce(sum(debit) filter (where status <> 'refunded' and not bet_returned), 0) as bet,
        coalesce(sum(credit) filter (where status <> 'refunded' and not bet_returned), 0) as win,
        count(*) filter (where ${withBet}) as bet_rounds,
        coalesce(sum(${perBet}) filter (where ${withBet}), 0) as win_per_bet_sum,
        coalesce(sum(${perBet} * ${perBet}) filter (where ${withBet}), 0) as win_per_bet_squares,
        coalesce(sum(debit::numeric * debit) filter (where status <> 'refunded' and not bet_returned), 0)
          as bet_squares
      from game_rounds
      where ${where}
      group by 1, 2, 3, 4, 5
    ) raw, lateral (select ${rateOf(sql`raw.day`, sql`raw.currency`)} as rate) r`;
}

export interface RebuildScope {
  /** First and last month to rebuild, yyyy-MM; both whole months. Without them, everything. */
  fromMonth?: string;
  toMonth?: string;
}

/**
 * Recomputes the rollups from the raw rounds (for repair), within one transaction — except the days of an
 * integration up to its retention mark, whose raw rounds were removed (retention.ts): they keep their
 * figures. It locks the rollups
 * against concurrent ingests, which wait and then add to the rebuilt figures.
 */
export async function rebuildRollups(db: Db, scope: RebuildScope = {}): Promise<{ dailyRows: number }> {
  const from = scope.fromMonth ? `${scope.fromMonth}-01` : '0001-01-01';
  const until = scope.toMonth
    ? sql`(${`${scope.toMonth}-01`}::date + interval '1 month')::date`
    : sql`'infinity'::date`;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`lock table round_stats_daily, round_stats_daily_totals, round_stats_monthly, fx_rates in exclusive mode`,
    );
    // Days whose raw rounds retention removed (in part) keep their figures: they cannot be recomputed.
    const kept = (integration: SQL, day: SQL) => sql`exists (select 1 from retention_marks m
      where m.integration_id = ${integration} and ${day} <= (m.rounds_removed_before at time zone 'UTC')::date)`;
    await tx.execute(sql`delete from round_stats_daily d where day >= ${from}::date and day < ${until}
      and not ${kept(sql`d.integration_id`, sql`d.day`)}`);
    await tx.execute(sql`delete from round_stats_monthly where month >= ${from}::date and month < ${until}`);
    await tx.execute(sql`delete from round_stats_daily_totals where day >= ${from}::date and day < ${until}`);
    const inserted = await tx.execute(sql`
      insert into round_stats_daily (casino_id, day, integration_id, game_id, currency, rounds, open_rounds,
        refunded_rounds, bet, win, bet_rounds, win_per_bet_sum, win_per_bet_squares, bet_squares, bet_eur,
        win_eur, unrated_rounds, bet_squares_eur)
      select * from (${recomputedDailySql(
        sql`started_at >= ${from}::date at time zone 'UTC' and started_at < ${until} at time zone 'UTC'
          and not ${kept(sql`game_rounds.integration_id`, sql`(game_rounds.started_at at time zone 'UTC')::date`)}`,
      )}) recomputed
      order by day`);
    // Both from the daily rows, the kept ones included. Every table is written in day order, as the
    // reports read it (a range of days): a day's rows share a few pages instead of one page each.
    await tx.execute(sql`
      insert into round_stats_monthly (casino_id, month, integration_id, game_id, currency, ${FIGURE_COLUMNS})
      select casino_id, date_trunc('month', day)::date, integration_id, game_id, currency, ${FIGURE_SUMS}
      from round_stats_daily
      where day >= ${from}::date and day < ${until}
      group by 1, 2, 3, 4, 5
      order by 2`);
    await tx.execute(sql`
      insert into round_stats_daily_totals (casino_id, day, integration_id, currency, ${FIGURE_COLUMNS})
      select casino_id, day, integration_id, currency, ${FIGURE_SUMS}
      from round_stats_daily
      where day >= ${from}::date and day < ${until}
      group by 1, 2, 3, 4
      order by 2`);
    const counted = inserted as { rowCount?: number | null; affectedRows?: number };
    return { dailyRows: counted.rowCount ?? counted.affectedRows ?? 0 };
  });
}
