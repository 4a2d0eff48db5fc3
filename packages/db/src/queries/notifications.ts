/**
 * The inbox in the database (docs/decisions/0022-inbox.md). The writes that notify (answers,
 * comments, accepts, direct messages) load what core's fan-out decides on — the owners, the
 * mentioned users that exist, the question's followers, the chat's participants — and store the
 * plan it returns with one `INSERT … SELECT unnest`, inside the transaction that writes the cause,
 * so a notification exists exactly when its cause does. Each answers the recipients' user ids, for
 * the live `notificationUpdate` (with each one's newest) after commit. Reading lists one user's
 * page newest first; marking read touches only the owner's rows.
 */
import { sql } from 'drizzle-orm';
import { excerptOf, postExcerptOf, notificationLink, type Notification, type NotificationKind } from '@fso/shared';
import type { Db } from '../client.ts';
import { queueNotificationMails } from './mail-queue.ts';
import { rows, type Row, type Tx } from './sql-rows.ts';

type Executor = Db | Tx;

const ids = (list: Row[], column = 'user_id') => list.map((r) => Number(r[column]));

/** What an answer, comment, accept or message is seen as when core decides whom it notifies. */
export interface NotifyCause {
  kind: Exclude<NotificationKind, 'mention'>;
  actorId: number;
  /** The question's asker (answer), the post's author (comment), the answerer (accepted), the chat's participants (message); null: deleted. */
  ownerIds: readonly (number | null)[];
  /** Existing users mentioned in the text. */
  mentionedIds?: readonly number[];
  /** Those who follow the question (answers and comments). */
  followerIds?: readonly number[];
}

/** Who gets which notification of one action (core's fan-out decides it). */
export type NotificationPlan = { userId: number; kind: NotificationKind }[];

/** Core's fan-out as the notifying writes apply it: which names a post's text mentions, and who gets what of a cause. */
export interface NotifyRule {
  mentions: (text: string) => readonly string[];
  plan: (cause: NotifyCause) => NotificationPlan;
}

export interface PostTarget {
  questionId: number;
  answerId?: number | null;
  commentId?: number | null;
}

/** The plan's user ids and kinds as the two arrays its `unnest` reads. */
const planArrays = (plan: NotificationPlan) => ({
  users: sql.param(plan.map((p) => p.userId)),
  kinds: sql.param(plan.map((p) => p.kind)),
});

/** Writes the planned notifications of `actorId`'s action on `target`; answers the recipients. */
export async function storeNotifications(
  db: Executor,
  plan: NotificationPlan,
  actorId: number,
  target: PostTarget,
  excerpt: string,
): Promise<number[]> {
  if (plan.length === 0) return [];
  const { users, kinds } = planArrays(plan);
  const inserted = await rows(
    db,
    sql`INSERT INTO notifications (user_id, kind, actor_id, question_id, answer_id, comment_id, excerpt)
        SELECT p.user_id, p.kind, ${actorId}::bigint, ${target.questionId}::bigint, ${target.answerId ?? null}::bigint,
          ${target.commentId ?? null}::bigint, ${excerpt}::text
        FROM unnest(${users}::bigint[], ${kinds}::text[]) AS p(user_id, kind)
        RETURNING id, user_id`,
  );
  await queueNotificationMails(db, ids(inserted, 'id'));
  return ids(inserted);
}

/**
 * An answer or a comment by `actorId` on what `ownerId` wrote (null: a deleted account): the
 * existing users its text mentions (the names core's `rule` reads) and the question's followers
 * are loaded in one statement, and the notifications core plans of them stored.
 */
export async function notifyPost(
  tx: Executor,
  cause: PostTarget & { kind: 'answer' | 'comment'; actorId: number; ownerId: number | null; text: string },
  rule: NotifyRule,
): Promise<number[]> {
  const audience = await rows(
    tx,
    sql`SELECT id AS user_id, true AS mentioned FROM users WHERE lower(username) = ANY(${sql.param([...rule.mentions(cause.text)])}::text[])
        UNION ALL SELECT user_id, false FROM question_follows WHERE question_id = ${cause.questionId}`,
  );
  const plan = rule.plan({
    kind: cause.kind,
    actorId: cause.actorId,
    ownerIds: [cause.ownerId],
    mentionedIds: ids(audience.filter((r) => r.mentioned === true)),
    followerIds: ids(audience.filter((r) => r.mentioned !== true)),
  });
  return storeNotifications(tx, plan, cause.actorId, cause, postExcerptOf(cause.text));
}

/**
 * A direct message by `actorId` in `chatId`, to those core's `rule` plans of the chat's
 * participants: each gets one unread entry per chat, refreshed by later messages until read (the
 * partial unique index makes that hold when messages arrive at once).
 */
export async function notifyMessage(
  tx: Executor,
  input: { chatId: number; actorId: number; text: string },
  rule: NotifyRule,
): Promise<number[]> {
  const participants = ids(await rows(tx, sql`SELECT user_id FROM chat_participants WHERE chat_id = ${input.chatId}`));
  const plan = rule.plan({ kind: 'message', actorId: input.actorId, ownerIds: participants });
  if (plan.length === 0) return [];
  const { users, kinds } = planArrays(plan);
  const written = await rows(
    tx,
    sql`INSERT INTO notifications (user_id, kind, actor_id, chat_id, excerpt)
      SELECT p.user_id, p.kind, ${input.actorId}::bigint, ${input.chatId}::bigint, ${excerptOf(input.text)}::text
      FROM unnest(${users}::bigint[], ${kinds}::text[]) AS p(user_id, kind)
      ON CONFLICT (user_id, chat_id) WHERE kind = 'message' AND read_at IS NULL
      DO UPDATE SET actor_id = EXCLUDED.actor_id, excerpt = EXCLUDED.excerpt, created_at = now()
      RETURNING id, user_id, (xmax = 0) AS inserted`,
  );
  // One mail per unread entry: a later message refreshes the entry, and the mail tells the latest.
  await queueNotificationMails(
    tx,
    ids(
      written.filter((r) => r.inserted === true),
      'id',
    ),
  );
  return ids(written);
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toNotification(r: Row): Notification {
  const target = { qid: str(r.question_id), aid: str(r.answer_id), cid: str(r.comment_id), chatId: str(r.chat_id) };
  return {
    _id: String(r.id),
    kind: String(r.kind) as NotificationKind,
    actor: str(r.actor),
    excerpt: String(r.excerpt),
    title: str(r.title),
    ...target,
    link: notificationLink(target),
    createdAt: (r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at))).toISOString(),
    read: r.read_at !== null && r.read_at !== undefined,
  };
}

const SELECT_NOTIFICATION = sql`SELECT n.id, n.kind, u.username AS actor, n.excerpt, q.title, n.question_id, n.answer_id, n.comment_id, n.chat_id, n.created_at, n.read_at
  FROM notifications n LEFT JOIN users u ON u.id = n.actor_id LEFT JOIN questions q ON q.id = n.question_id`;

/** One page of the user's notifications, newest first, with how many there are and how many are unread. */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number; unread: number }> {
  const [list, [counts]] = await Promise.all([
    rows(
      db,
      sql`${SELECT_NOTIFICATION} WHERE n.user_id = ${userId} ORDER BY n.created_at DESC, n.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    rows(
      db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM notifications WHERE user_id = ${userId}`,
    ),
  ]);
  return {
    notifications: list.map(toNotification),
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
  };
}

/** How many unread notifications the user has. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Each user's name, unread count and newest notification (the one a write just made), for
 * telling them live after it commits (one query for all of them).
 */
export async function unreadAndNewest(
  db: Db,
  userIds: number[],
): Promise<{ userId: number; username: string; unread: number; newest: Notification | null }[]> {
  if (userIds.length === 0) return [];
  const list = await rows(
    db,
    sql`SELECT r.id AS recipient_id, r.username AS recipient,
        (SELECT count(*)::int FROM notifications c WHERE c.user_id = r.id AND c.read_at IS NULL) AS unread, newest.*
      FROM users r LEFT JOIN LATERAL (${SELECT_NOTIFICATION} WHERE n.user_id = r.id ORDER BY n.created_at DESC, n.id DESC LIMIT 1) newest ON true
      WHERE r.id = ANY(${sql.param([...new Set(userIds)])}::bigint[])`,
  );
  return list.map((r) => ({
    userId: Number(r.recipient_id),
    username: String(r.recipient),
    unread: Number(r.unread),
    newest: r.id === null || r.id === undefined ? null : toNotification(r),
  }));
}

/** Which of `wanted` are the user's notifications (whose may be marked is core's rule). */
export async function ownNotificationIds(db: Db, userId: number, wanted: readonly number[]): Promise<number[]> {
  const own = await rows(
    db,
    sql`SELECT id FROM notifications WHERE user_id = ${userId} AND id = ANY(${sql.param([...new Set(wanted)])}::bigint[])`,
  );
  return ids(own, 'id');
}

/** Marks the user's notifications read: the given ids, or with `all` every unread one; answers how many were unread. */
export async function markNotificationsRead(
  db: Db,
  userId: number,
  target: { ids: readonly number[] } | { all: true },
): Promise<number> {
  const which = 'all' in target ? sql`` : sql`AND id = ANY(${sql.param([...new Set(target.ids)])}::bigint[])`;
  const marked = await rows(
    db,
    sql`UPDATE notifications SET read_at = now() WHERE user_id = ${userId} ${which} AND read_at IS NULL RETURNING id`,
  );
  return marked.length;
}

/** One notification as the inbox shows it; null when there is none. */
export async function notificationById(db: Db, id: number): Promise<Notification | null> {
  const [row] = await rows(db, sql`${SELECT_NOTIFICATION} WHERE n.id = ${id}`);
  return row ? toNotification(row) : null;
}
