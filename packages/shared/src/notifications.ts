/**
 * The inbox's shapes (docs/decisions/0022-inbox.md): the notification entity, its excerpt and
 * link, the live `notificationUpdate` event and the REST payloads. Who is notified of what is
 * core's fan-out (packages/core/src/notifications/fan-out.ts).
 */
import { z } from 'zod';
import { plainText } from './plain-text.ts';
import { idSchema } from './qa.schemas.ts';
import { answerHref } from './question-page.ts';

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
