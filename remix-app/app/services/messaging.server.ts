/**
 * Messaging use cases shared by the REST routes and the screens' form actions: the global
 * room, a user's chats, opening a chat, starting a direct chat, posting to it. The author is
 * the session user (a payload naming anybody else is refused with 403 before anything
 * changes); only participants read or post to a chat. Every write commits, then publishes:
 * room messages to everybody, chat updates only to the chat's participants, and the other
 * participant's unread count (a direct message notifies them).
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { CHAT_LATEST_MESSAGES, messagePageQuerySchema, MSG, parseWith, rooms, type Chat, type ChatUpdatePayload, type Message } from '@fso/shared';
import { pageLimit, textError } from './http.server.ts';
import { overLimit } from './rate-limit.server.ts';
import { announceUnread } from './notifications.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import { claimsActor, type SessionUser } from './session.server.ts';

interface MessageInput {
  msg: string;
  msgFrom?: string;
}

/** The message page a URL asks for: `limit`, and `before` or `after`; throws 400 when malformed. */
export function requestedMessagePage(url: URL): db.MessagePage {
  const query = parseWith(messagePageQuerySchema, Object.fromEntries(url.searchParams));
  if (!query.ok) throw textError(400, query.error);
  return { ...query.data, limit: pageLimit(url) };
}

const author = (actor: SessionUser): db.Author => ({ userId: actor.userId, username: actor.username });

/** Posts per user, across the room and all chats. */
const throttle = (context: AppLoadContext, actor: SessionUser) => overLimit(context, 'message', { userId: actor.userId });

/** The chat's participants, or 404 (no such chat) / 403 (the actor is not one of them). */
async function participantsFor(context: AppLoadContext, actor: SessionUser, chatId: number): Promise<Outcome<string[]>> {
  const participants = await db.findChatParticipants(context.database.db, chatId);
  if (participants.length === 0) return fail(404, MSG.chatNotFound);
  if (!participants.some((p) => p.userId === actor.userId)) return fail(403, MSG.notAllowed);
  return { ok: true, value: participants.map((p) => p.username) };
}

function publishChat(context: AppLoadContext, payload: ChatUpdatePayload) {
  if (payload.type === 'newMessage') context.events.toRoom(rooms.chat(payload.chat._id), 'chatUpdate', payload);
  else for (const name of payload.chat.participants) context.events.toRoom(rooms.user(name), 'chatUpdate', payload);
}

export async function postRoomMessage(context: AppLoadContext, actor: SessionUser, input: MessageInput): Promise<Outcome<Message>> {
  if (!claimsActor(actor, input.msgFrom)) return fail(403, MSG.notAllowed);
  const limited = await throttle(context, actor);
  if (limited) return limited;
  const msg = await db.addRoomMessage(context.database.db, author(actor), input.msg);
  context.events.toAll('messageUpdate', { msg });
  return { ok: true, value: msg };
}

export async function chatsOf(context: AppLoadContext, actor: SessionUser, username: string, page: { limit: number; offset: number }): Promise<Outcome<{ chats: Chat[]; total: number }>> {
  if (!claimsActor(actor, username)) return fail(403, MSG.notAllowed);
  return { ok: true, value: await db.listChatsOf(context.database.db, actor.userId, page) };
}

/** The chat with one page of its messages (see db.listMessages), for participants only. */
export async function openChat(context: AppLoadContext, actor: SessionUser, chatId: number, page: db.MessagePage): Promise<Outcome<{ chat: Chat; total: number; more: boolean }>> {
  const access = await participantsFor(context, actor, chatId);
  if (!access.ok) return access;
  const { messages, total, more } = await db.listMessages(context.database.db, chatId, page);
  return { ok: true, value: { chat: { _id: String(chatId), participants: access.value, messages }, total, more } };
}

/**
 * The direct chat of the actor and the other participant: created (and announced to both)
 * unless the pair already has one, which is returned instead. First messages are appended.
 */
export async function startChat(context: AppLoadContext, actor: SessionUser, input: { participants: string[]; messages: MessageInput[] }): Promise<Outcome<Chat>> {
  const others = input.participants.filter((name) => !claimsActor(actor, name));
  if (others.length === 0) return fail(400, MSG.selectUser);
  if (others.length === input.participants.length || input.messages.some((m) => !claimsActor(actor, m.msgFrom))) return fail(403, MSG.notAllowed);
  const other = others[0] ? await db.findUser(context.database.db, others[0]) : null;
  if (!other) return fail(404, MSG.userNotFound);
  if (input.messages.length > 0) {
    const limited = await throttle(context, actor);
    if (limited) return limited;
  }
  const result = await db.createDirectChat(
    context.database.db,
    author(actor),
    other.id,
    input.messages.map((m) => m.msg),
  );
  const opened = await openChat(context, actor, result.chatId, { limit: CHAT_LATEST_MESSAGES });
  if (!opened.ok) return opened;
  const { participants } = opened.value.chat;
  await announceUnread(context, result.notified);
  if (result.created) publishChat(context, { chat: { _id: String(result.chatId), participants, messages: result.messages }, type: 'created' });
  else if (result.messages.length > 0) publishChat(context, { chat: opened.value.chat, type: 'newMessage' });
  return { ok: true, value: opened.value.chat };
}

/** The chat as a client shows it after a new message: participants and the latest messages. */
async function latestChat(context: AppLoadContext, chatId: number, participants: string[]): Promise<Chat> {
  const { messages } = await db.listMessages(context.database.db, chatId, { limit: CHAT_LATEST_MESSAGES });
  return { _id: String(chatId), participants, messages };
}

/** Posts to a chat; answers the populated chat (as GET /chat/:chatId), which `newMessage` carries too. */
export async function postChatMessage(context: AppLoadContext, actor: SessionUser, chatId: number, input: MessageInput): Promise<Outcome<Chat>> {
  if (!claimsActor(actor, input.msgFrom)) return fail(403, MSG.notAllowed);
  const access = await participantsFor(context, actor, chatId);
  if (!access.ok) return access;
  const limited = await throttle(context, actor);
  if (limited) return limited;
  const added = await db.addChatMessage(context.database.db, chatId, author(actor), input.msg);
  if (!added) return fail(403, MSG.notAllowed);
  const chat = await latestChat(context, chatId, access.value);
  publishChat(context, { chat, type: 'newMessage' });
  await announceUnread(context, added.notified);
  return { ok: true, value: chat };
}
