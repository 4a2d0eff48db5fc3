/**
 * Inbox use cases shared by the REST routes and the screens (docs/decisions/0022-inbox.md):
 * a user's notifications, marking them read, opening one, and telling recipients their new
 * unread count live (`notificationUpdate` to their own `user:<name>` room only) after the
 * write that notified them has committed.
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { INBOX_MSG, rooms, type MarkReadBody, type Notification } from '@fso/shared';
import { overLimit } from './rate-limit.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import type { SessionUser } from './session.server.ts';

/** Sends each user their unread count; call after the transaction that notified them commits. */
export async function announceUnread(context: AppLoadContext, userIds: number[]): Promise<void> {
  for (const { username, unread } of await db.unreadCounts(context.database.db, userIds)) {
    context.events.toRoom(rooms.user(username), 'notificationUpdate', { unread });
  }
}

export function inboxOf(context: AppLoadContext, actor: SessionUser, page: { limit: number; offset: number }) {
  return db.listNotifications(context.database.db, actor.userId, page);
}

const refusal = (reason: 'missing' | 'forbidden') => (reason === 'missing' ? fail(404, INBOX_MSG.notificationNotFound) : fail(403, INBOX_MSG.notYourNotification));

/** Marks the actor's notifications read (the ids, or all); answers the unread count left. */
export async function markRead(context: AppLoadContext, actor: SessionUser, body: MarkReadBody): Promise<Outcome<{ marked: number; unread: number }>> {
  const limited = await overLimit(context, 'markRead', { userId: actor.userId });
  if (limited) return limited;
  const target = 'all' in body ? body : { ids: body.ids.map(Number) };
  const result = await db.markNotificationsRead(context.database.db, actor.userId, target);
  if (!result.ok) return refusal(result.reason);
  const unread = await db.unreadCount(context.database.db, actor.userId);
  if (result.marked > 0) context.events.toRoom(rooms.user(actor.username), 'notificationUpdate', { unread });
  return { ok: true, value: { marked: result.marked, unread } };
}

/** The actor's notification, now read (the bell of their other tabs follows). */
export async function openNotification(context: AppLoadContext, actor: SessionUser, id: number): Promise<Outcome<Notification>> {
  const result = await db.openNotification(context.database.db, actor.userId, id);
  if (!result.ok) return refusal(result.reason);
  await announceUnread(context, [actor.userId]);
  return { ok: true, value: result.notification };
}
