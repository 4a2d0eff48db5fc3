/**
 * The inbox (docs/decisions/0022-inbox.md): what a user should learn about — an answer to their
 * question, a comment on their post, an accepted answer, a mention, a direct message. Rows go
 * with the recipient and with the post or chat they point at; a deleted actor leaves NULL.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chats } from './chat.ts';
import { answers, comments, questions } from './qa.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    questionId: bigint('question_id', { mode: 'number' }).references(() => questions.id, { onDelete: 'cascade' }),
    answerId: bigint('answer_id', { mode: 'number' }).references(() => answers.id, { onDelete: 'cascade' }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }).references(() => chats.id, { onDelete: 'cascade' }),
    excerpt: text('excerpt').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'notifications_kind',
      sql`${t.kind} IN ('answer', 'comment', 'accepted', 'mention', 'message', 'moderation')`,
    ),
    check(
      'notifications_target',
      sql`CASE WHEN ${t.kind} = 'message' THEN ${t.chatId} IS NOT NULL WHEN ${t.kind} = 'moderation' THEN true ELSE ${t.questionId} IS NOT NULL END`,
    ),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_unread_chat_key')
      .on(t.userId, t.chatId)
      .where(sql`${t.kind} = 'message' AND ${t.readAt} IS NULL`),
    index('notifications_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} IS NOT NULL`),
    index('notifications_question_idx')
      .on(t.questionId)
      .where(sql`${t.questionId} IS NOT NULL`),
    index('notifications_answer_idx')
      .on(t.answerId)
      .where(sql`${t.answerId} IS NOT NULL`),
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} IS NOT NULL`),
    index('notifications_chat_idx')
      .on(t.chatId)
      .where(sql`${t.chatId} IS NOT NULL`),
  ],
);
