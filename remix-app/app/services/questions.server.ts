/**
 * Q&A use cases shared by the REST routes and the screens' form actions: ask, answer,
 * comment, view (votes, accepts, edits and deletions have their own modules beside this one).
 * The actor comes from the session; a name in a payload that is not the actor's is refused (403). Each write stores the body's rendered HTML with its Markdown,
 * commits first and then publishes its SPEC §4 event and the recipients' unread counts.
 */
import type { AppLoadContext } from '@remix-run/node';
import * as db from '@fso/db';
import { MSG, type Answer, type Question } from '@fso/shared';
import { renderMarkdown } from './markdown.server.ts';
import { overLimit } from './rate-limit.server.ts';
import { announceUnread } from './notifications.server.ts';
import { fail, type Outcome } from './respond.server.ts';
import type { SessionUser } from './session.server.ts';

/** The whole question, or a 404 outcome. */
export async function loadQuestion(context: AppLoadContext, id: number): Promise<Outcome<Question>> {
  const question = await db.getQuestion(context.database.db, id);
  return question ? { ok: true, value: question } : fail(404, MSG.questionNotFound);
}

export async function askQuestion(context: AppLoadContext, actor: SessionUser, input: { title: string; text: string; tags: string[] }): Promise<Outcome<Question>> {
  const limited = await overLimit(context, 'question', { userId: actor.userId });
  if (limited) return limited;
  const id = await db.insertQuestion(context.database.db, { ...input, html: renderMarkdown(input.text), askedBy: actor.userId });
  context.semantic.worker.poke();
  const outcome = await loadQuestion(context, id);
  if (outcome.ok) context.events.toQa('questionUpdate', outcome.value);
  return outcome;
}

export async function answerQuestion(context: AppLoadContext, actor: SessionUser, questionId: number, text: string): Promise<Outcome<Answer>> {
  const limited = await overLimit(context, 'answer', { userId: actor.userId });
  if (limited) return limited;
  const html = renderMarkdown(text);
  const added = await db.insertAnswer(context.database.db, { questionId, text, html, ansBy: actor.userId });
  if (added === null) return fail(404, MSG.questionNotFound);
  await announceUnread(context, added.notified);
  const outcome = await loadQuestion(context, questionId);
  if (!outcome.ok) return outcome;
  const answer = outcome.value.answers.find((a) => a._id === String(added.answerId));
  if (!answer) return fail(404, MSG.answerNotFound);
  context.events.toQa('bodiesUpdate', { qid: String(questionId), html: { [`a${answer._id}`]: html } });
  context.events.toQa('answerUpdate', { qid: String(questionId), answer });
  context.events.toQa('questionUpdate', outcome.value);
  return { ok: true, value: answer };
}

export async function addComment(
  context: AppLoadContext,
  actor: SessionUser,
  input: { type: 'question' | 'answer'; id: number; text: string },
): Promise<Outcome<Question | Answer>> {
  const limited = await overLimit(context, 'comment', { userId: actor.userId });
  if (limited) return limited;
  const html = renderMarkdown(input.text);
  const added = await db.insertComment(context.database.db, {
    parent: input.type,
    parentId: input.id,
    text: input.text,
    html,
    commentBy: actor.userId,
  });
  if (!added) return fail(404, input.type === 'question' ? MSG.questionNotFound : MSG.answerNotFound);
  await announceUnread(context, added.notified);
  const outcome = await loadQuestion(context, added.questionId);
  if (!outcome.ok) return outcome;
  const question = outcome.value;
  context.events.toQa('bodiesUpdate', { qid: question._id, html: { [`c${added.commentId}`]: html } });
  if (input.type === 'question') {
    context.events.toQa('commentUpdate', { type: 'question', result: question });
    return { ok: true, value: question };
  }
  const answer = question.answers.find((a) => a._id === String(input.id));
  if (!answer) return fail(404, MSG.answerNotFound);
  context.events.toQa('commentUpdate', { type: 'answer', result: { ...answer, qid: question._id } });
  return { ok: true, value: answer };
}

/** Every body of the question as sanitised HTML, keyed `q`, `a<id>` and `c<id>`: stored, or rendered now. */
export function bodiesHtml(q: Question, stored: db.BodiesHtml): Record<string, string> {
  const html: Record<string, string> = {};
  const put = (key: string, text: string) => (html[key] = stored[key] ?? renderMarkdown(text));
  put('q', q.text);
  for (const c of q.comments) put(`c${c._id}`, c.text);
  for (const a of q.answers) {
    put(`a${a._id}`, a.text);
    for (const c of a.comments) put(`c${c._id}`, c.text);
  }
  return html;
}

/**
 * The question as a viewer opens it, with its bodies' stored HTML (see `bodiesHtml`) and its
 * authors' reputations; a signed-in viewer's first visit counts a view.
 */
export async function viewQuestion(
  context: AppLoadContext,
  viewer: SessionUser | null,
  questionId: number,
): Promise<Outcome<{ question: Question; html: db.BodiesHtml; reputations: db.Reputations }>> {
  const found = await db.getQuestionWithHtml(context.database.db, questionId);
  if (!found) return fail(404, MSG.questionNotFound);
  const { html, reputations } = found;
  if (!viewer || !(await db.recordView(context.database.db, questionId, viewer.userId))) return { ok: true, value: { question: found.question, html, reputations } };
  const question = { ...found.question, viewCount: found.question.viewCount + 1, views: [...found.question.views, viewer.username] };
  context.events.toQa('viewsUpdate', question);
  return { ok: true, value: { question, html, reputations } };
}
