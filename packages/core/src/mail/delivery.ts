/**
 * Sending the queue, as the mail worker (packages/platform/src/mail-worker.ts) drives it: claim
 * due mails, compose each from what is true now (rules.ts decides, @fso/mail's templates
 * write), and record how each went: sent, skipped, due again later, or given up after its last
 * try. Also the chores around it: queueing the digests that fell due, and deleting old rows.
 */
import * as db from '@fso/db';
import {
  CADENCES,
  MAIL_KIND_OF_NOTIFICATION,
  scopeLabel,
  type DigestCadence,
  type UnsubscribeScope,
} from '@fso/shared';
import type { Ports } from '../ports.ts';
import {
  afterFailure,
  DIGEST_PERIOD_MS,
  DIGEST_QUESTIONS,
  digestContent,
  notificationKindsIn,
  notificationMailDecision,
  watchedQuestionDecision,
  withDefaults,
  type MailDecision,
} from './rules.ts';
import {
  confirmMail,
  digestMail,
  notificationMail,
  resetMail,
  watchedQuestionMail,
  type MailFooter,
  type MailSite,
  type RenderedMail,
  tokenFor,
  unsubscribeToken,
} from '@fso/mail';

type MailPorts = Pick<Ports, 'db' | 'clock'>;

/** What the worker needs to write mails: the site (name, ORIGIN) and the key of its links. */
export interface MailContext {
  site: MailSite;
  key: Buffer;
}

export type Composed =
  | { action: 'send'; to: string; mail: RenderedMail }
  | { action: 'skip'; reason: string }
  | { action: 'later'; at: Date };

export const claimMails = (ports: MailPorts, opts: { limit: number; leaseMs: number }) =>
  db.claimDueMails(ports.db, { now: ports.clock(), ...opts });

const fromDecision = (decision: Exclude<MailDecision, { send: true }>): Composed =>
  'later' in decision ? { action: 'later', at: decision.later } : { action: 'skip', reason: decision.reason };

function footerFor(ctx: MailContext, recipient: db.MailRecipient, scope: UnsubscribeScope): MailFooter {
  return {
    username: recipient.username,
    subscription: {
      what: scopeLabel(scope),
      unsubscribePath: `/unsubscribe/${unsubscribeToken(ctx.key, recipient.userId, scope)}`,
    },
  };
}

/** The mail a claimed row stands for, as of now: to send (to whom, what), to skip, or not yet. */
export async function composeMail(ports: MailPorts, ctx: MailContext, mail: db.QueuedMail): Promise<Composed> {
  const recipient = await db.mailRecipient(ports.db, mail.userId);
  if (!recipient) return { action: 'skip', reason: 'no such user' };
  const settings = withDefaults(recipient.settings);
  const now = ports.clock();
  if (mail.kind === 'passwordReset' || mail.kind === 'confirmEmail') {
    const token = mail.tokenId === null ? null : await db.findTokenById(ports.db, mail.tokenId);
    if (!token || token.usedAt || token.expiresAt <= now) return { action: 'skip', reason: 'link used or expired' };
    const secret = tokenFor(ctx.key, token.salt);
    if (token.purpose === 'confirm' && token.email)
      return { action: 'send', to: token.email, mail: confirmMail(ctx.site, recipient.username, token.email, secret) };
    if (!recipient.email) return { action: 'skip', reason: 'no address' };
    return { action: 'send', to: recipient.email, mail: resetMail(ctx.site, recipient.username, secret) };
  }
  if (!recipient.email) return { action: 'skip', reason: 'no address' };
  const to = recipient.email;
  if (mail.kind === 'notification') {
    const n = mail.notificationId === null ? null : await db.mailNotification(ports.db, mail.notificationId);
    if (!n) return { action: 'skip', reason: 'notification gone' };
    const decision = notificationMailDecision({
      notification: n,
      settings,
      email: to,
      lastSeenAt: recipient.lastSeenAt,
      now,
    });
    if (!decision.send) return fromDecision(decision);
    const footer = footerFor(ctx, recipient, MAIL_KIND_OF_NOTIFICATION[n.kind]);
    return { action: 'send', to, mail: notificationMail(ctx.site, n, footer) };
  }
  if (mail.kind === 'watchedQuestion') {
    const q = mail.questionId === null ? null : await db.mailQuestion(ports.db, mail.questionId, recipient.userId);
    const decision = watchedQuestionDecision({ question: q, settings, email: to });
    if (!decision.send) return fromDecision(decision);
    if (!q) return { action: 'skip', reason: 'question deleted' };
    return { action: 'send', to, mail: watchedQuestionMail(ctx.site, q, footerFor(ctx, recipient, 'watchedTags')) };
  }
  return composeDigest(ports, ctx, mail, recipient);
}

async function composeDigest(
  ports: MailPorts,
  ctx: MailContext,
  mail: db.QueuedMail,
  recipient: db.MailRecipient & { email: string | null },
): Promise<Composed> {
  const cadence = mail.data.cadence as DigestCadence;
  if (!CADENCES.includes(cadence) || !recipient.email) return { action: 'skip', reason: 'not a digest' };
  const since = new Date(String(mail.data.since));
  const settings = withDefaults(recipient.settings);
  const [notifications, questions] = await Promise.all([
    db.unreadNotificationsSince(ports.db, {
      userId: recipient.userId,
      since,
      kinds: notificationKindsIn(settings, cadence),
      limit: 50,
    }),
    settings.watchedTags === cadence
      ? db.digestCandidates(ports.db, { userId: recipient.userId, since, limit: DIGEST_QUESTIONS * 5 })
      : Promise.resolve([]),
  ]);
  const content = digestContent({ cadence, settings, lastSeenAt: recipient.lastSeenAt, notifications, questions });
  if (content.notifications.length === 0 && content.questions.length === 0)
    return { action: 'skip', reason: 'nothing new' };
  const footer = footerFor(ctx, recipient, cadence);
  return { action: 'send', to: recipient.email, mail: digestMail(ctx.site, cadence, content, footer) };
}

export const mailsSent = (ports: MailPorts, ids: number[]) => db.finishMails(ports.db, ids, 'sent', ports.clock());

export const mailSkipped = (ports: MailPorts, id: number, reason: string) =>
  db.finishMails(ports.db, [id], 'skipped', ports.clock(), reason);

export const mailLater = (ports: MailPorts, id: number, at: Date) => db.retryMailAt(ports.db, id, at, 'not due yet');

/** A claimed mail the worker gives back unsent (it is stopping). */
export const mailsReleased = (ports: MailPorts, ids: number[]) => db.releaseMails(ports.db, ids, ports.clock());

/** A send failed: tried again after a growing pause, or given up (the server refused it for good, or the last try). */
export async function mailFailed(
  ports: MailPorts,
  mail: Pick<db.QueuedMail, 'id' | 'attempts'>,
  failure: { message: string; permanent: boolean },
): Promise<'retry' | 'failed'> {
  const now = ports.clock();
  const next = afterFailure({ attempts: mail.attempts, permanent: failure.permanent, now });
  if (next === 'give up') {
    await db.finishMails(ports.db, [mail.id], 'failed', now, failure.message);
    return 'failed';
  }
  await db.retryMailAt(ports.db, mail.id, next.retryAt, failure.message);
  return 'retry';
}

/** Queues the daily and weekly digests that have fallen due (at most `limit` of each per call); answers how many. */
export async function queueDueDigests(ports: MailPorts, limit = 1000): Promise<number> {
  const now = ports.clock();
  let queued = 0;
  for (const cadence of ['daily', 'weekly'] as const)
    queued += await db.queueDueDigests(ports.db, { cadence, periodMs: DIGEST_PERIOD_MS[cadence], now, limit });
  return queued;
}

/** Mails done a week ago, and queued ones a month old (never deliverable by now), are deleted; so are tokens expired a day ago. */
export async function purgeOldMails(ports: MailPorts): Promise<number> {
  const now = ports.clock().getTime();
  const day = 24 * 60 * 60_000;
  await db.deleteExpiredTokens(ports.db, new Date(now - day));
  return db.deleteOldMails(ports.db, { before: new Date(now - 7 * day), stale: new Date(now - 30 * day) });
}
