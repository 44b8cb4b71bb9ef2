/**
 * Operator configuration: integration options, casinos (with their games, option values and provider
 * settings), integrations (with their bound casinos and games), and master data (exchange rates, global
 * defaults). Foreign keys without ON DELETE make every "in use" refusal exact under concurrency.
 */
import {
  integrationOptionDataTypes,
  operatorApiNames,
  pushOutcomes,
  pushTriggers,
  type Persistence,
  type PushResult,
  type RoutingRule,
  type RuleTest,
} from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bridges } from './bridges';
import { gameProviders, games } from './catalogue';
import { recordColumns } from './columns';
import { jurisdictions } from './jurisdictions';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const integrationOptions = pgTable(
  'integration_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    dataType: text('data_type', { enum: integrationOptionDataTypes }).notNull(),
    ...recordColumns,
  },
  (table) => [
    uniqueIndex('integration_options_name_key').on(sql`lower(${table.name})`),
    check(
      'integration_options_data_type_check',
      sql`${table.dataType} in (${inList(integrationOptionDataTypes)})`,
    ),
  ],
);

export const casinos = pgTable(
  'casinos',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    bridgeId: uuid('bridge_id')
      .notNull()
      .references(() => bridges.id),
    api: text('api', { enum: operatorApiNames }).notNull(),
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    /** Operator API secrets; never leave the server. */
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    jurisdictionId: uuid('jurisdiction_id')
      .notNull()
      .references(() => jurisdictions.id),
    showGameLaunchPage: boolean('show_game_launch_page').notNull().default(false),
    cheatingAllowed: boolean('cheating_allowed').notNull().default(false),
    sendEventMessages: boolean('send_event_messages').notNull().default(false),
    gameRoundValidityPeriodDays: integer('game_round_validity_period_days'),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    active: boolean('active').notNull().default(false),
    ...recordColumns,
  },
  (table) => [
    index('casinos_name_idx').on(table.name),
    index('casinos_bridge_idx').on(table.bridgeId),
    index('casinos_jurisdiction_idx').on(table.jurisdictionId),
    check('casinos_api_check', sql`${table.api} in (${inList(operatorApiNames)})`),
  ],
);

export const casinoGames = pgTable(
  'casino_games',
  {
    casinoId: text('casino_id')
      .notNull()
      .references(() => casinos.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.gameId),
    active: boolean('active').notNull().default(false),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'casino_games_pkey', columns: [table.casinoId, table.gameId] }),
    index('casino_games_game_idx').on(table.gameId),
  ],
);

export const casinoOptionValues = pgTable(
  'casino_option_values',
  {
    casinoId: text('casino_id')
      .notNull()
      .references(() => casinos.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => integrationOptions.id),
    value: text('value').notNull(),
  },
  (table) => [
    primaryKey({ name: 'casino_option_values_pkey', columns: [table.casinoId, table.optionId] }),
    index('casino_option_values_option_idx').on(table.optionId),
  ],
);

export const casinoProviderConfigs = pgTable(
  'casino_provider_configs',
  {
    casinoId: text('casino_id')
      .notNull()
      .references(() => casinos.id, { onDelete: 'cascade' }),
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    primaryKey({ name: 'casino_provider_configs_pkey', columns: [table.casinoId, table.providerId] }),
    index('casino_provider_configs_provider_idx').on(table.providerId),
  ],
);

export const integrations = pgTable(
  'integrations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    bridgeId: uuid('bridge_id')
      .notNull()
      .references(() => bridges.id),
    gameClientIntegrationUrl: text('game_client_integration_url').notNull().default(''),
    defaultCasinoId: text('default_casino_id').references(() => casinos.id),
    gameRoundValidityPeriodDays: integer('game_round_validity_period_days'),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    persistence: jsonb('persistence').$type<Persistence>().notNull(),
    rules: jsonb('rules').$type<RoutingRule[]>().notNull().default([]),
    ruleTests: jsonb('rule_tests').$type<RuleTest[]>().notNull().default([]),
    lastPush: jsonb('last_push').$type<PushResult>(),
    /** The digest of the document content the bridge last confirmed: equal to the current one when in sync. */
    deliveredDigest: text('delivered_digest'),
    active: boolean('active').notNull().default(false),
    ...recordColumns,
  },
  (table) => [
    index('integrations_name_idx').on(table.name),
    index('integrations_bridge_idx').on(table.bridgeId),
    index('integrations_default_casino_idx').on(table.defaultCasinoId),
  ],
);

/**
 * Every push of an integration's configuration to its bridge (issue 18): the document sent, its version and
 * digest, who or what started it, and the bridge's answer or error. A push is written as pending before the
 * bridge is called, so none is lost; one configuration version is always one and the same document.
 */
export const integrationPushes = pgTable(
  'integration_pushes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integrationId: text('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    configurationVersion: integer('configuration_version').notNull(),
    digest: text('digest').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    trigger: text('trigger', { enum: pushTriggers }).notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    outcome: text('outcome', { enum: pushOutcomes }).notNull(),
    receivedAt: text('received_at'),
    error: text('error'),
  },
  (table) => [
    index('integration_pushes_integration_idx').on(table.integrationId, table.startedAt),
    index('integration_pushes_version_idx').on(table.integrationId, table.configurationVersion),
  ],
);

/**
 * Integrations whose configuration must reach their bridge without a human (issue 18): written in the
 * transaction of the change that asks for it (an activation), so it is never lost, and removed once the
 * bridge has confirmed the document of that change. `revision` counts the requests, so a change made
 * while a delivery is on its way is delivered after it.
 */
export const integrationDeliveries = pgTable('integration_deliveries', {
  integrationId: text('integration_id')
    .primaryKey()
    .references(() => integrations.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull().default(1),
  /** The oldest change not yet delivered: "pending delivery" since then. */
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastError: text('last_error'),
  /** When the alert for a delivery overdue was raised (once per pending delivery). */
  alertedAt: timestamp('alerted_at', { withTimezone: true, mode: 'date' }),
});

/** The casinos an integration may route launches to; a bound casino cannot be deleted. */
export const integrationCasinos = pgTable(
  'integration_casinos',
  {
    integrationId: text('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    casinoId: text('casino_id')
      .notNull()
      .references(() => casinos.id),
  },
  (table) => [
    primaryKey({ name: 'integration_casinos_pkey', columns: [table.integrationId, table.casinoId] }),
    index('integration_casinos_casino_idx').on(table.casinoId),
  ],
);

export const integrationGames = pgTable(
  'integration_games',
  {
    integrationId: text('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.gameId),
    active: boolean('active').notNull().default(false),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'integration_games_pkey', columns: [table.integrationId, table.gameId] }),
    index('integration_games_game_idx').on(table.gameId),
  ],
);

/** Euro for one unit of a currency on a day (master data); reports use the rate of a round's day. */
export const fxRates = pgTable(
  'fx_rates',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    rateToEur: numeric('rate_to_eur', { precision: 18, scale: 10 }).notNull(),
    ...recordColumns,
  },
  (table) => [
    primaryKey({ name: 'fx_rates_pkey', columns: [table.day, table.currency] }),
    index('fx_rates_currency_day_idx').on(table.currency, table.day),
    check('fx_rates_rate_check', sql`${table.rateToEur} > 0`),
  ],
);

/** The global defaults: one row (id 1). */
export const globalSettings = pgTable(
  'global_settings',
  {
    id: integer('id').primaryKey().default(1),
    defaultGameRoundValidityPeriodDays: integer('default_game_round_validity_period_days')
      .notNull()
      .default(30),
    /** A win counts as a big win (retention of its details) from this multiple of the bet … */
    bigWinBetMultiple: numeric('big_win_bet_multiple', { precision: 10, scale: 2, mode: 'number' })
      .notNull()
      .default(20),
    /** … or from this amount in euro (null: the multiple alone decides). */
    bigWinMinEur: numeric('big_win_min_eur', { precision: 18, scale: 2, mode: 'number' }).default(1000),
    /** A CPV mismatch of a game version's frontend deactivates the version for new rounds. */
    cpvDeactivateOnMismatch: boolean('cpv_deactivate_on_mismatch').notNull().default(false),
    /** Roles that must use a second factor (spec: admin, developer, support — the demo seeds none). */
    secondFactorRoles: text('second_factor_roles')
      .array()
      .notNull()
      .default(sql`'{admin,developer,support}'::text[]`),
    ...recordColumns,
  },
  (table) => [
    check('global_settings_single_row', sql`${table.id} = 1`),
    check(
      'global_settings_big_win_check',
      sql`${table.bigWinBetMultiple} > 0 and (${table.bigWinMinEur} is null or ${table.bigWinMinEur} > 0)`,
    ),
  ],
);
