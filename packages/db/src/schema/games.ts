/**
 * Games: the whole rules state as JSONB (the game-engine's plain objects), stored on every
 * move; `version` counts applied moves so a move computed on a stale state is refused. The
 * type is unchecked here: the game registry guards it (migration 0080).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const games = pgTable(
  'games',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gameType: text('game_type').notNull(),
    status: text('status').notNull(),
    state: jsonb('state').notNull(),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('games_status', sql`${t.status} IN ('WAITING_TO_START', 'IN_PROGRESS', 'OVER')`),
    index('games_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Finding a user's games (deleting an account forfeits and renames them).
    index('games_player1_idx').on(sql`(${t.state}->>'player1')`),
    index('games_player2_idx').on(sql`(${t.state}->>'player2')`),
  ],
);
