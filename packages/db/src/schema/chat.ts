/**
 * The global room and direct chats. A message with chat_id NULL belongs to the global room.
 * A two-person chat carries a pair key so the same pair never gets a second chat.
 */
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const chats = pgTable(
  'chats',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    pairKey: text('pair_key'),
  },
  (t) => [uniqueIndex('chats_pair_key').on(t.pairKey)],
);

export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_participants_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' }).references(() => chats.id, { onDelete: 'cascade' }),
    msg: text('msg').notNull(),
    msgFrom: bigint('msg_from', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    msgDateTime: timestamp('msg_date_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_chat_idx').on(t.chatId, t.id)],
);
