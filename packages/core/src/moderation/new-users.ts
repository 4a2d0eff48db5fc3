/**
 * New users' limits against spam (issue 41, Discourse's way): below `newUserReputation` a post
 * has at most `newUserLinks` links, and a new account's first question or answer that trips a
 * limit (links, or the rate limit) is held for review instead of refused: hidden from everyone
 * but its author and moderators until a moderator approves or deletes it (review.ts). Pure rules
 * (`countLinks`, `decideNewUserPost`) and the gate the ask and answer use cases pass through.
 */
import * as db from '@fso/db';
import { FLAG_MSG, MODERATION_RULES, type LimitedAction } from '@fso/shared';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { isModerator } from './privileges.ts';

/** The posts a new account's first one of may be held. */
const HOLDABLE: readonly LimitedAction[] = ['question', 'answer'];

/** Below the reputation that lifts new users' limits (moderators never are). */
export const isNewUser = (caller: Caller): boolean =>
  caller.user !== null && !isModerator(caller) && (caller.user.reputation ?? 1) < MODERATION_RULES.newUserReputation;

/** Whether a rate-limited write of this caller may still be held for review rather than refused. */
export const mayBeHeld = (caller: Caller, action: LimitedAction): boolean =>
  HOLDABLE.includes(action) && isNewUser(caller);

/** The links of a post's rendered (sanitised) HTML: each anchor counts, autolinks included. */
export const countLinks = (html: string): number => (html.match(/<a\s/gi) ?? []).length;

/**
 * A new user's post over the link limit, or any post over the rate limit (`limited`), is held
 * when it is the account's first post; otherwise refused (the rate limit's own 429, or 400
 * naming the link limit). Anything else is published.
 */
export function decideNewUserPost(
  author: { newUser: boolean; firstPost: boolean },
  post: { links: number; limited: Failure | null },
): Result<{ held: boolean }> {
  const tooManyLinks = author.newUser && post.links > MODERATION_RULES.newUserLinks;
  if (!tooManyLinks && !post.limited) return succeed({ held: false });
  if (author.newUser && author.firstPost) return succeed({ held: true });
  return post.limited ?? fail('invalid', FLAG_MSG.tooManyLinks);
}

/** The gate of a question or an answer about to be written: published, held, or refused. */
export async function newUserGate(
  ports: Ports,
  caller: Caller,
  post: { html: string; limited: Failure | null },
): Promise<Result<{ held: boolean }>> {
  const newUser = isNewUser(caller);
  const links = countLinks(post.html);
  if (!post.limited && (!newUser || links <= MODERATION_RULES.newUserLinks)) return succeed({ held: false });
  const firstPost = newUser && caller.user !== null && !(await db.hasPosted(ports.db, caller.user.userId));
  return decideNewUserPost({ newUser, firstPost }, { links, limited: post.limited });
}
