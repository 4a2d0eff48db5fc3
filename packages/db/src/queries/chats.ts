/**
 * Chats and who takes part in them. A two-person chat carries the pair key `<low id>:<high id>`,
 * so creating the same pair twice, even at the same moment, yields one chat (ON CONFLICT on
 * the unique key). A user's chat list is one query: participants aggregated, latest message
 * joined laterally.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Chat, Message } from '@fso/shared';
import type { Db } from '../client.ts';
import { chatParticipants, chats, messages, users } from '../schema/index.ts';
import { toMessage, type Author } from './messages.ts';
import { notifyMessage, type NotifyRule } from './notifications.ts';

export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * The chat of `creator` and `otherId`, created with both as participants unless it exists;
 * `initial` messages by the creator are appended either way, in the same transaction, and
 * notify whom core's `notify` plans of the participants (`notified`).
 */
export async function createDirectChat(
  db: Db,
  creator: Author,
  otherId: number,
  initial: string[],
  notify: NotifyRule,
): Promise<{ chatId: number; created: boolean; messages: Message[]; notified: number[] }> {
  return db.transaction(async (tx) => {
    const key = pairKey(creator.userId, otherId);
    const inserted = await tx
      .insert(chats)
      .values({ pairKey: key })
      .onConflictDoNothing({ target: chats.pairKey })
      .returning({ id: chats.id });
    let chatId = inserted[0]?.id;
    if (chatId !== undefined) {
      await tx.insert(chatParticipants).values([
        { chatId, userId: creator.userId },
        { chatId, userId: otherId },
      ]);
    } else {
      // The pair's chat was committed first by someone else: READ COMMITTED lets this statement see it.
      const found = await tx.select({ id: chats.id }).from(chats).where(eq(chats.pairKey, key)).limit(1);
      chatId = found[0]!.id;
    }
    const added = initial.length
      ? await tx
          .insert(messages)
          .values(initial.map((msg) => ({ chatId, msg, msgFrom: creator.userId })))
          .returning()
      : [];
    added.sort((a, b) => a.id - b.id);
    const last = added.at(-1);
    const notified = last ? await notifyMessage(tx, { chatId, actorId: creator.userId, text: last.msg }, notify) : [];
    return {
      chatId,
      created: inserted.length > 0,
      messages: added.map((row) => toMessage({ ...row, msgFrom: creator.username })),
      notified,
    };
  });
}

/** The chat's participants by name; empty when the chat does not exist. */
export async function findChatParticipants(db: Db, chatId: number): Promise<{ userId: number; username: string }[]> {
  return db
    .select({ userId: users.id, username: users.username })
    .from(chatParticipants)
    .innerJoin(users, eq(users.id, chatParticipants.userId))
    .where(eq(chatParticipants.chatId, chatId))
    .orderBy(asc(sql`lower(${users.username})`));
}

export async function isChatParticipant(db: Db, chatId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * One page of the user's chats, most recently active first, each with its participants and
 * (as `messages`) only its latest message; plus how many chats the user has.
 */
export async function listChatsOf(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ chats: Chat[]; total: number }> {
  const me = alias(chatParticipants, 'me');
  const last = db
    .select({ id: messages.id, msg: messages.msg, msgDateTime: messages.msgDateTime, msgFrom: users.username })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.msgFrom))
    .where(eq(messages.chatId, chats.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  const participants = sql<string[]>`(
    select array_agg(u.username order by lower(u.username))
    from ${chatParticipants} p join ${users} u on u.id = p.user_id
    where p.chat_id = ${chats.id})`;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: chats.id,
        participants,
        lastId: last.id,
        lastMsg: last.msg,
        lastAt: last.msgDateTime,
        lastFrom: last.msgFrom,
      })
      .from(me)
      .innerJoin(chats, eq(chats.id, me.chatId))
      .leftJoinLateral(last, sql`true`)
      .where(eq(me.userId, userId))
      .orderBy(desc(sql`coalesce(${last.msgDateTime}, ${chats.createdAt})`), desc(chats.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(chatParticipants).where(eq(chatParticipants.userId, userId)),
  ]);
  return {
    chats: rows.map((r) => ({
      _id: String(r.id),
      participants: r.participants ?? [],
      messages:
        r.lastId !== null && r.lastMsg !== null && r.lastAt !== null
          ? [toMessage({ id: r.lastId, msg: r.lastMsg, msgFrom: r.lastFrom, msgDateTime: r.lastAt })]
          : [],
    })),
    total: totals[0]?.n ?? 0,
  };
}
