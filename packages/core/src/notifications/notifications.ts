/**
 * Inbox use cases shared by the REST routes and the screens (docs/decisions/0022-inbox.md):
 * a user's notifications, marking them read, opening one, and telling recipients live
 * (`notificationUpdate` to their own `user:<name>` room only) their unread count and what changed
 * (the new notification, or the ones read) after the write has committed.
 */
import * as db from '@fso/db';
import { INBOX_MSG, rooms, type MarkReadBody, type Notification } from '@fso/shared';
import { mathText } from '@fso/markdown';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { NOT_SIGNED_IN } from '../caller.ts';

/**
 * A notification whose title or post excerpt holds TeX, with it rendered once here (issue 42
 * item 3): no page renders math itself. A direct message's excerpt is chat text, left as it is.
 */
function withMath(notification: Notification): Notification {
  const titleHtml = notification.title === null ? null : mathText(notification.title);
  const excerptHtml = notification.kind === 'message' ? null : mathText(notification.excerpt);
  if (titleHtml === null && excerptHtml === null) return notification;
  return {
    ...notification,
    ...(titleHtml === null ? {} : { titleHtml }),
    ...(excerptHtml === null ? {} : { excerptHtml }),
  };
}

/** Sends each user their unread count and the notification just written (their newest); call after the transaction that notified them commits. */
export async function announceUnread(ports: Ports, userIds: number[]): Promise<void> {
  for (const { username, unread, newest } of await db.unreadAndNewest(ports.db, userIds)) {
    ports.events.toRoom(
      rooms.user(username),
      'notificationUpdate',
      newest ? { unread, latest: withMath(newest) } : { unread },
    );
  }
}

/** Tells the user's pages which notifications they just read, and the unread count left. */
async function announceRead(
  ports: Ports,
  actor: { userId: number; username: string },
  read: string[] | 'all',
): Promise<number> {
  const unread = await db.unreadCount(ports.db, actor.userId);
  ports.events.toRoom(rooms.user(actor.username), 'notificationUpdate', { unread, read });
  return unread;
}

export async function inboxOf(
  ports: Ports,
  caller: Caller,
  page: { limit: number; offset: number },
): Promise<Result<Awaited<ReturnType<typeof db.listNotifications>>>> {
  if (!caller.user) return NOT_SIGNED_IN;
  const inbox = await db.listNotifications(ports.db, caller.user.userId, page);
  return succeed({ ...inbox, notifications: inbox.notifications.map(withMath) });
}

/**
 * The inbox screen opened: its page as it stood (the unread entries still marked so), and then
 * every notification read, so the bell clears, in the user's other tabs too (issue 42).
 */
export async function openInbox(
  ports: Ports,
  caller: Caller,
  page: { limit: number; offset: number },
): Promise<Result<Awaited<ReturnType<typeof db.listNotifications>>>> {
  const listed = await inboxOf(ports, caller, page);
  if (!listed.ok || listed.value.unread === 0) return listed;
  const actor = caller.user!;
  const marked = await db.markNotificationsRead(ports.db, actor.userId, { all: true });
  if (marked > 0) await announceRead(ports, actor, 'all');
  return listed;
}

/** Someone else's notification is answered as a missing one: nobody learns which ids exist. */
const NOT_FOUND = fail('notFound', INBOX_MSG.notificationNotFound);

/**
 * The rule of marking read by id: only one's own notifications (`own`: which of the ids are the
 * user's), all of the ids or none; an id that is someone else's is refused exactly as an unknown one.
 */
export function decideMarkRead(wanted: readonly number[], own: readonly number[]): Result<number[]> {
  const mine = new Set(own);
  return wanted.every((id) => mine.has(id)) ? succeed([...new Set(wanted)]) : NOT_FOUND;
}

/** The user's notifications among `wanted`, by the rule, or NOT_FOUND. */
async function ownOnly(ports: Ports, userId: number, wanted: number[]): Promise<Result<number[]>> {
  return decideMarkRead(wanted, await db.ownNotificationIds(ports.db, userId, wanted));
}

/** Marks the actor's notifications read (the ids, or all); answers the unread count left. */
export async function markRead(
  ports: Ports,
  caller: Caller,
  body: MarkReadBody,
): Promise<Result<{ marked: number; unread: number }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('markRead', caller);
  if (limited) return limited;
  const own = 'all' in body ? null : await ownOnly(ports, actor.userId, body.ids.map(Number));
  if (own && !own.ok) return own;
  const marked = await db.markNotificationsRead(ports.db, actor.userId, own ? { ids: own.value } : { all: true });
  const unread =
    marked > 0
      ? await announceRead(ports, actor, 'all' in body ? 'all' : body.ids)
      : await db.unreadCount(ports.db, actor.userId);
  return succeed({ marked, unread });
}

/** The actor's notification, now read (the bell of their other tabs follows). */
export async function openNotification(
  ports: Ports,
  caller: Caller,
  { id }: { id: number },
): Promise<Result<Notification>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const own = await ownOnly(ports, actor.userId, [id]);
  if (!own.ok) return own;
  await db.markNotificationsRead(ports.db, actor.userId, { ids: own.value });
  const notification = await db.notificationById(ports.db, id);
  if (!notification) return NOT_FOUND;
  await announceRead(ports, actor, [notification._id]);
  return succeed(notification);
}
