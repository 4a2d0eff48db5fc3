/**
 * Messaging reads: a page of the global room, the caller's unread count (the header's badge),
 * and whether a user may follow a chat live (its participants only).
 */
import * as db from '@fso/db';
import type { Message } from '@fso/shared';
import type { Caller, Ports } from '../ports.ts';

/** One page of the global room, oldest first, with the room's total and whether older ones exist. */
export const roomMessages = (
  ports: Ports,
  page: db.MessagePage,
): Promise<{ messages: Message[]; total: number; more: boolean }> => db.listMessages(ports.db, null, page);

/** The caller's unread notifications; 0 for a visitor. */
export const unreadFor = async (ports: Ports, caller: Caller): Promise<number> =>
  caller.user ? db.unreadCount(ports.db, caller.user.userId) : 0;

/** True when the user takes part in the chat (false for a chat that does not exist). */
export const mayFollowChat = (ports: Pick<Ports, 'db'>, chatId: number, userId: number): Promise<boolean> =>
  db.isChatParticipant(ports.db, chatId, userId);
