/**
 * Accounts, their sessions and their external identities. Usernames are unique
 * case-insensitively; sessions are rows so they can be listed and revoked (logout, password
 * reset, deletion end them); an identity ties a provider's stable user id to one account.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Role } from '@fso/shared';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    biography: text('biography').notNull().default(''),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    /** A confirmed address: from an external sign-in, or a form's address once its link was opened (one account each). */
    email: text('email'),
    /** Stack Overflow reputation, recomputed from votes and accepts on every change (queries/reputation.ts). */
    reputation: integer('reputation').notNull().default(1),
    /** Reputation earned where an imported account came from; every recount adds it (decision record 0099). */
    reputationBase: integer('reputation_base').notNull().default(0),
    /** The Stack Exchange profile an imported account came from; a later import finds it by this, not by name. */
    sourceUrl: text('source_url'),
    /** When the user last had the site open (notifications older than that are not mailed). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** `user`, `moderator` or `admin` (packages/shared/src/privileges.ts); a CHECK keeps it to those. */
    role: text('role').$type<Role>().notNull().default('user'),
    /** A suspension: until when (past or null: none) and the moderator's reason. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_source_url_key').on(t.sourceUrl),
    index('users_date_joined_idx').on(t.dateJoined),
    index('users_reputation_idx').on(t.reputation.desc(), sql`lower(${t.username})`),
  ],
);

/**
 * Sign-ins through GitHub, Google or an ID token (`firebase`): the provider's stable user id
 * (`subject`) finds the account on every later sign-in, whatever its email or login became.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_id_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Fixed-window counters for rate limits (failed logins, message posts), shared by all instances. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
