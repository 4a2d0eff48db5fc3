/**
 * Q&A use cases shared by the REST routes and the screens' form actions: ask, answer,
 * comment, vote, view. The actor comes from the session; a name in a payload that is not the
 * actor's is refused (403). Each write commits first and then publishes its SPEC §4 event.
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { MSG, type Answer, type Question } from '@fso/shared';
import { fail, type Outcome } from './respond.server.ts';
import type { SessionUser } from './session.server.ts';

async function loadQuestion(context: AppLoadContext, id: number): Promise<Outcome<Question>> {
  const question = await db.getQuestion(context.database.db, id);
  return question ? { ok: true, value: question } : fail(404, MSG.questionNotFound);
}

export async function askQuestion(context: AppLoadContext, actor: SessionUser, input: { title: string; text: string; tags: string[] }): Promise<Outcome<Question>> {
  const id = await db.insertQuestion(context.database.db, { ...input, askedBy: actor.userId });
  context.semantic.worker.poke();
  const outcome = await loadQuestion(context, id);
  if (outcome.ok) context.events.toAll('questionUpdate', outcome.value);
  return outcome;
}

export async function answerQuestion(context: AppLoadContext, actor: SessionUser, questionId: number, text: string): Promise<Outcome<Answer>> {
  const answerId = await db.insertAnswer(context.database.db, { questionId, text, ansBy: actor.userId });
  if (answerId === null) return fail(404, MSG.questionNotFound);
  const outcome = await loadQuestion(context, questionId);
  if (!outcome.ok) return outcome;
  const answer = outcome.value.answers.find((a) => a._id === String(answerId));
  if (!answer) return fail(404, MSG.answerNotFound);
  context.events.toAll('answerUpdate', { qid: String(questionId), answer });
  context.events.toAll('questionUpdate', outcome.value);
  return { ok: true, value: answer };
}

export async function addComment(
  context: AppLoadContext,
  actor: SessionUser,
  input: { type: 'question' | 'answer'; id: number; text: string },
): Promise<Outcome<Question | Answer>> {
  const added = await db.insertComment(context.database.db, { parent: input.type, parentId: input.id, text: input.text, commentBy: actor.userId });
  if (!added) return fail(404, input.type === 'question' ? MSG.questionNotFound : MSG.answerNotFound);
  const outcome = await loadQuestion(context, added.questionId);
  if (!outcome.ok) return outcome;
  const question = outcome.value;
  if (input.type === 'question') {
    context.events.toAll('commentUpdate', { type: 'question', result: question });
    return { ok: true, value: question };
  }
  const answer = question.answers.find((a) => a._id === String(input.id));
  if (!answer) return fail(404, MSG.answerNotFound);
  context.events.toAll('commentUpdate', { type: 'answer', result: { ...answer, qid: question._id } });
  return { ok: true, value: answer };
}

export async function vote(context: AppLoadContext, actor: SessionUser, questionId: number, value: 1 | -1): Promise<Outcome<{ upVotes: string[]; downVotes: string[] }>> {
  if (!(await db.castVote(context.database.db, { questionId, userId: actor.userId, value }))) return fail(404, MSG.questionNotFound);
  const outcome = await loadQuestion(context, questionId);
  if (!outcome.ok) return outcome;
  const { upVotes, downVotes } = outcome.value;
  context.events.toAll('voteUpdate', { qid: String(questionId), upVotes, downVotes });
  return { ok: true, value: { upVotes, downVotes } };
}

/** The question as a viewer opens it; a signed-in viewer's first visit counts a view. */
export async function viewQuestion(context: AppLoadContext, viewer: SessionUser | null, questionId: number): Promise<Outcome<Question>> {
  const outcome = await loadQuestion(context, questionId);
  if (!outcome.ok || !viewer) return outcome;
  if (!(await db.recordView(context.database.db, questionId, viewer.userId))) return outcome;
  const question = { ...outcome.value, viewCount: outcome.value.viewCount + 1, views: [...outcome.value.views, viewer.username] };
  context.events.toAll('viewsUpdate', question);
  return { ok: true, value: question };
}
