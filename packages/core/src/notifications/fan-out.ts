/**
 * Who is told, as pure functions of what the database loaded (issue 40): an answer, comment,
 * accept or direct message notifies its owners, the users its text mentions and the question's
 * followers (`planNotifications`, with mentions read by `mentionedUsernames`); the notice of a
 * moderator's action (or of a closing vote) goes to the user it concerns, never to the actor; a
 * new question in a watched tag is mailed at once to the watchers who want that. db loads what
 * these read and stores the list they return, in the transaction of the write.
 */
import type { ModerationNotice, NotificationPlan, NotifyCause, NotifyRule, TagWatcher } from '@fso/db';
import { DEFAULT_MAIL_SETTINGS, USERNAME_MAX } from '@fso/shared';

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

/**
 * Who gets which notification: every owner gets the cause's kind, every other mentioned user a
 * mention, and every other follower the cause's kind; nobody is notified of their own action,
 * and nobody twice for one action.
 */
export function planNotifications(cause: NotifyCause): NotificationPlan {
  const plan = new Map<number, NotificationPlan[number]['kind']>();
  for (const owner of cause.ownerIds) if (owner !== null && owner !== cause.actorId) plan.set(owner, cause.kind);
  for (const id of cause.mentionedIds ?? []) if (id !== cause.actorId && !plan.has(id)) plan.set(id, 'mention');
  for (const id of cause.followerIds ?? []) if (id !== cause.actorId && !plan.has(id)) plan.set(id, cause.kind);
  return [...plan].map(([userId, kind]) => ({ userId, kind }));
}

/** What db applies when an answer, comment or direct message is written (or a held answer approved). */
export const notifyRule: NotifyRule = { mentions: mentionedUsernames, plan: planNotifications };

/** The notice of `actorId`'s action on what `subjectId` wrote or is: to them, unless they did it themselves or their account is gone (null). */
export function moderationNotice(subjectId: number | null, actorId: number, excerpt: string): ModerationNotice {
  return { to: subjectId === null || subjectId === actorId ? [] : [subjectId], excerpt };
}

/**
 * A question's mail to its tags' watchers: each with an address whose cadence for watched tags
 * (theirs, else the default) is "immediately", never its asker; nobody while it is held for review
 * (its approval mails them then).
 */
export function watchedQuestionMailTo(
  question: { askerId: number | null; held: boolean },
  watchers: readonly TagWatcher[],
): number[] {
  if (question.held) return [];
  return watchers
    .filter(
      (w) =>
        w.userId !== question.askerId &&
        w.hasAddress &&
        (w.cadence ?? DEFAULT_MAIL_SETTINGS.watchedTags) === 'immediately',
    )
    .map((w) => w.userId);
}
