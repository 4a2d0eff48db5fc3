/**
 * The moderators' log (migration 0053): one row per moderator action, append-only (a trigger
 * refuses updates and deletes). The moderator and the target are kept as ids and as the names
 * * they had at the time, without foreign keys, so an entry outlives what it names. And the days
 * the serial-voting check has done.
 */
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const moderationLog = pgTable(
  'moderation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the command line (`npm run admin`). */
    moderatorId: bigint('moderator_id', { mode: 'number' }),
    moderatorName: text('moderator_name'),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    targetLabel: text('target_label').notNull().default(''),
    reason: text('reason').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('moderation_log_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** The UTC days the serial-voting check has done (migration 0068): the first process to insert a day checks it. */
export const serialVoteChecks = pgTable('serial_vote_checks', {
  day: date('day').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  reversed: integer('reversed').notNull().default(0),
});
