/**
 * Platform data (architecture §3): what the game platform reports through the ingest API, and the rollups
 * the reports read. `casino_id` leads every key so that the tables can be distributed by casino (see
 * docs/scaling.md); they carry no foreign keys to the configuration, because money history must outlive
 * configuration changes — the ingest API checks casinos, integrations and games instead.
 *
 * game_rounds is range-partitioned by month of `started_at` (migration 0005 creates it by hand, Drizzle
 * cannot); the partition key must be part of every unique key, so a round's key is
 * (casino_id, round_id, started_at) and a round's start never changes.
 */
import {
  closeBookings,
  closureStates,
  roundStatuses,
  savegameDeletions,
  supportActionKinds,
} from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { integrations } from './operators';
import { users } from './users';

const money = (name: string) => bigint(name, { mode: 'number' });
const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** Keys of the ingest API, one integration each; only a SHA-256 of the key is kept. */
export const integrationApiKeys = pgTable(
  'integration_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integrationId: text('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    createdBy: text('created_by'),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (table) => [
    uniqueIndex('integration_api_keys_hash_key').on(table.keyHash),
    index('integration_api_keys_integration_idx').on(table.integrationId),
  ],
);

export const players = pgTable(
  'players',
  {
    casinoId: text('casino_id').notNull(),
    playerId: text('player_id').notNull(),
    integrationId: text('integration_id').notNull(),
    language: text('language'),
    country: text('country'),
    email: text('email'),
    jurisdiction: text('jurisdiction'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    nickName: text('nick_name'),
    city: text('city'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender'),
    registeredAt: instant('registered_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'players_pkey', columns: [table.casinoId, table.playerId] })],
);

export const gameRounds = pgTable(
  'game_rounds',
  {
    casinoId: text('casino_id').notNull(),
    roundId: text('round_id').notNull(),
    startedAt: instant('started_at').notNull(),
    providerRoundId: text('provider_round_id'),
    integrationId: text('integration_id').notNull(),
    playerId: text('player_id').notNull(),
    gameId: text('game_id').notNull(),
    /** The platform's time of the state stored here. */
    updatedAt: instant('updated_at').notNull(),
    status: text('status', { enum: roundStatuses }).notNull(),
    currency: text('currency').notNull(),
    debit: money('debit').notNull(),
    credit: money('credit').notNull(),
    totalWin: money('total_win').notNull(),
    voucherCode: text('voucher_code'),
    fundsAtStart: money('funds_at_start'),
    fundsAtEnd: money('funds_at_end'),
    displayedOutcome: jsonb('displayed_outcome'),
    realMoney: money('real_money'),
    bonusMoney: money('bonus_money'),
    voucherMoney: money('voucher_money'),
    /** When the back office stored this state. */
    receivedAt: instant('received_at').notNull().defaultNow(),
    /**
     * The states this round had before the one above, oldest first (see `RoundHistoryEntry`); null while it
     * had only one. The round's timeline shows them.
     */
    history: jsonb('history').$type<RoundHistoryEntry[]>(),
    /**
     * The support close in flight or done (round_closures). Set in the transaction that stores the booking's
     * idempotency key: while it is set, the platform's reports no longer change the round.
     */
    closureId: uuid('closure_id'),
    /** A close refunded the bet: like a refunded round, it counts as a round but not as turnover or win. */
    betReturned: boolean('bet_returned').notNull().default(false),
  },
  (table) => [
    primaryKey({ name: 'game_rounds_pkey', columns: [table.casinoId, table.roundId, table.startedAt] }),
    index('game_rounds_player_idx').on(table.casinoId, table.playerId, table.startedAt),
    index('game_rounds_provider_round_idx').on(table.casinoId, table.providerRoundId),
    index('game_rounds_started_idx').on(table.casinoId, table.startedAt),
    // The round search by game, by any status but the common `completed`, and by both (decision 019): the
    // rare statuses' indexes are partial, a few per cent of the rounds.
    index('game_rounds_game_idx').on(table.casinoId, table.gameId, table.startedAt),
    index('game_rounds_unsettled_idx')
      .on(table.casinoId, table.status, table.startedAt)
      .where(sql`${table.status} <> 'completed'`),
    index('game_rounds_game_unsettled_idx')
      .on(table.casinoId, table.gameId, table.status, table.startedAt)
      .where(sql`${table.status} <> 'completed'`),
    // The auto-close job's search: the few open rounds, oldest first.
    index('game_rounds_open_idx')
      .on(table.startedAt)
      .where(sql`${table.status} = 'open'`),
  ],
);

export const savegames = pgTable(
  'savegames',
  {
    casinoId: text('casino_id').notNull(),
    playerId: text('player_id').notNull(),
    gameId: text('game_id').notNull(),
    integrationId: text('integration_id').notNull(),
    savedAt: instant('saved_at').notNull(),
    /** The part that restores the game; a soft delete removes only this. */
    state: jsonb('state'),
    data: jsonb('data'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'savegames_pkey', columns: [table.casinoId, table.playerId, table.gameId] }),
  ],
);

/** A replaced state of a round, as its history keeps it. */
export interface RoundHistoryEntry {
  status: (typeof roundStatuses)[number];
  /** The platform's time of the state, and when the back office stored it. */
  at: string;
  receivedAt: string;
  debit: number;
  credit: number;
  totalWin: number;
  /** Who set the state: the platform's report or a support close. */
  source: 'platform' | 'support';
}

/**
 * Support closes of open rounds (architecture §7). A row is written, with its idempotency key, in the same
 * transaction that marks the round (`game_rounds.closure_id`); only then is the bridge called. A round has
 * at most one close pending or closed (the partial unique index); rejected ones stay as history.
 */
export const roundClosures = pgTable(
  'round_closures',
  {
    id: uuid('id').primaryKey(),
    casinoId: text('casino_id').notNull(),
    roundId: text('round_id').notNull(),
    startedAt: instant('started_at').notNull(),
    integrationId: text('integration_id').notNull(),
    playerId: text('player_id').notNull(),
    /** The casino's bridge at the time of the request (no foreign key: money history outlives it). */
    bridgeId: uuid('bridge_id'),
    booking: text('booking', { enum: closeBookings }).notNull(),
    state: text('state', { enum: closureStates }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** Every call of this booking carries this key; null for a close without booking. */
    idempotencyKey: text('idempotency_key'),
    /** The booking's body exactly as every attempt sends it. */
    request: jsonb('request'),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name'),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    lastError: text('last_error'),
    bridgeBookingId: text('bridge_booking_id'),
    /** Who closes: support (ends manualClose) or the auto-close job (ends autoClose). */
    kind: text('kind', { enum: ['support', 'auto'] })
      .notNull()
      .default('support'),
  },
  (table) => [
    uniqueIndex('round_closures_idempotency_key').on(table.idempotencyKey),
    uniqueIndex('round_closures_one_active')
      .on(table.casinoId, table.roundId, table.startedAt)
      .where(sql`${table.state} in ('pending', 'closed')`),
    index('round_closures_round_idx').on(table.casinoId, table.roundId),
    index('round_closures_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending' and ${table.nextAttemptAt} is not null`),
    check('round_closures_kind_check', sql`${table.kind} in ('support', 'auto')`),
  ],
);

/** What happened to a close: the actions (requested, retried, closed, rejected) and each bridge call. */
export const roundClosureEvents = pgTable(
  'round_closure_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    closureId: uuid('closure_id')
      .notNull()
      .references(() => roundClosures.id, { onDelete: 'cascade' }),
    at: instant('at').notNull().defaultNow(),
    kind: text('kind', { enum: ['action', 'bridge-call'] }).notNull(),
    /** For actions: close-requested, close-retried, closed, close-rejected. */
    action: text('action'),
    actorName: text('actor_name'),
    /** For bridge calls: method, path, idempotency key and body sent (never the secret or signature). */
    request: jsonb('request'),
    outcome: text('outcome'),
    answerStatus: integer('answer_status'),
    answerBody: jsonb('answer_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (table) => [index('round_closure_events_closure_idx').on(table.closureId, table.at)],
);

/**
 * The feed of support actions each integration's platform reads (docs/platform-api.md): positions count
 * 1, 2, 3, … per integration in commit order (`support_feed_cursors` hands them out under a row lock).
 */
export const supportFeed = pgTable(
  'support_feed',
  {
    integrationId: text('integration_id').notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: supportActionKinds }).notNull(),
    happenedAt: instant('happened_at').notNull().defaultNow(),
    casinoId: text('casino_id').notNull(),
    playerId: text('player_id').notNull(),
    roundId: text('round_id'),
    startedAt: instant('started_at'),
    status: text('status', { enum: roundStatuses }),
    booking: text('booking', { enum: closeBookings }),
    amount: money('amount'),
    currency: text('currency'),
    bridgeBookingId: text('bridge_booking_id'),
    gameId: text('game_id'),
    deletion: text('deletion', { enum: savegameDeletions }),
    reason: text('reason').notNull(),
  },
  (table) => [primaryKey({ name: 'support_feed_pkey', columns: [table.integrationId, table.position] })],
);

export const supportFeedCursors = pgTable('support_feed_cursors', {
  integrationId: text('integration_id').primaryKey(),
  /** The last position handed out. */
  lastPosition: bigint('last_position', { mode: 'number' }).notNull().default(0),
  /** The last position the platform acknowledged. */
  acknowledged: bigint('acknowledged', { mode: 'number' }).notNull().default(0),
  acknowledgedAt: instant('acknowledged_at'),
});

const rollupFigures = {
  integrationId: text('integration_id').notNull(),
  gameId: text('game_id').notNull(),
  currency: text('currency').notNull(),
  /** All rounds started in the period, whatever their status. */
  rounds: count('rounds'),
  openRounds: count('open_rounds'),
  refundedRounds: count('refunded_rounds'),
  /** Turnover: the debits of all rounds except refunded ones (minor units of `currency`). */
  bet: count('bet'),
  /** Wins: the credits of all rounds except refunded ones. */
  win: count('win'),
  /**
   * The same in EUR cents (exact, unrounded): each day's amounts times that day's rate of the currency.
   * Rounds of a day without a rate add nothing here and count in `unratedRounds` instead; writing a rate
   * later reprices them (see rollups.ts).
   */
  betEur: numeric('bet_eur').notNull().default('0'),
  winEur: numeric('win_eur').notNull().default('0'),
  unratedRounds: count('unrated_rounds'),
  /**
   * For the RTP deviation band (reports.service.ts): of the rounds in turnover, those with a bet, and the
   * sum and the sum of squares of their win per bet (credit ÷ debit, in millionths, rounded half up per
   * round). Currency-free, so no rate reprices them.
   */
  betRounds: count('bet_rounds'),
  winPerBetSum: numeric('win_per_bet_sum').notNull().default('0'),
  winPerBetSquares: numeric('win_per_bet_squares').notNull().default('0'),
  /**
   * The sum of the squared bets (minor units squared), and the same in EUR cents squared (times the
   * day's rate squared, repriced like `betEur`): how unevenly the turnover is spread over the rounds.
   */
  betSquares: numeric('bet_squares').notNull().default('0'),
  betSquaresEur: numeric('bet_squares_eur').notNull().default('0'),
};

function withoutGame<Figures extends { gameId: unknown }>({ gameId: _gameId, ...figures }: Figures) {
  return figures;
}

/**
 * Figures per casino, UTC day of the rounds' start, integration, game and currency; kept exact on every
 * ingest and on every change of an exchange rate.
 */
export const roundStatsDaily = pgTable(
  'round_stats_daily',
  { casinoId: text('casino_id').notNull(), day: date('day', { mode: 'string' }).notNull(), ...rollupFigures },
  (table) => [
    primaryKey({
      name: 'round_stats_daily_pkey',
      columns: [table.casinoId, table.day, table.integrationId, table.gameId, table.currency],
    }),
    index('round_stats_daily_day_idx').on(table.day),
    index('round_stats_daily_unrated_idx')
      .on(table.day, table.currency)
      .where(sql`${table.unratedRounds} > 0`),
  ],
);

/**
 * The same per casino, day, integration and currency, all games together: what a report that neither
 * groups nor filters by game reads for single days (a GGR series over 90 days reads some 60 times fewer
 * rows than from round_stats_daily). Kept in the same statement as the daily rows, and always equal to
 * their sums per game.
 */
export const roundStatsDailyTotals = pgTable(
  'round_stats_daily_totals',
  {
    casinoId: text('casino_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...withoutGame(rollupFigures),
  },
  (table) => [
    primaryKey({
      name: 'round_stats_daily_totals_pkey',
      columns: [table.casinoId, table.day, table.integrationId, table.currency],
    }),
    index('round_stats_daily_totals_day_idx').on(table.day),
  ],
);

/** The same per calendar month (`month` is its first day): long ranges read 30 times fewer rows. */
export const roundStatsMonthly = pgTable(
  'round_stats_monthly',
  {
    casinoId: text('casino_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...rollupFigures,
  },
  (table) => [
    primaryKey({
      name: 'round_stats_monthly_pkey',
      columns: [table.casinoId, table.month, table.integrationId, table.gameId, table.currency],
    }),
    index('round_stats_monthly_month_idx').on(table.month),
    check('round_stats_monthly_first_day', sql`extract(day from ${table.month}) = 1`),
  ],
);

/**
 * The transactions that changed what a money report shows: the rollups, and the names and theoretical RTPs
 * of casinos, integrations and games it shows with them. One row per transaction (its
 * `pg_current_xact_id()` as a number) with the days it changed: the whole months of the rollup rows it
 * wrote (a report may read a month whole, less days), every day (-infinity to infinity) for a name or an
 * RTP. Written by statement triggers on each of those tables (migration 0019), so that no writer can
 * forget it. A report answer kept in memory is still true while no transaction it could not see has
 * committed since with a change in its days (modules/reports/report-cache.ts).
 */
export const reportDataChanges = pgTable('report_data_changes', {
  xid: bigint('xid', { mode: 'number' }).primaryKey(),
  firstDay: date('first_day', { mode: 'string' }).notNull(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
});

/**
 * Where report_data_changes was last pruned: the rows of transactions below `below` are gone, so a kept
 * answer whose snapshot is older than that cannot be checked any more and is read again. One row.
 */
export const reportDataPruned = pgTable(
  'report_data_pruned',
  {
    only: boolean('only').primaryKey().default(true),
    below: bigint('below', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('report_data_pruned_one_row', sql`${table.only}`)],
);

export const significantEvents = pgTable(
  'significant_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    happenedAt: instant('happened_at').notNull(),
    reason: text('reason').notNull(),
    /** The casino the event concerns (a support action); null when it concerns no single casino. */
    casinoId: text('casino_id'),
    component: text('component'),
    userName: text('user_name'),
    beforeValue: text('before_value'),
    afterValue: text('after_value'),
    createdAt: instant('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
  },
  (table) => [index('significant_events_happened_idx').on(table.happenedAt)],
);

/**
 * Retention (spec §3 persistence settings): per integration, the instant before which its game rounds were
 * removed. Reports keep these rounds' figures in the rollups; a rebuild of the rollups leaves the days up to
 * this instant as they are, because their raw rounds are gone.
 */
export const retentionMarks = pgTable('retention_marks', {
  integrationId: text('integration_id').primaryKey(),
  roundsRemovedBefore: instant('rounds_removed_before').notNull(),
});
