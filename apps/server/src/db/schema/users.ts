import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { roles } from '@backoffice/contracts';
import { recordColumns } from './columns';

/** Staff of the back office: their role and scope live here, not in the identity server's tokens. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: roles }).notNull(),
    active: boolean('active').notNull().default(true),
    /** GLI-19 §2.8.9: when the account was last deactivated (null while it never was). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    lastSignInAddress: text('last_sign_in_address'),
    /** When the second factor was last enrolled or reset. */
    secondFactorChangedAt: timestamp('second_factor_changed_at', { withTimezone: true }),
    ...recordColumns,
  },
  (table) => [
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    check('users_role_check', sql`${table.role} in (${sql.raw(roles.map((r) => `'${r}'`).join(', '))})`),
  ],
);

/** The casinos a (non-admin) user may see and act on. Ids refer to casinos by their chosen id. */
export const userCasinoScopes = pgTable(
  'user_casino_scopes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    casinoId: text('casino_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.casinoId] }),
    index('user_casino_scopes_casino_idx').on(table.casinoId),
  ],
);

export const userIntegrationScopes = pgTable(
  'user_integration_scopes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    integrationId: text('integration_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.integrationId] }),
    index('user_integration_scopes_integration_idx').on(table.integrationId),
  ],
);

/** Password hashes of the embedded identity server (argon2id). An external issuer keeps its own. */
export const identityCredentials = pgTable('identity_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Server-side sessions of the back office (BFF). The browser holds only a random token whose SHA-256 is
 * stored here; the identity server's tokens are kept encrypted and never leave the server.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    /** AES-GCM encrypted JSON of the identity server's access, refresh and id tokens. */
    tokens: text('tokens').notNull(),
    /** The device as its browser names itself, and the address it signed in from (the sessions list). */
    userAgent: text('user_agent'),
    address: text('address'),
    /** When the user last proved a second factor (or, without one, the password): step-up looks here. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * Failed sign-ins per key within an hour window: `pair:<email>|<address>` and `address:<address>` get
 * progressive delays (`blocked_until`); `account:<email>` only counts, for the per-account hourly cap.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Addresses from which an account signed in successfully: they stay usable while the account is under attack. */
export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.address] })],
);

/**
 * A user's second factor (TOTP, RFC 6238): the shared secret, encrypted at rest; unconfirmed until the
 * first code proves the enrolment.
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last time step used: a code is accepted once. */
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a second factor, stored hashed; a used code keeps its row with `used_at`. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('user_recovery_codes_user_idx').on(table.userId)],
);

/** Windows of recorded denials per user (or address) and route: a script cannot flood the audit trail. */
export const accessDenialWindows = pgTable('access_denial_windows', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});
