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
import { roundStatuses } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
  },
  (table) => [
    primaryKey({ name: 'game_rounds_pkey', columns: [table.casinoId, table.roundId, table.startedAt] }),
    index('game_rounds_player_idx').on(table.casinoId, table.playerId, table.startedAt),
    index('game_rounds_provider_round_idx').on(table.casinoId, table.providerRoundId),
    index('game_rounds_started_idx').on(table.casinoId, table.startedAt),
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
};

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

export const significantEvents = pgTable(
  'significant_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    happenedAt: instant('happened_at').notNull(),
    reason: text('reason').notNull(),
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
