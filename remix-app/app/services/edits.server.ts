/**
 * Editing questions and answers (author only, the same rules as writing them) and reading
 * their revisions. The new text's HTML is stored with it; a question's changed title or text
 * re-queues its embedding (a database trigger), so the worker is poked. Commits, then publishes
 * questionUpdate (and commentUpdate for an answer, which replaces it on open pages).
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { MSG, type Answer, type Question, type Revision } from '@fso/shared';
import { renderMarkdown } from './markdown.server.ts';
import { loadQuestion } from './questions.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import type { SessionUser } from './session.server.ts';

export async function editQuestion(
  context: AppLoadContext,
  actor: SessionUser,
  questionId: number,
  input: { title: string; text: string; tags: string[] },
): Promise<Outcome<Question>> {
  const html = renderMarkdown(input.text);
  const status = await db.editQuestion(context.database.db, { ...input, questionId, userId: actor.userId, html });
  if (status === 'missing') return fail(404, MSG.questionNotFound);
  if (status === 'forbidden') return fail(403, MSG.notYourPost);
  context.semantic.worker.poke();
  const outcome = await loadQuestion(context, questionId);
  if (outcome.ok) context.events.toQa('bodiesUpdate', { qid: outcome.value._id, html: { q: html } });
  if (outcome.ok) context.events.toQa('questionUpdate', outcome.value);
  return outcome;
}

export async function editAnswer(context: AppLoadContext, actor: SessionUser, answerId: number, text: string): Promise<Outcome<Answer>> {
  const html = renderMarkdown(text);
  const edited = await db.editAnswer(context.database.db, { answerId, userId: actor.userId, text, html });
  if (edited.status === 'missing' || edited.questionId === null) return fail(404, MSG.answerNotFound);
  if (edited.status === 'forbidden') return fail(403, MSG.notYourPost);
  const outcome = await loadQuestion(context, edited.questionId);
  if (!outcome.ok) return outcome;
  const answer = outcome.value.answers.find((a) => a._id === String(answerId));
  if (!answer) return fail(404, MSG.answerNotFound);
  context.events.toQa('bodiesUpdate', { qid: outcome.value._id, html: { [`a${answer._id}`]: html } });
  context.events.toQa('commentUpdate', { type: 'answer', result: { ...answer, qid: outcome.value._id } });
  return { ok: true, value: answer };
}

export async function revisions(context: AppLoadContext, post: 'question' | 'answer', id: number): Promise<Outcome<Revision[]>> {
  const list = await db.listRevisions(context.database.db, post, id);
  return list ? { ok: true, value: list } : fail(404, post === 'question' ? MSG.questionNotFound : MSG.answerNotFound);
}
