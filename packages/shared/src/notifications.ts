/**
 * The inbox's rules and shapes (docs/decisions/0022-inbox.md): who is notified of what, how
 * `@username` mentions are read from a post, the notification entity, the live
 * `notificationUpdate` event and the REST payloads. Pure: the database layer asks these
 * functions whom to notify and writes the rows in the causing transaction.
 */
import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { idSchema } from './qa.schemas.ts';
import { answerHref } from './question-page.ts';
import { USERNAME_MAX } from './user.schemas.ts';

/** `moderation`: a moderator closed, reopened, locked or deleted one's post, or suspended one's account (issue 41). */
export const NOTIFICATION_KINDS = ['answer', 'comment', 'accepted', 'mention', 'message', 'moderation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One inbox entry as it travels over REST; `link` is where opening it leads. */
export interface Notification {
  _id: string;
  kind: NotificationKind;
  /** Who did it; null once their account is deleted. */
  actor: string | null;
  /** The start of the answer, comment or message (plain text); empty for an accept. */
  excerpt: string;
  /** The question's title (null for a direct message). */
  title: string | null;
  /** The title's HTML with its `$…$` rendered as math, when it holds any (issue 42 item 3). */
  titleHtml?: string;
  /** The same for a post's excerpt (an answer, a comment, a mention; not a message). */
  excerptHtml?: string;
  qid: string | null;
  aid: string | null;
  cid: string | null;
  chatId: string | null;
  link: string;
  createdAt: string;
  read: boolean;
}

/**
 * `notificationUpdate`, sent only to the recipient: their unread count after a change, and what
 * changed, so an open inbox patches itself (docs/decisions/0033): the notification just written
 * (their newest), or the ones just marked read.
 */
export interface NotificationUpdatePayload {
  unread: number;
  latest?: Notification;
  read?: string[] | 'all';
}

export interface NotificationServerEvents {
  notificationUpdate: (payload: NotificationUpdatePayload) => void;
}

/** Texts of the inbox the spec leaves open. */
export const INBOX_MSG = {
  markReadBody: 'Send {"ids": [notification ids]} or {"all": true}.',
  tooManyIds: 'Mark at most 200 notifications at once.',
  notificationNotFound: 'Notification not found.',
} as const;

export const MARK_READ_MAX = 200;

/** POST /notification/markRead: `{ids: [...]}` marks those, `{all: true}` marks every unread one. */
export const markReadBodySchema = z
  .strictObject(
    {
      ids: z
        .array(idSchema, { error: INBOX_MSG.markReadBody })
        .min(1, INBOX_MSG.markReadBody)
        .max(MARK_READ_MAX, INBOX_MSG.tooManyIds)
        .optional(),
      all: z.literal(true, { error: INBOX_MSG.markReadBody }).optional(),
    },
    { error: INBOX_MSG.markReadBody },
  )
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), INBOX_MSG.markReadBody)
  .transform((v): { all: true } | { ids: string[] } => (v.all ? { all: true } : { ids: v.ids ?? [] }));
export type MarkReadBody = z.output<typeof markReadBodySchema>;

/** Mentions per post that notify; more are ignored so one post cannot page the whole site. */
export const MENTIONS_MAX = 10;

// A mention starts a word (not part of an email address) and is a username's characters.
const MENTION = new RegExp(`(?<![\\w@.\\-])@([A-Za-z0-9._-]{1,${USERNAME_MAX}})`, 'g');
const CODE = /```[\s\S]*?(```|$)|`[^`\n]*`/g;

/** The distinct usernames (lower-case) a post mentions with `@name`, outside code, at most MENTIONS_MAX. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const [, raw = ''] of text.replace(CODE, ' ').matchAll(MENTION)) {
    // A sentence may end right after a name: "thanks @alice."
    const name = raw.replace(/[.\-_]+$/, '').toLowerCase();
    if (name) names.add(name);
    if (names.size === MENTIONS_MAX) break;
  }
  return [...names];
}

/** What causes notifications: the actor, the owners of what was acted on, and who was mentioned. */
export interface NotifyCause {
  kind: Exclude<NotificationKind, 'mention'>;
  actorId: number;
  /** The question's asker (answer), the post's author (comment), the answerer (accepted), the other participants (message); null: deleted. */
  ownerIds: readonly (number | null)[];
  /** Existing users mentioned in the text. */
  mentionedIds?: readonly number[];
  /** Those who follow the question (answers and comments): told like an owner, unless mentioned. */
  followerIds?: readonly number[];
}

/**
 * Who gets which notification: every owner gets the cause's kind, every other mentioned user a
 * mention, and every other follower the cause's kind; nobody is notified of their own action,
 * and nobody twice for one action.
 */
export function planNotifications(cause: NotifyCause): { userId: number; kind: NotificationKind }[] {
  const plan = new Map<number, NotificationKind>();
  for (const owner of cause.ownerIds) if (owner !== null && owner !== cause.actorId) plan.set(owner, cause.kind);
  for (const id of cause.mentionedIds ?? []) if (id !== cause.actorId && !plan.has(id)) plan.set(id, 'mention');
  for (const id of cause.followerIds ?? []) if (id !== cause.actorId && !plan.has(id)) plan.set(id, cause.kind);
  return [...plan].map(([userId, kind]) => ({ userId, kind }));
}

export const EXCERPT_MAX = 160;

/** The first EXCERPT_MAX characters of a message as one line of text. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= EXCERPT_MAX ? line : `${line.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
}

/** A post's excerpt: its Markdown as the reader sees it, without markup or link targets (issue 42). */
export const postExcerptOf = (markdown: string): string => excerptOf(plainText(markdown));

/** Where a notification leads: the question page (at the answer it concerns), or the chat. */
export function notificationLink(n: Pick<Notification, 'qid' | 'aid' | 'chatId'>): string {
  if (n.chatId) return `/messaging/direct-message?chat=${n.chatId}`;
  if (!n.qid) return '/notifications';
  return n.aid ? answerHref(n.qid, n.aid) : `/question/${n.qid}`;
}
