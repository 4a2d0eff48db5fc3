/**
 * Who gets which mail when (docs/decisions/0083-email.md), as pure functions of what the
 * database said: whether a notification's mail goes out now, later, or not at all; what a
 * digest holds; when a failed send is tried again; whether a link's token still works.
 */
import {
  DEFAULT_MAIL_SETTINGS,
  IMMEDIATE_MAIL_DELAY_MS,
  MAIL_KIND_OF_NOTIFICATION,
  MAIL_KINDS,
  NOTIFICATION_KINDS,
  type Cadence,
  type DigestCadence,
  type MailKind,
  type MailSettings,
  type NotificationKind,
} from '@fso/shared';

/** The user's choice for every kind: theirs where they made one, else the default. */
export const withDefaults = (set: Partial<MailSettings>): MailSettings => ({ ...DEFAULT_MAIL_SETTINGS, ...set });

/** Something the site has shown the user: read in the inbox, or written before they last had the site open. */
export function seenOnSite(n: { readAt: Date | null; createdAt: Date }, lastSeenAt: Date | null): boolean {
  return n.readAt !== null || (lastSeenAt !== null && lastSeenAt.getTime() >= n.createdAt.getTime());
}

/**
 * Whether a notification is about something the user asked to hear of: answers and comments
 * only on a question they follow (or a comment on their own answer); mentions, accepts and
 * direct messages always.
 */
export function concernsFollowed(n: { kind: NotificationKind; follows: boolean; onOwnAnswer: boolean }): boolean {
  if (n.kind === 'answer') return n.follows;
  if (n.kind === 'comment') return n.follows || n.onOwnAnswer;
  return true;
}

export type MailDecision = { send: true } | { send: false; later: Date } | { send: false; reason: string };

/** A notification's own mail (queued when it was written): sent once its delay has passed, if still unseen. */
export function notificationMailDecision(input: {
  notification: {
    kind: NotificationKind;
    createdAt: Date;
    readAt: Date | null;
    follows: boolean;
    onOwnAnswer: boolean;
  };
  settings: MailSettings;
  email: string | null;
  lastSeenAt: Date | null;
  now: Date;
}): MailDecision {
  const n = input.notification;
  if (!input.email) return { send: false, reason: 'no address' };
  if (input.settings[MAIL_KIND_OF_NOTIFICATION[n.kind]] !== 'immediately')
    return { send: false, reason: 'not wanted at once' };
  if (!concernsFollowed(n)) return { send: false, reason: 'not followed' };
  const due = new Date(n.createdAt.getTime() + IMMEDIATE_MAIL_DELAY_MS);
  if (seenOnSite(n, input.lastSeenAt)) return { send: false, reason: 'seen on the site' };
  if (input.now < due) return { send: false, later: due };
  return { send: true };
}

/** A new question in a watched tag, mailed at once: unless the user has opened it or stopped wanting these. */
export function watchedQuestionDecision(input: {
  question: { viewed: boolean } | null;
  settings: MailSettings;
  email: string | null;
}): MailDecision {
  if (!input.email) return { send: false, reason: 'no address' };
  if (!input.question) return { send: false, reason: 'question deleted' };
  if (input.settings.watchedTags !== 'immediately') return { send: false, reason: 'not wanted at once' };
  if (input.question.viewed) return { send: false, reason: 'seen on the site' };
  return { send: true };
}

export const DIGEST_PERIOD_MS: Record<DigestCadence, number> = {
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
};
/** Notifications and questions a digest lists at most. */
export const DIGEST_NOTIFICATIONS = 10;
export const DIGEST_QUESTIONS = 10;

/** The kinds of mail a user has set to this digest. */
export const kindsIn = (settings: MailSettings, cadence: Cadence): MailKind[] =>
  MAIL_KINDS.filter((kind) => settings[kind] === cadence);

/** The inbox notification kinds whose mail the user gets in this digest. */
export const notificationKindsIn = (settings: MailSettings, cadence: DigestCadence): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => settings[MAIL_KIND_OF_NOTIFICATION[kind]] === cadence);

/** How a digest ranks new questions: votes, then answers, then views (Discourse's "top"), newest on ties. */
export function digestScore(q: { score: number; answerCount: number; viewCount: number }): number {
  return q.score * 10 + q.answerCount * 5 + Math.log2(1 + q.viewCount);
}

/**
 * A digest's content: the unseen notifications of the kinds set to it, and — when new questions
 * in watched tags are set to it — the top new questions the user has not opened. Empty: no mail.
 */
export function digestContent<
  N extends { readAt: Date | null; createdAt: Date; kind: NotificationKind; follows: boolean; onOwnAnswer: boolean },
  Q extends { viewed: boolean; score: number; answerCount: number; viewCount: number; askedAt: Date },
>(input: {
  cadence: DigestCadence;
  settings: MailSettings;
  lastSeenAt: Date | null;
  notifications: N[];
  questions: Q[];
}): { notifications: N[]; questions: Q[] } {
  const notifications = input.notifications
    .filter((n) => !seenOnSite(n, input.lastSeenAt) && concernsFollowed(n))
    .slice(0, DIGEST_NOTIFICATIONS);
  const questions =
    input.settings.watchedTags === input.cadence
      ? input.questions
          .filter((q) => !q.viewed)
          .sort((a, b) => digestScore(b) - digestScore(a) || b.askedAt.getTime() - a.askedAt.getTime())
          .slice(0, DIGEST_QUESTIONS)
      : [];
  return { notifications, questions };
}

/** Tries before a mail is given up: over about a day and a half with the backoff below. */
export const MAX_SEND_ATTEMPTS = 10;

/** How long after its `attempts`-th failed try a mail is tried again: 30 s doubling, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** A failed send: tried again later, or given up (after the last try, or when the server refused for good). */
export function afterFailure(input: {
  attempts: number;
  permanent: boolean;
  now: Date;
}): { retryAt: Date } | 'give up' {
  if (input.permanent || input.attempts >= MAX_SEND_ATTEMPTS) return 'give up';
  return { retryAt: new Date(input.now.getTime() + retryDelayMs(input.attempts)) };
}

export type TokenState = 'valid' | 'unknown' | 'used' | 'expired';

/** Whether a link's token still works at `now`. */
export function tokenState(token: { expiresAt: Date; usedAt: Date | null } | null, now: Date): TokenState {
  if (!token) return 'unknown';
  if (token.usedAt) return 'used';
  return now < token.expiresAt ? 'valid' : 'expired';
}
