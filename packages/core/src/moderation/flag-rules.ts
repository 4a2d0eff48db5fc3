/**
 * The rules of flags and their review (issue 41), pure: who may flag a post and when flags hide
 * it (`decideFlag`), and what a moderator's resolution of a post's flags does (`decideResolve`:
 * deleting a spam or rude post costs its author reputation, dismissing shows the post again).
 * db locks and loads what they see and stores what they decide (queries/flags.ts).
 */
import type { FlagDecision, FlagSeen, PendingFlags, ResolveDecision, ResolveSeen } from '@fso/db';
import { FLAG_MSG, MOD_MSG, MODERATION_RULES, type FlagReason, type ReviewDecision } from '@fso/shared';
import { fail, succeed, type Result } from '../result.ts';

/** Distinct users' pending flags for reasons that hide a post (a user flags a post once, so the sum is distinct). */
export const hidingFlags = (pending: PendingFlags): number =>
  MODERATION_RULES.hidingReasons.reduce((n, reason) => n + (pending[reason] ?? 0), 0);

/**
 * A signed-in user flags someone else's post once; a duplicate flag names a shown question. The
 * spam or rude flag that brings the post to `hideAtFlags` hides it (a hidden post stays hidden).
 */
export function decideFlag(seen: FlagSeen, flag: { flaggerId: number; reason: FlagReason }): Result<FlagDecision> {
  const { post } = seen;
  if (!post) return fail('notFound', FLAG_MSG.postNotFound);
  if (post.author === flag.flaggerId) return fail('forbidden', FLAG_MSG.ownPost);
  if (seen.alreadyFlagged) return fail('conflict', FLAG_MSG.alreadyFlagged);
  if (seen.duplicateTargetExists === false) return fail('invalid', FLAG_MSG.duplicateTargetMissing);
  const hiding = MODERATION_RULES.hidingReasons.includes(flag.reason);
  const hide = post.hidden === null && hiding && hidingFlags(seen.pending) + 1 >= MODERATION_RULES.hideAtFlags;
  return succeed({ hide });
}

/** Who reads a hidden post: its author (with a notice) and moderators; for everyone else it does not exist. */
export const mayReadHidden = (viewer: { author: boolean; moderator: boolean }): boolean =>
  viewer.author || viewer.moderator;

/**
 * A moderator resolves a post waiting for review (pending flags, or held): `delete` removes it,
 * and when spam or rude flags are among its pending ones its author loses reputation; `dismiss`
 * closes its flags and shows it (a held post is approved). Whoever loses votes or an accept with
 * the post (its author, the answerers of a question, the asker who accepted an answer) is recounted.
 */
export function decideResolve(
  seen: ResolveSeen,
  resolution: { moderator: boolean; decision: ReviewDecision },
): Result<ResolveDecision> {
  if (!resolution.moderator) return fail('forbidden', MOD_MSG.moderatorsOnly);
  const { post } = seen;
  if (!post) return fail('notFound', FLAG_MSG.postNotFound);
  const flagged = Object.values(post.pending).some((n) => (n ?? 0) > 0);
  if (!flagged && post.hidden !== 'held') return fail('conflict', FLAG_MSG.noPendingFlags);
  if (resolution.decision === 'dismiss') return succeed({ remove: false, penalize: false, recount: [] });
  return succeed({
    remove: true,
    penalize: hidingFlags(post.pending) > 0,
    recount: [post.author, ...post.others],
  });
}
