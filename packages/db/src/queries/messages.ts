/**
 * Messages of the global room (chat_id NULL) and of chats: read one page and append one.
 * Ids follow insertion, so they are the cursor: the newest page by default, older pages with
 * `before`, and with `after` what a reconnecting client missed. A page reads oldest first.
 */
import { and, asc, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { succeed, type Message, type Result } from '@fso/shared';
import type { Db } from '../client.ts';
import { chatParticipants, messages, users } from '../schema/index.ts';
import type { Decide } from './decide.ts';
import { notifyMessage, type NotifyRule } from './notifications.ts';

export interface MessagePage {
  limit: number;
  before?: number;
  after?: number;
}

export interface Author {
  userId: number;
  username: string;
}

export function toMessage(row: { id: number; msg: string; msgFrom: string | null; msgDateTime: Date }): Message {
  return { _id: String(row.id), msg: row.msg, msgFrom: row.msgFrom, msgDateTime: row.msgDateTime.toISOString() };
}

const scopeOf = (chatId: number | null) => (chatId === null ? isNull(messages.chatId) : eq(messages.chatId, chatId));

/**
 * One page of a room (`chatId` null) or chat, with the room's total; `more` says whether
 * another page exists in the direction read (older, or with `after` newer).
 */
export async function listMessages(
  db: Db,
  chatId: number | null,
  page: MessagePage,
): Promise<{ messages: Message[]; total: number; more: boolean }> {
  const scope = scopeOf(chatId);
  const forward = page.after !== undefined;
  const cursor = forward
    ? gt(messages.id, page.after!)
    : page.before !== undefined
      ? lt(messages.id, page.before)
      : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ id: messages.id, msg: messages.msg, msgFrom: users.username, msgDateTime: messages.msgDateTime })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.msgFrom))
      .where(and(scope, cursor))
      .orderBy(forward ? asc(messages.id) : desc(messages.id))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(messages).where(scope),
  ]);
  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  if (!forward) pageRows.reverse();
  return { messages: pageRows.map(toMessage), total: totals[0]?.n ?? 0, more };
}

export async function addRoomMessage(db: Db, author: Author, msg: string): Promise<Message> {
  const rows = await db.insert(messages).values({ chatId: null, msg, msgFrom: author.userId }).returning();
  const row = rows[0]!;
  return toMessage({ ...row, msgFrom: author.username });
}

/** A chat as its access is decided on: whether the user takes part in it (false too when there is no such chat). */
export interface ChatAccessSeen {
  member: boolean;
}

/**
 * Appends to a chat as decided (core's rule: participants only): the author's membership row is
 * share-locked until the insert commits, so a membership ending concurrently cannot slip a
 * message in. Whom core's `notify` plans of the participants is notified in the same transaction
 * (`notified`: their ids).
 */
export async function addChatMessage(
  db: Db,
  chatId: number,
  author: Author,
  msg: string,
  decide: Decide<ChatAccessSeen, unknown>,
  notify: NotifyRule,
): Promise<Result<{ message: Message; notified: number[] }>> {
  return db.transaction(async (tx) => {
    const member = await tx
      .select({ userId: chatParticipants.userId })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, author.userId)))
      .for('share');
    const decision = decide({ member: member.length > 0 });
    if (!decision.ok) return decision;
    const rows = await tx.insert(messages).values({ chatId, msg, msgFrom: author.userId }).returning();
    const notified = await notifyMessage(tx, { chatId, actorId: author.userId, text: msg }, notify);
    return succeed({ message: toMessage({ ...rows[0]!, msgFrom: author.username }), notified });
  });
}
