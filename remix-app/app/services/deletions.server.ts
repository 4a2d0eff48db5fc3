/**
 * Deleting questions, answers and comments: author only (403), a question with others'
 * answers refused (409). Commits, then publishes: questionDelete for a question, questionUpdate
 * for the question that lost an answer, commentUpdate for the post that lost a comment.
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { MSG } from '@fso/shared';
import { loadQuestion } from './questions.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import type { SessionUser } from './session.server.ts';

export async function deleteQuestion(context: AppLoadContext, actor: SessionUser, questionId: number): Promise<Outcome<{ qid: string }>> {
  const result = await db.deleteQuestion(context.database.db, { questionId, userId: actor.userId });
  if (result.status === 'missing') return fail(404, MSG.questionNotFound);
  if (result.status === 'forbidden') return fail(403, MSG.notYourPost);
  if (result.status === 'conflict') return fail(409, MSG.questionHasAnswers);
  const qid = String(questionId);
  context.events.toQa('questionDelete', { qid });
  return { ok: true, value: { qid } };
}

export async function deleteAnswer(context: AppLoadContext, actor: SessionUser, answerId: number): Promise<Outcome<{ aid: string; qid: string }>> {
  const result = await db.deleteAnswer(context.database.db, { answerId, userId: actor.userId });
  if (result.status === 'missing') return fail(404, MSG.answerNotFound);
  if (result.status !== 'done') return fail(403, MSG.notYourPost);
  const question = await loadQuestion(context, result.questionId);
  if (question.ok) context.events.toQa('questionUpdate', question.value);
  return { ok: true, value: { aid: String(answerId), qid: String(result.questionId) } };
}

export async function deleteComment(context: AppLoadContext, actor: SessionUser, commentId: number): Promise<Outcome<{ cid: string }>> {
  const result = await db.deleteComment(context.database.db, { commentId, userId: actor.userId });
  if (result.status === 'missing') return fail(404, MSG.commentNotFound);
  if (result.status === 'forbidden') return fail(403, MSG.notYourPost);
  const question = await loadQuestion(context, result.questionId);
  if (question.ok) {
    const answer = question.value.answers.find((a) => a._id === String(result.parentId));
    if (result.parent === 'question') context.events.toQa('commentUpdate', { type: 'question', result: question.value });
    else if (answer) context.events.toQa('commentUpdate', { type: 'answer', result: { ...answer, qid: question.value._id } });
  }
  return { ok: true, value: { cid: String(commentId) } };
}
