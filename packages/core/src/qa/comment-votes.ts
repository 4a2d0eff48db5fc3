/**
 * Comment upvotes (issue 42), as on Stack Overflow: with the commentUpvote privilege a user
 * upvotes another's comment once and may take the upvote back; no downvotes, no reputation. The
 * rule (`decideCommentVote`, pure) and the use case that counts the vote against the vote limit,
 * has db apply the rule under the comment's lock, then publishes the post's comments
 * (commentUpdate, which carries each comment's score) unless its question is hidden.
 */
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { actorNamed, NOT_SIGNED_IN } from '../caller.ts';
import { decidePosting } from '../moderation/closing.ts';
import { can } from '../moderation/privileges.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { publishComments } from './deletions.ts';

/**
 * The rule: a deleted account votes no more; the comment must be there and shown (a hidden one,
 * flagged or held, is seen as none: nobody but moderators reads it), not the voter's own, and
 * not on a locked question; casting an upvote needs the privilege (taking one's own back does
 * not); an upvote cast twice counts once.
 */
export function decideCommentVote(
  caller: Caller,
  seen: db.CommentVoteSeen,
  upvote: boolean,
): Result<db.CommentVoteDecision> {
  if (!caller.user || !seen.voter) return NOT_SIGNED_IN;
  if (!seen.comment || seen.comment.hidden) return fail('notFound', MSG.commentNotFound);
  if (seen.comment.author === caller.user.userId) return fail('forbidden', MSG.ownCommentVote);
  if (upvote && !seen.upvoted && !can(caller, 'commentUpvote')) return fail('forbidden', MSG.commentUpvotePrivilege);
  const open = decidePosting({ closed: false, locked: seen.comment.locked }, 'vote');
  if (!open.ok) return open;
  return succeed({ upvoted: upvote });
}

/** Upvotes a comment (`upvote` false: takes the caller's upvote back); its score after, and the caller's vote. */
export async function voteComment(
  ports: Ports,
  caller: Caller,
  input: { commentId: number; upvote: boolean },
): Promise<Result<{ cid: string; score: number; upvoted: boolean }>> {
  const named = actorNamed(caller);
  if (!named.ok) return named;
  const limited = await ports.limiter.hit('vote', caller);
  if (limited) return limited;
  const voted = await db.changeCommentVote(
    ports.db,
    { commentId: input.commentId, voterId: named.value.userId },
    (seen) => decideCommentVote(caller, seen, input.upvote),
  );
  if (!voted.ok) return voted;
  if (voted.value.changed) await publishComments(ports, voted.value);
  return succeed({ cid: String(input.commentId), score: voted.value.score, upvoted: voted.value.upvoted });
}

/** Which of the comments `ids` the caller upvoted (none for a visitor), for their page's buttons. */
export async function upvotedComments(ports: Ports, caller: Caller, { ids }: { ids: string[] }): Promise<string[]> {
  if (!caller.user) return [];
  const found = await db.commentsUpvotedBy(ports.db, caller.user.userId, ids.map(Number));
  return found.map(String);
}

/** Whether the caller may cast comment upvotes (their page shows the buttons only then). */
export const mayUpvoteComments = (caller: Caller): boolean => can(caller, 'commentUpvote');
