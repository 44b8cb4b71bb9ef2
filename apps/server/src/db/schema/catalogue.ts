/** The game catalogue: studios, providers (with their API configuration), games and game versions. */
import { gameProviderApiNames } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordColumns } from './columns';
import { jurisdictions } from './jurisdictions';

/** Substring search (`ILIKE '%…%'`) on a column, served by a trigram index. */
const trigram = (column: Parameters<typeof sql>[1]) => sql`${column} gin_trgm_ops`;

export const gameStudios = pgTable(
  'game_studios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    relaxId: text('relax_id').notNull().default(''),
    ...recordColumns,
  },
  (table) => [uniqueIndex('game_studios_name_key').on(sql`lower(${table.name})`)],
);

export const gameProviders = pgTable(
  'game_providers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    api: text('api', { enum: gameProviderApiNames }).notNull(),
    /** The non-secret fields of the API's configuration. */
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    /** The secret fields; never leave the server (decision 014). */
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    ...recordColumns,
  },
  (table) => [
    uniqueIndex('game_providers_name_key').on(sql`lower(${table.name})`),
    check(
      'game_providers_api_check',
      sql`${table.api} in (${sql.raw(gameProviderApiNames.map((api) => `'${api}'`).join(', '))})`,
    ),
  ],
);

export const games = pgTable(
  'games',
  {
    gameId: text('game_id').primaryKey(),
    name: text('name').notNull(),
    studioId: uuid('studio_id')
      .notNull()
      .references(() => gameStudios.id),
    providerId: text('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    gameProviderGameId: text('game_provider_game_id').notNull(),
    theoreticalRtp: numeric('theoretical_rtp', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    maxExposureFactor: integer('max_exposure_factor').notNull(),
    minBetCents: bigint('min_bet_cents', { mode: 'number' }).notNull(),
    requiredPropertyKeys: text('required_property_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...recordColumns,
  },
  (table) => [
    index('games_name_idx').on(table.name),
    index('games_studio_idx').on(table.studioId),
    index('games_provider_idx').on(table.providerId),
    index('games_updated_at_idx').on(table.updatedAt),
    index('games_search_idx').using('gin', trigram(table.gameId), trigram(table.name)),
    check('games_rtp_check', sql`${table.theoreticalRtp} > 0 and ${table.theoreticalRtp} <= 100`),
  ],
);

export const gameVersions = pgTable(
  'game_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.gameId),
    versionNumber: text('version_number').notNull(),
    betSizes: numeric('bet_sizes', { precision: 12, scale: 2, mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::numeric[]`),
    supportsVouchers: boolean('supports_vouchers').notNull().default(false),
    supportsFeatureTriggerVouchers: boolean('supports_feature_trigger_vouchers').notNull().default(false),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    frontendUrl: text('frontend_url').notNull().default(''),
    backendUrl: text('backend_url').notNull().default(''),
    /** False: no new rounds (a CPV mismatch deactivated it, spec §4); open rounds can finish. */
    active: boolean('active').notNull().default(true),
    ...recordColumns,
  },
  (table) => [
    uniqueIndex('game_versions_number_key').on(table.gameId, table.versionNumber),
    // With the id, the order of a page by last change (ties by id, in the same direction) is read off it.
    index('game_versions_updated_at_idx').on(table.updatedAt, table.id),
    index('game_versions_search_idx').using('gin', trigram(table.versionNumber), trigram(table.gameId)),
    // The few inactive versions, which every integration's configuration document lists (issue 18).
    index('game_versions_inactive_idx')
      .on(table.gameId, table.versionNumber)
      .where(sql`not ${table.active}`),
  ],
);

/** The jurisdictions a game version is certified for; a jurisdiction in use cannot be deleted. */
export const gameVersionJurisdictions = pgTable(
  'game_version_jurisdictions',
  {
    gameVersionId: uuid('game_version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    jurisdictionId: uuid('jurisdiction_id')
      .notNull()
      .references(() => jurisdictions.id),
  },
  (table) => [
    primaryKey({ columns: [table.gameVersionId, table.jurisdictionId] }),
    index('game_version_jurisdictions_jurisdiction_idx').on(table.jurisdictionId),
  ],
);
