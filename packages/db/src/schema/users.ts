/**
 * Accounts and their sessions. Usernames are unique case-insensitively; sessions are rows so
 * they can be listed and revoked (logout, password reset, deletion end them).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    biography: text('biography').notNull().default(''),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    email: text('email'),
    firebaseId: text('firebase_id'),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_firebase_id_key').on(t.firebaseId),
    index('users_date_joined_idx').on(t.dateJoined),
  ],
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
