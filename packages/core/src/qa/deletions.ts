/**
 * Deleting questions, answers and comments: author only (forbidden), a question with others'
 * answers refused (conflict). Commits, then publishes: questionDelete for a question, questionUpdate
 * for the question that lost an answer, commentUpdate for the post that lost a comment.
 */
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { NOT_SIGNED_IN } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { loadQuestion } from './questions.ts';
import { reputationOf } from './reputation.ts';

export async function deleteQuestion(
  ports: Ports,
  caller: Caller,
  questionId: number,
): Promise<Result<{ qid: string }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('delete', caller);
  if (limited) return limited;
  const result = await db.deleteQuestion(ports.db, { questionId, userId: actor.userId }, reputationOf);
  if (result.status === 'missing') return fail('notFound', MSG.questionNotFound);
  if (result.status === 'forbidden') return fail('forbidden', MSG.notYourPost);
  if (result.status === 'conflict') return fail('conflict', MSG.questionHasAnswers);
  const qid = String(questionId);
  ports.events.toQa('questionDelete', { qid });
  return succeed({ qid });
}

export async function deleteAnswer(
  ports: Ports,
  caller: Caller,
  answerId: number,
): Promise<Result<{ aid: string; qid: string }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('delete', caller);
  if (limited) return limited;
  const result = await db.deleteAnswer(ports.db, { answerId, userId: actor.userId }, reputationOf);
  if (result.status === 'missing') return fail('notFound', MSG.answerNotFound);
  if (result.status !== 'done') return fail('forbidden', MSG.notYourPost);
  const question = await loadQuestion(ports, result.questionId);
  if (question.ok) ports.events.toQa('questionUpdate', question.value);
  return succeed({ aid: String(answerId), qid: String(result.questionId) });
}

export async function deleteComment(ports: Ports, caller: Caller, commentId: number): Promise<Result<{ cid: string }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('delete', caller);
  if (limited) return limited;
  const result = await db.deleteComment(ports.db, { commentId, userId: actor.userId });
  if (result.status === 'missing') return fail('notFound', MSG.commentNotFound);
  if (result.status === 'forbidden') return fail('forbidden', MSG.notYourPost);
  if (result.parent === 'question') {
    const question = await loadQuestion(ports, result.questionId);
    if (question.ok) ports.events.toQa('commentUpdate', { type: 'question', result: question.value });
  } else {
    const written = await db.getAnswer(ports.db, result.parentId);
    if (written)
      ports.events.toQa('commentUpdate', {
        type: 'answer',
        result: { ...written.answer, qid: String(result.questionId) },
      });
  }
  return succeed({ cid: String(commentId) });
}
