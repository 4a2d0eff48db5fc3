/**
 * Voting on questions and answers (DESIGN "Votes"), one rule for both: `decideVote`. The use
 * cases count the vote against the limit, have db apply the rule under the post's lock, then
 * publish voteUpdate (a question, SPEC §4) or answerVoteUpdate (an answer) once committed.
 */
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { actorNamed, NOT_SIGNED_IN } from '../caller.ts';
import { decidePosting } from '../moderation/closing.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { loadQuestion } from './questions.ts';
import { reputationOf } from './reputation.ts';

/**
 * The vote rule: a deleted account votes no more (its session was valid when the request began);
 * nobody votes on a locked question's posts, nor on their own post; the same vote again takes it
 * back, the other one switches it. The author's reputation moves with it.
 */
export function decideVote(
  seen: db.VoteSeen,
  vote: { post: db.PostKind; voterId: number; value: 1 | -1 },
): Result<db.VoteDecision> {
  if (!seen.voter) return NOT_SIGNED_IN;
  if (!seen.post) return fail('notFound', vote.post === 'question' ? MSG.questionNotFound : MSG.answerNotFound);
  const open = decidePosting({ closed: false, locked: seen.post.locked }, 'vote');
  if (!open.ok) return open;
  if (seen.post.author === vote.voterId) return fail('forbidden', MSG.ownVote);
  return succeed({ vote: seen.vote === vote.value ? 0 : vote.value, recount: [seen.post.author] });
}

/** Checks the caller and the limit, then casts the vote under the post's lock. */
async function castVote(
  ports: Ports,
  caller: Caller,
  target: { post: db.PostKind; id: number; value: 1 | -1; username?: string },
): Promise<Result<unknown>> {
  const named = actorNamed(caller, target.username);
  if (!named.ok) return named;
  const actor = named.value;
  const limited = await ports.limiter.hit('vote', caller);
  if (limited) return limited;
  const vote = { post: target.post, voterId: actor.userId, value: target.value };
  return db.changeVote(
    ports.db,
    { post: target.post, id: target.id, voterId: actor.userId },
    {
      decide: (seen) => decideVote(seen, vote),
      reputation: reputationOf,
    },
  );
}

/** A vote on a question; `username`, when the payload names one, must be the caller's. */
export async function voteQuestion(
  ports: Ports,
  caller: Caller,
  input: { questionId: number; value: 1 | -1; username?: string },
): Promise<Result<{ upVotes: string[]; downVotes: string[] }>> {
  const cast = await castVote(ports, caller, {
    post: 'question',
    id: input.questionId,
    value: input.value,
    username: input.username,
  });
  if (!cast.ok) return cast;
  const outcome = await loadQuestion(ports, input.questionId);
  if (!outcome.ok) return outcome;
  const { upVotes, downVotes } = outcome.value;
  // A hidden question's votes reach no live page (issue 41).
  if (!outcome.value.hidden) ports.events.toQa('voteUpdate', { qid: String(input.questionId), upVotes, downVotes });
  return succeed({ upVotes, downVotes });
}

export async function voteAnswer(
  ports: Ports,
  caller: Caller,
  input: { answerId: number; value: 1 | -1 },
): Promise<Result<{ aid: string; upVotes: string[]; downVotes: string[] }>> {
  const cast = await castVote(ports, caller, { post: 'answer', id: input.answerId, value: input.value });
  if (!cast.ok) return cast;
  const votes = await db.answerVotes(ports.db, input.answerId);
  if (!votes) return fail('notFound', MSG.answerNotFound);
  const aid = String(input.answerId);
  if (await db.questionShown(ports.db, { answerId: input.answerId }))
    ports.events.toQa('answerVoteUpdate', { aid, ...votes });
  return succeed({ aid, upVotes: votes.upVotes, downVotes: votes.downVotes });
}
