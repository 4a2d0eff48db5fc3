/**
 * Messaging use cases shared by the REST routes and the screens' form actions: the global
 * room, a user's chats, opening a chat, starting a direct chat, posting to it. The author is
 * the session user (a payload naming anybody else is refused as forbidden before anything
 * changes); only participants read or post to a chat. Every write commits, then publishes:
 * room messages to everybody, chat updates only to the chat's participants, and the other
 * participant's unread count (a direct message notifies them).
 */
import * as db from '@fso/db';
import {
  CHAT_LATEST_MESSAGES,
  MSG,
  namesActor,
  rooms,
  type Chat,
  type ChatUpdatePayload,
  type Message,
} from '@fso/shared';
import { actorNamed, NOT_SIGNED_IN, type Actor } from '../caller.ts';
import { notifyRule } from '../notifications/fan-out.ts';
import { announceUnread } from '../notifications/notifications.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

interface MessageInput {
  msg: string;
  msgFrom?: string;
}

const author = (actor: Actor): db.Author => ({ userId: actor.userId, username: actor.username });

/** Posts per user, across the room and all chats. */
const throttle = (ports: Ports, caller: Caller) => ports.limiter.hit('message', caller);

/** The rule of a chat: only its participants read it or post to it. */
export function decideChatAccess(seen: db.ChatAccessSeen): Result<null> {
  return seen.member ? succeed(null) : fail('forbidden', MSG.notAllowed);
}

/** The chat's participants, or notFound (no such chat) / forbidden (the actor is not one of them). */
async function participantsFor(ports: Ports, actor: Actor, chatId: number): Promise<Result<string[]>> {
  const participants = await db.findChatParticipants(ports.db, chatId);
  if (participants.length === 0) return fail('notFound', MSG.chatNotFound);
  const access = decideChatAccess({ member: participants.some((p) => p.userId === actor.userId) });
  return access.ok ? succeed(participants.map((p) => p.username)) : access;
}

/**
 * A new message goes to the sockets in the chat's room, and to its participants' other pages
 * once each (a chat list's preview and unread mark follow it, issue 42); other updates to the
 * participants.
 */
function publishChat(ports: Ports, payload: ChatUpdatePayload) {
  if (payload.type === 'newMessage') {
    const room = rooms.chat(payload.chat._id);
    ports.events.toRoom(room, 'chatUpdate', payload);
    ports.events.toUsersOutside(payload.chat.participants, room, 'chatUpdate', payload);
  } else for (const name of payload.chat.participants) ports.events.toRoom(rooms.user(name), 'chatUpdate', payload);
}

export async function postRoomMessage(ports: Ports, caller: Caller, input: MessageInput): Promise<Result<Message>> {
  const named = actorNamed(caller, input.msgFrom);
  if (!named.ok) return named;
  const actor = named.value;
  const limited = await throttle(ports, caller);
  if (limited) return limited;
  const msg = await db.addRoomMessage(ports.db, author(actor), input.msg);
  ports.events.toAll('messageUpdate', { msg });
  return succeed(msg);
}

export async function chatsOf(
  ports: Ports,
  caller: Caller,
  { username, page }: { username: string; page: { limit: number; offset: number } },
): Promise<Result<{ chats: Chat[]; total: number }>> {
  const named = actorNamed(caller, username);
  if (!named.ok) return named;
  const actor = named.value;
  return succeed(await db.listChatsOf(ports.db, actor.userId, page));
}

/** The chat with one page of its messages (see db.listMessages), for participants only. */
export async function openChat(
  ports: Ports,
  caller: Caller,
  { chatId, page }: { chatId: number; page: db.MessagePage },
): Promise<Result<{ chat: Chat; total: number; more: boolean }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const access = await participantsFor(ports, actor, chatId);
  if (!access.ok) return access;
  const { messages, total, more } = await db.listMessages(ports.db, chatId, page);
  return succeed({ chat: { _id: String(chatId), participants: access.value, messages }, total, more });
}

/**
 * The direct chat of the actor and the other participant: created (and announced to both)
 * unless the pair already has one, which is returned instead. First messages are appended.
 */
export async function startChat(
  ports: Ports,
  caller: Caller,
  input: { participants: string[]; messages: MessageInput[] },
): Promise<Result<Chat>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const others = input.participants.filter((name) => !namesActor(actor.username, name));
  if (others.length === 0) return fail('invalid', MSG.selectUser);
  if (others.length === input.participants.length || input.messages.some((m) => !namesActor(actor.username, m.msgFrom)))
    return fail('forbidden', MSG.notAllowed);
  const other = others[0] ? await db.findUser(ports.db, others[0]) : null;
  if (!other) return fail('notFound', MSG.userNotFound);
  if (input.messages.length > 0) {
    const limited = await throttle(ports, caller);
    if (limited) return limited;
  }
  const result = await db.createDirectChat(
    ports.db,
    author(actor),
    other.id,
    input.messages.map((m) => m.msg),
    notifyRule,
  );
  const opened = await openChat(ports, caller, { chatId: result.chatId, page: { limit: CHAT_LATEST_MESSAGES } });
  if (!opened.ok) return opened;
  const { participants } = opened.value.chat;
  await announceUnread(ports, result.notified);
  if (result.created)
    publishChat(ports, {
      chat: { _id: String(result.chatId), participants, messages: result.messages },
      type: 'created',
    });
  else if (result.messages.length > 0) publishChat(ports, { chat: opened.value.chat, type: 'newMessage' });
  return succeed(opened.value.chat);
}

/** The chat as a client shows it after a new message: participants and the latest messages. */
async function latestChat(ports: Ports, chatId: number, participants: string[]): Promise<Chat> {
  const { messages } = await db.listMessages(ports.db, chatId, { limit: CHAT_LATEST_MESSAGES });
  return { _id: String(chatId), participants, messages };
}

/** Posts to a chat; answers the populated chat (as GET /chat/:chatId), which `newMessage` carries too. */
export async function postChatMessage(
  ports: Ports,
  caller: Caller,
  { chatId, ...input }: { chatId: number } & MessageInput,
): Promise<Result<Chat>> {
  const named = actorNamed(caller, input.msgFrom);
  if (!named.ok) return named;
  const actor = named.value;
  const access = await participantsFor(ports, actor, chatId);
  if (!access.ok) return access;
  const limited = await throttle(ports, caller);
  if (limited) return limited;
  const added = await db.addChatMessage(ports.db, chatId, author(actor), input.msg, decideChatAccess, notifyRule);
  if (!added.ok) return added;
  const chat = await latestChat(ports, chatId, access.value);
  publishChat(ports, { chat, type: 'newMessage' });
  await announceUnread(ports, added.value.notified);
  return succeed(chat);
}
