/**
 * Voting on questions and answers (DESIGN "Votes"), one use case for both: toggle, switch,
 * nobody on their own post (403). Commits, then publishes voteUpdate (questions, SPEC §4) or
 * answerVoteUpdate (answers).
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { loadQuestion } from './questions.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import type { SessionUser } from './session.server.ts';

function refused(outcome: db.VoteOutcome, missing: string) {
  return outcome === 'missing' ? fail(404, missing) : fail(403, MSG.ownVote);
}

export async function voteQuestion(context: AppLoadContext, actor: SessionUser, questionId: number, value: 1 | -1): Promise<Outcome<{ upVotes: string[]; downVotes: string[] }>> {
  const cast = await db.castVote(context.database.db, { post: 'question', id: questionId, userId: actor.userId, value });
  if (cast !== 'done') return refused(cast, MSG.questionNotFound);
  const outcome = await loadQuestion(context, questionId);
  if (!outcome.ok) return outcome;
  const { upVotes, downVotes } = outcome.value;
  context.events.toQa('voteUpdate', { qid: String(questionId), upVotes, downVotes });
  return { ok: true, value: { upVotes, downVotes } };
}

export async function voteAnswer(context: AppLoadContext, actor: SessionUser, answerId: number, value: 1 | -1): Promise<Outcome<{ aid: string; upVotes: string[]; downVotes: string[] }>> {
  const cast = await db.castVote(context.database.db, { post: 'answer', id: answerId, userId: actor.userId, value });
  if (cast !== 'done') return refused(cast, MSG.answerNotFound);
  const votes = await db.answerVotes(context.database.db, answerId);
  if (!votes) return fail(404, MSG.answerNotFound);
  const aid = String(answerId);
  context.events.toQa('answerVoteUpdate', { aid, ...votes });
  return { ok: true, value: { aid, upVotes: votes.upVotes, downVotes: votes.downVotes } };
}
