/**
 * Voting on questions and answers (DESIGN "Votes"), one use case for both: toggle, switch,
 * nobody on their own post (forbidden). Commits, then publishes voteUpdate (questions, SPEC §4) or
 * answerVoteUpdate (answers).
 */
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { NOT_SIGNED_IN } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { loadQuestion } from './questions.ts';

function refused(outcome: db.VoteOutcome, missing: string) {
  return outcome === 'missing' ? fail('notFound', missing) : fail('forbidden', MSG.ownVote);
}

export async function voteQuestion(
  ports: Ports,
  caller: Caller,
  questionId: number,
  value: 1 | -1,
): Promise<Result<{ upVotes: string[]; downVotes: string[] }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('vote', caller);
  if (limited) return limited;
  const cast = await db.castVote(ports.db, { post: 'question', id: questionId, userId: actor.userId, value });
  if (cast !== 'done') return refused(cast, MSG.questionNotFound);
  const outcome = await loadQuestion(ports, questionId);
  if (!outcome.ok) return outcome;
  const { upVotes, downVotes } = outcome.value;
  ports.events.toQa('voteUpdate', { qid: String(questionId), upVotes, downVotes });
  return succeed({ upVotes, downVotes });
}

export async function voteAnswer(
  ports: Ports,
  caller: Caller,
  answerId: number,
  value: 1 | -1,
): Promise<Result<{ aid: string; upVotes: string[]; downVotes: string[] }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('vote', caller);
  if (limited) return limited;
  const cast = await db.castVote(ports.db, { post: 'answer', id: answerId, userId: actor.userId, value });
  if (cast !== 'done') return refused(cast, MSG.answerNotFound);
  const votes = await db.answerVotes(ports.db, answerId);
  if (!votes) return fail('notFound', MSG.answerNotFound);
  const aid = String(answerId);
  ports.events.toQa('answerVoteUpdate', { aid, ...votes });
  return succeed({ aid, upVotes: votes.upVotes, downVotes: votes.downVotes });
}
