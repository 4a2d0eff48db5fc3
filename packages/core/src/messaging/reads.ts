/**
 * Messaging reads: a page of the global room, the caller's unread count (the header's badge),
 * and whether a user may follow a chat live (its participants only).
 */
import * as db from '@fso/db';
import { MSG, type Message } from '@fso/shared';
import { NOT_SIGNED_IN } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

/** One page of the global room, oldest first, with the room's total and whether older ones exist. */
export const roomMessages = (
  ports: Ports,
  page: db.MessagePage,
): Promise<{ messages: Message[]; total: number; more: boolean }> => db.listMessages(ports.db, null, page);

/** The caller's unread notifications; 0 for a visitor. */
export const unreadFor = async (ports: Ports, caller: Caller): Promise<number> =>
  caller.user ? db.unreadCount(ports.db, caller.user.userId) : 0;

/** Whether the caller may follow the chat live: only its participants (a chat that does not exist: nobody). */
export async function mayFollowChat(
  ports: Pick<Ports, 'db'>,
  caller: Caller,
  input: { chatId: number },
): Promise<Result<null>> {
  if (!caller.user) return NOT_SIGNED_IN;
  return (await db.isChatParticipant(ports.db, input.chatId, caller.user.userId))
    ? succeed(null)
    : fail('forbidden', MSG.notAllowed);
}
