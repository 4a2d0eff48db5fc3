/**
 * What a user asks to hear about by mail (docs/decisions/0083-email.md): following questions,
 * watching tags, how often each kind of mail comes, and unsubscribing by a mail's link (no
 * sign-in: the signed link is the proof). The watched tags are also read by `watchedTagsOf`, for
 * whoever marks a user's tags on the question lists.
 */
import * as db from '@fso/db';
import {
  MAIL_KINDS,
  MAIL_MSG,
  MSG,
  scopeLabel,
  type MailSettings,
  type MailSettingsInput,
  type UnsubscribeScope,
} from '@fso/shared';
import { readUnsubscribeToken } from '@fso/mail';
import { NOT_SIGNED_IN } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { withDefaults } from './rules.ts';

/** These users have the site open now (the realtime connections say so): what was written before is not mailed. */
export const markSeen = (ports: Pick<Ports, 'db' | 'clock'>, userIds: number[]) =>
  db.touchLastSeen(ports.db, userIds, ports.clock());

/** POST /question/followQuestion and /question/unfollowQuestion. */
export async function followQuestion(
  ports: Ports,
  caller: Caller,
  { questionId, follow }: { questionId: number; follow: boolean },
): Promise<Result<{ qid: string; following: boolean }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('follow', caller);
  if (limited) return limited;
  if (!(await db.setFollowing(ports.db, actor.userId, questionId, follow)))
    return fail('notFound', MSG.questionNotFound);
  return succeed({ qid: String(questionId), following: follow });
}

/** Whether the caller follows the question (false for a visitor). */
export async function followsQuestion(
  ports: Ports,
  caller: Caller,
  { questionId }: { questionId: number },
): Promise<boolean> {
  return caller.user ? db.isFollowing(ports.db, caller.user.userId, questionId) : false;
}

/** POST /tag/watchTag and /tag/unwatchTag. */
export async function watchTag(
  ports: Ports,
  caller: Caller,
  { name, watch }: { name: string; watch: boolean },
): Promise<Result<{ name: string; watching: boolean }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('follow', caller);
  if (limited) return limited;
  const stored = await db.setWatching(ports.db, actor.userId, name, watch);
  return stored === null ? fail('notFound', MSG.tagNotFound) : succeed({ name: stored, watching: watch });
}

/** The names of the tags the caller watches (none for a visitor). */
export async function watchedTagsOf(ports: Ports, caller: Caller): Promise<string[]> {
  return caller.user ? db.watchedTagNames(ports.db, caller.user.userId) : [];
}

export interface MailPreferences {
  email: string | null;
  /** An address waiting for its confirmation link. */
  pending: string | null;
  settings: MailSettings;
  watchedTags: string[];
}

/** The caller's address, mail settings (defaults filled in) and watched tags, for their profile and GET /user/getMailSettings. */
export async function mailPreferencesOf(ports: Ports, caller: Caller): Promise<Result<MailPreferences>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const [address, set, watchedTags] = await Promise.all([
    db.emailState(ports.db, actor.userId, ports.clock()),
    db.mailSettingRows(ports.db, actor.userId),
    db.watchedTagNames(ports.db, actor.userId),
  ]);
  return succeed({ ...address, settings: withDefaults(set), watchedTags });
}

/** PATCH /user/updateMailSettings: the kinds given change, the others stay; answers all of them. */
export async function updateMailSettings(
  ports: Ports,
  caller: Caller,
  input: MailSettingsInput,
): Promise<Result<MailSettings>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('mailSettings', caller);
  if (limited) return limited;
  const given = Object.fromEntries(Object.entries(input).filter(([, cadence]) => cadence !== undefined));
  await db.saveMailSettings(ports.db, actor.userId, given);
  return succeed(withDefaults(await db.mailSettingRows(ports.db, actor.userId)));
}

/** Who an unsubscribe link is for, and what it stops (for its page, before anything changes). */
export async function readUnsubscribeLink(
  ports: Ports,
  token: string,
): Promise<Result<{ email: string; what: string; scope: UnsubscribeScope }>> {
  const link = readUnsubscribeToken(ports.mailKey, token);
  const recipient = link ? await db.mailRecipient(ports.db, link.userId) : null;
  if (!link || !recipient?.email) return fail('notFound', MAIL_MSG.unsubscribeInvalid);
  return succeed({ email: recipient.email, what: scopeLabel(link.scope), scope: link.scope });
}

/**
 * An unsubscribe link followed (RFC 8058 one-click POST, or the page's button): that kind of
 * mail, or every kind set to that digest, becomes `never`.
 */
export async function unsubscribe(
  ports: Ports,
  caller: Caller,
  { token }: { token: string },
): Promise<Result<{ message: string }>> {
  const limited = await ports.limiter.hit('unsubscribe', caller);
  if (limited) return limited;
  const link = await readUnsubscribeLink(ports, token);
  if (!link.ok) return link;
  const userId = readUnsubscribeToken(ports.mailKey, token)!.userId;
  const scope = link.value.scope;
  const current = withDefaults(await db.mailSettingRows(ports.db, userId));
  const kinds = scope === 'daily' || scope === 'weekly' ? MAIL_KINDS.filter((k) => current[k] === scope) : [scope];
  await db.saveMailSettings(ports.db, userId, Object.fromEntries(kinds.map((k) => [k, 'never'])));
  return succeed({ message: MAIL_MSG.unsubscribed(link.value.what) });
}
